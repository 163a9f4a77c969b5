/// MP3: an ID3v2.4 tag (a `TSSE` frame naming nse-bench, then zero padding sized to the remainder)
/// followed by whole MPEG-1 Layer III frames of 576 bytes from the shared block (see
/// ``FillerPattern/mp3Frames``): the first frame sync `FF FB` sits right after the tag.
enum MP3Layout {
    static let tagHeaderSize = 10
    static let encoderFrame: [UInt8] = {
        var bytes: [UInt8] = []
        bytes.appendASCII("TSSE")
        bytes += syncSafe(10)
        bytes += [0x00, 0x00, 0x03]  // no flags, UTF-8
        bytes.appendASCII("nse-bench")
        return bytes
    }()

    /// The tag without padding and two frames: ffprobe rejects a file of one ("Invalid frame size
    /// (576): Could not seek"), as it checks the next frame's sync.
    static var minimumSize: Int { tagHeaderSize + encoderFrame.count + 2 * FillerPattern.mp3FrameSize }

    static func make(size: Int) -> MediaLayout {
        let frameSize = FillerPattern.mp3FrameSize
        let audio = size - tagHeaderSize - encoderFrame.count
        let padding = audio % frameSize
        var bytes: [UInt8] = [0x49, 0x44, 0x33, 0x04, 0x00, 0x00]  // "ID3", version 2.4.0, no flags
        bytes += syncSafe(encoderFrame.count + padding)
        bytes += encoderFrame
        bytes += repeatElement(0x00, count: padding)
        return MediaLayout(header: bytes, pattern: .mp3Frames, phase: 0, middleCount: audio - padding, trailer: [])
    }

    /// A 28-bit ID3v2 "synchsafe" integer: 7 bits per byte, big-endian.
    static func syncSafe(_ value: Int) -> [UInt8] {
        [UInt8(value >> 21 & 0x7F), UInt8(value >> 14 & 0x7F), UInt8(value >> 7 & 0x7F), UInt8(value & 0x7F)]
    }
}
