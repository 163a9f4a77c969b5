/// The shared, immutable blocks that fill the middle of every synthetic file.
///
/// Each block is built once per process (about 64 KiB each) and repeats: byte `i` of a file's
/// middle is `block[(phase + i) % block.count]`. The bytes come from a fixed-seed SplitMix64 stream,
/// so identical requests get identical bytes, and never include 0xFF, so no filler byte can be
/// mistaken for a JPEG marker or an MPEG frame sync. Three formats need their middle to be a
/// sequence of length-prefixed units, and get a block that is exactly a whole number of them.
enum FillerPattern: Sendable, Hashable {
    /// Plain bytes: PNG chunk data, MP4/M4A `mdat` payload, WAV samples.
    case plain
    /// One 65 536-byte JPEG COM segment: `FF FE FF FE` and 65 532 comment bytes.
    case jpegComments
    /// 256 GIF data sub-blocks of 256 bytes: a length byte 0xFF and 255 data bytes.
    case gifSubBlocks
    /// 113 MP3 frames of 576 bytes (MPEG-1 Layer III, 128 kbit/s, 32 kHz, mono, no CRC): the frame
    /// header, 17 zero bytes of side information (every granule empty: the frame decodes as
    /// silence) and 555 bytes of ancillary data.
    case mp3Frames

    /// The block's bytes.
    var bytes: [UInt8] {
        switch self {
        case .plain: Self.plainBlock
        case .jpegComments: Self.jpegBlock
        case .gifSubBlocks: Self.gifBlock
        case .mp3Frames: Self.mp3Block
        }
    }

    static let plainBlockSize = 65_536
    static let mp3FrameSize = 576
    static let mp3FrameHeader: [UInt8] = [0xFF, 0xFB, 0x98, 0xC4]

    private static let plainBlock: [UInt8] = {
        var state: UInt64 = 0x6E73_652D_6265_6E63  // "nse-benc"
        var block = [UInt8](repeating: 0, count: plainBlockSize)
        var index = 0
        while index < plainBlockSize {
            // SplitMix64.
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            mixed ^= mixed >> 31
            for shift in stride(from: 0, to: 64, by: 8) where index < plainBlockSize {
                block[index] = Swift.min(UInt8(truncatingIfNeeded: mixed >> UInt64(shift)), 0xFE)
                index += 1
            }
        }
        return block
    }()

    private static let jpegBlock: [UInt8] = {
        var block = plainBlock
        block.replaceSubrange(0..<4, with: [0xFF, 0xFE, 0xFF, 0xFE])  // COM, length 65 534
        return block
    }()

    private static let gifBlock: [UInt8] = {
        var block = plainBlock
        for start in stride(from: 0, to: block.count, by: 256) {
            block[start] = 0xFF
        }
        return block
    }()

    private static let mp3Block: [UInt8] = {
        let frameCount = plainBlockSize / mp3FrameSize
        var block = Array(plainBlock[0..<(frameCount * mp3FrameSize)])
        for start in stride(from: 0, to: block.count, by: mp3FrameSize) {
            block.replaceSubrange(start..<(start + 4), with: mp3FrameHeader)
            block.replaceSubrange((start + 4)..<(start + 21), with: repeatElement(0, count: 17))
        }
        return block
    }()
}
