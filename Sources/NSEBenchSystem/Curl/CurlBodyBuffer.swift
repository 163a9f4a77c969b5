import CCurl

/// Collects a transfer's body in memory up to a fixed limit.
///
/// Reached from libcurl's write callback through an unretained pointer that its owning
/// ``CurlEasyHandle`` keeps valid. Above the limit the callback refuses the bytes, which aborts the
/// transfer: a body is never buffered without bound.
public final class CurlBodyBuffer {
    /// The most bytes kept.
    public let limit: Int
    /// The bytes received so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the transfer was aborted because the body grew past ``limit``.
    public private(set) var exceededLimit = false

    init(limit: Int) { self.limit = limit }

    /// Appends a chunk; returns false (abort) when it would pass the limit.
    func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count + chunk.count <= limit else {
            exceededLimit = true
            return false
        }
        bytes.append(contentsOf: chunk)
        return true
    }

    /// Empties the buffer so the handle can be reused.
    public func reset() {
        bytes.removeAll(keepingCapacity: true)
        exceededLimit = false
    }
}

/// CURLOPT_WRITEFUNCTION for ``CurlBodyBuffer``: returning anything but `size * count` aborts.
let curlBodyWriteCallback: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let buffer = Unmanaged<CurlBodyBuffer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard length > 0, let data else { return length }
    return buffer.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}
