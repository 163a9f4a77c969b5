import CZlib

/// zlib's DEFLATE (RFC 1950 framing), for HdrHistogram's compressed encoding.
public enum Deflate {
    /// `bytes` compressed at zlib's default level; throws with zlib's status when it fails.
    public static func compress(_ bytes: [UInt8]) throws(DeflateError) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), Z_DEFAULT_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw DeflateError(status: status) }
        return Array(output.prefix(Int(length)))
    }
}

/// A zlib call that failed, with its status (Z_MEM_ERROR, Z_BUF_ERROR).
public struct DeflateError: Error, Equatable, CustomStringConvertible {
    public let status: Int32
    public var description: String { "zlib compress2 failed with status \(status)" }
}
