/// A small cache of synthetic files by type, size and shape, so that repeated requests reuse the
/// computed header and trailer (the image, its deflate or LZW data, a PNG CRC, an MP4's tables)
/// instead of rebuilding them.
///
/// A value type with no locks: each event loop owns one. When full, the entry added longest ago
/// makes room (first in, first out); a benchmark asks for a handful of sizes, so this rarely happens.
public struct SyntheticMediaCache: Sendable {
    private struct Key: Hashable, Sendable {
        var type: MediaType
        var size: Int
        var shape: MediaShape?
    }

    /// The most files kept.
    public let capacity: Int
    private var files: [Key: SyntheticMediaFile] = [:]
    private var insertionOrder: [Key] = []
    private var oldest = 0

    /// A cache of at most `capacity` files (at least 1).
    public init(capacity: Int = 64) {
        self.capacity = Swift.max(capacity, 1)
    }

    /// The number of files cached.
    public var count: Int { files.count }

    /// The cached file of `type`, `size` and `shape` (nil: the default for the size), made and
    /// cached first if absent.
    public mutating func file(type: MediaType, size: Int, shape: MediaShape? = nil) throws(SyntheticMediaError)
        -> SyntheticMediaFile
    {
        let key = Key(type: type, size: size, shape: shape)
        if let file = files[key] { return file }
        let file = try SyntheticMediaFile(type: type, size: size, shape: shape)
        if insertionOrder.count < capacity {
            insertionOrder.append(key)
        } else {
            files[insertionOrder[oldest]] = nil
            insertionOrder[oldest] = key
            oldest = (oldest + 1) % capacity
        }
        files[key] = file
        return file
    }

    /// The cached file for a parsed request.
    public mutating func file(for request: MediaRequest) throws(SyntheticMediaError) -> SyntheticMediaFile {
        try file(type: request.type, size: request.size, shape: request.shape)
    }
}
