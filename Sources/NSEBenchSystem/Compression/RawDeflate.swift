import CZlib

/// Raw DEFLATE (RFC 1951: no zlib or gzip framing) into a caller's buffer, as Apple's Compression
/// framework's `COMPRESSION_ZLIB` reads and writes it.
public enum RawDeflate {
    /// The bytes of `source` compressed into `destination` at zlib's default level (Apple's encoder's is
    /// level 5; the format is the same): the count written, or nil when they do not fit or zlib fails.
    public static func encode(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer)
        -> Int?
    {
        run(source, destination, encoding: true)
    }

    /// `source`, a raw DEFLATE stream, decompressed into `destination`: the count written (as much as fits,
    /// as Apple's decoder truncates), or nil when the stream is not valid DEFLATE.
    public static func decode(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer)
        -> Int?
    {
        run(source, destination, encoding: false)
    }

    private static func run(
        _ source: UnsafeRawBufferPointer, _ destination: UnsafeMutableRawBufferPointer, encoding: Bool
    ) -> Int? {
        guard source.count <= Int(UInt32.max), let output = destination.baseAddress, destination.count > 0 else {
            return destination.count == 0 ? 0 : nil
        }
        var stream = z_stream()
        let size = Int32(MemoryLayout<z_stream>.size)
        let opened =
            encoding
            ? deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, size)
            : inflateInit2_(&stream, -15, ZLIB_VERSION, size)
        guard opened == Z_OK else { return nil }
        defer { _ = encoding ? deflateEnd(&stream) : inflateEnd(&stream) }
        stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(source.count)
        stream.next_out = output.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(min(destination.count, Int(UInt32.max)))
        let status = encoding ? deflate(&stream, Z_FINISH) : inflate(&stream, Z_FINISH)
        let written = Int(stream.total_out)
        switch status {
        case Z_STREAM_END: return written
        // Out of room: the encoder's output is useless cut short; the decoder's is what fitted.
        case Z_OK, Z_BUF_ERROR: return encoding || stream.avail_out != 0 ? nil : written
        default: return nil
        }
    }
}
