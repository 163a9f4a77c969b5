/// Why a synthetic file could not be made.
public enum SyntheticMediaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The size was negative or above ``SyntheticMediaFile/maximumSize``; carries it.
    case sizeOutOfRange(Int)

    /// What was wrong, with the size.
    public var description: String {
        switch self {
        case .sizeOutOfRange(let size):
            "synthetic media size \(size) is outside 0...\(SyntheticMediaFile.maximumSize) bytes"
        }
    }
}

/// A synthetic media file: a type, a shape and an exact size, served from memory without
/// materialising it.
///
/// The bytes are deterministic (the same type, shape and size always give the same bytes) and
/// decode in real decoders (ffprobe, Pillow): images of the shape's dimensions, MP4 video and M4A
/// sound of its duration (see the layouts: JPEG, PNG, GIF, MP4/M4A, MP3, WAV), padded to the size
/// in a way decoders skip (comment segments, ancillary chunks, unreferenced `mdat` bytes). Only a
/// header and a trailer of a few KB are stored per file (the image or one frame); the rest is read
/// from shared 64 KiB blocks, so a 50 MB file costs no 50 MB allocation and any byte range is
/// cheap to read.
///
/// Sizes below ``minimumSize(of:shape:)`` are served as the first `size` bytes of the minimum-size file:
/// a truncated, invalid file of exactly the requested length (``isTruncated``), useful to test how
/// an extension handles a corrupt attachment. Size 0 is an empty file.
public struct SyntheticMediaFile: Sendable, Hashable {
    /// The media type.
    public let type: MediaType
    /// The exact size in bytes.
    public let size: Int
    /// Dimensions and duration.
    public let shape: MediaShape
    private let layout: MediaLayout

    /// The largest size served: 2 GB (SI). Above it a PNG chunk or RIFF size would not fit its field.
    public static let maximumSize = 2_000_000_000

    /// The smallest size at which `type` is a complete, valid file of `shape`.
    public static func minimumSize(of type: MediaType, shape: MediaShape = .standard) -> Int {
        MediaLayout.minimumSize(of: type, shape: shape)
    }

    /// A `type` file of exactly `size` bytes and `shape`; without one, ``MediaShape/standard`` or
    /// the largest halving of it that fits in `size`.
    ///
    /// - Throws: ``SyntheticMediaError/sizeOutOfRange(_:)`` outside `0...maximumSize`.
    public init(type: MediaType, size: Int, shape: MediaShape? = nil) throws(SyntheticMediaError) {
        guard (0...Self.maximumSize).contains(size) else { throw .sizeOutOfRange(size) }
        self.type = type
        self.size = size
        let shape = shape ?? MediaShape.fitting(type: type, size: size)
        self.shape = shape
        self.layout = MediaLayout.make(type: type, size: size, shape: shape)
    }

    /// Whether the size is below the type's minimum for the shape, so that the bytes are a
    /// truncated file.
    public var isTruncated: Bool { size < Self.minimumSize(of: type, shape: shape) }

    /// Calls `body` with the longest run of the file's bytes that is contiguous in memory, starting
    /// at `offset` and at most `maxCount` long; for a non-blocking writer, which writes what the
    /// socket takes and comes back for the rest. The pointer is valid only inside `body`.
    /// An offset outside the file, or a `maxCount` of 0 or less, gives an empty buffer.
    public func withContiguousBytes<Result>(
        at offset: Int, maxCount: Int, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        let limit = Swift.min(maxCount, size - offset)
        guard offset >= 0, limit > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let headerEnd = layout.header.count
        let middleEnd = headerEnd + layout.middleCount
        if offset < headerEnd {
            return layout.header.withUnsafeBytes { bytes in
                body(UnsafeRawBufferPointer(rebasing: bytes[offset..<Swift.min(headerEnd, offset + limit)]))
            }
        }
        if offset < middleEnd {
            return layout.pattern.bytes.withUnsafeBytes { block in
                let start = (layout.phase + offset - headerEnd) % block.count
                let count = Swift.min(limit, middleEnd - offset, block.count - start)
                return body(UnsafeRawBufferPointer(rebasing: block[start..<(start + count)]))
            }
        }
        return layout.trailer.withUnsafeBytes { bytes in
            let start = offset - middleEnd
            return body(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + limit)]))
        }
    }

    /// Copies the bytes from `offset` on into `destination`, as many as fit and the file has.
    ///
    /// - Returns: the number of bytes copied: `destination.count`, fewer at the end of the file,
    ///   0 for an offset outside it.
    @discardableResult
    public func copyBytes(offset: Int, into destination: UnsafeMutableRawBufferPointer) -> Int {
        var copied = 0
        while copied < destination.count {
            let count = withContiguousBytes(at: offset + copied, maxCount: destination.count - copied) { source in
                if !source.isEmpty {
                    UnsafeMutableRawBufferPointer(rebasing: destination[copied...]).copyMemory(from: source)
                }
                return source.count
            }
            guard count > 0 else { break }
            copied += count
        }
        return copied
    }

    /// The bytes in `range`, clamped to the file, as a new array.
    public func bytes(in range: Range<Int>) -> [UInt8] {
        let lower = Swift.max(range.lowerBound, 0)
        let upper = Swift.min(range.upperBound, size)
        guard lower < upper else { return [] }
        return [UInt8](unsafeUninitializedCapacity: upper - lower) { buffer, initialised in
            initialised = copyBytes(offset: lower, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Two files are equal when type, size and shape are: the bytes follow from them.
    public static func == (lhs: SyntheticMediaFile, rhs: SyntheticMediaFile) -> Bool {
        lhs.type == rhs.type && lhs.size == rhs.size && lhs.shape == rhs.shape
    }

    /// Hashes type, size and shape.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(size)
        hasher.combine(shape)
    }
}
