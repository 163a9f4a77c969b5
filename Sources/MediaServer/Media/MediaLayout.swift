/// How a synthetic file of one type and size is laid out: a small computed header, a middle taken
/// from a shared ``FillerPattern`` block, and a small computed trailer.
///
/// Only the header and trailer are per-file memory (at most a few hundred bytes); the middle, which
/// is nearly all of a large file, is read from the pattern block on demand.
struct MediaLayout: Sendable, Hashable {
    var header: [UInt8]
    var pattern: FillerPattern
    /// The pattern index of the middle's first byte.
    var phase: Int
    var middleCount: Int
    var trailer: [UInt8]

    var size: Int { header.count + middleCount + trailer.count }

    /// The smallest size at which `type` has a complete, valid structure of `shape`.
    static func minimumSize(of type: MediaType, shape: MediaShape) -> Int {
        switch type {
        case .jpeg: JPEGLayout.minimumSize(shape: shape)
        case .png: PNGLayout.minimumSize(shape: shape)
        case .gif: GIFLayout.minimumSize(shape: shape)
        case .mp4, .m4a: ISOMediaLayout.minimumSize(of: type, shape: shape)
        case .mp3: MP3Layout.minimumSize
        case .wav: WAVLayout.minimumSize
        }
    }

    /// The layout of a `type` file of `shape` and exactly `size` bytes, `0...` any size. Below the
    /// minimum the file is the first `size` bytes of the minimum-size file: a truncated, invalid
    /// file of the requested length.
    static func make(type: MediaType, size: Int, shape: MediaShape) -> MediaLayout {
        let minimum = minimumSize(of: type, shape: shape)
        guard size >= minimum else {
            let whole = make(type: type, size: minimum, shape: shape).materialised()
            return MediaLayout(
                header: Array(whole.prefix(size)), pattern: .plain, phase: 0, middleCount: 0, trailer: [])
        }
        switch type {
        case .jpeg: return JPEGLayout.make(size: size, shape: shape)
        case .png: return PNGLayout.make(size: size, shape: shape)
        case .gif: return GIFLayout.make(size: size, shape: shape)
        case .mp4, .m4a: return ISOMediaLayout.make(type: type, size: size, shape: shape)
        case .mp3: return MP3Layout.make(size: size)
        case .wav: return WAVLayout.make(size: size)
        }
    }

    /// All the bytes; only for small layouts.
    func materialised() -> [UInt8] {
        let block = pattern.bytes
        var bytes = header
        bytes.reserveCapacity(size)
        for index in 0..<middleCount {
            bytes.append(block[(phase + index) % block.count])
        }
        bytes.append(contentsOf: trailer)
        return bytes
    }
}

/// Appending integers in the byte orders the container formats use.
extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ])
    }

    mutating func appendBigEndian16(_ value: Int) {
        append(contentsOf: [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func appendLittleEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24),
        ])
    }

    mutating func appendLittleEndian16(_ value: UInt16) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
    }

    mutating func appendASCII(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
