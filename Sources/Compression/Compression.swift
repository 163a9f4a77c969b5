// Apple's Compression framework on Linux, for extensions that inflate a compressed payload after
// decrypting it: the buffer functions with `COMPRESSION_ZLIB`, raw DEFLATE (RFC 1951, no zlib header), as
// Apple's is, over zlib. The other algorithms (LZFSE, LZ4, LZMA, Brotli, LZBITMAP) are named so that code
// naming them compiles, but nothing here encodes or decodes them: each call returns 0, Apple's answer for
// a failure, and the run names such code `not faithful:`.
@_implementationOnly import NSEBenchSystem

// Apple's C name, as Swift imports it.
// swift-format-ignore: TypeNamesShouldBeCapitalized
/// A compression algorithm, as the framework's C enum is imported into Swift.
public struct compression_algorithm: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
}

/// LZ4 with Apple's framing: not simulated (calls return 0).
public let COMPRESSION_LZ4 = compression_algorithm(rawValue: 0x100)
/// Raw LZ4: not simulated (calls return 0).
public let COMPRESSION_LZ4_RAW = compression_algorithm(rawValue: 0x101)
/// Raw DEFLATE (RFC 1951), as `zlib`'s `deflate` with no header writes it.
public let COMPRESSION_ZLIB = compression_algorithm(rawValue: 0x205)
/// LZMA (xz): not simulated (calls return 0).
public let COMPRESSION_LZMA = compression_algorithm(rawValue: 0x306)
/// LZBITMAP: not simulated (calls return 0).
public let COMPRESSION_LZBITMAP = compression_algorithm(rawValue: 0x702)
/// LZFSE: not simulated (calls return 0).
public let COMPRESSION_LZFSE = compression_algorithm(rawValue: 0x801)
/// Brotli: not simulated (calls return 0).
public let COMPRESSION_BROTLI = compression_algorithm(rawValue: 0xB02)

/// The scratch buffer `compression_encode_buffer` may use: none is needed here (0), so passing nil or any
/// buffer works.
public func compression_encode_scratch_buffer_size(_ algorithm: compression_algorithm) -> Int { 0 }

/// The scratch buffer `compression_decode_buffer` may use: none is needed here (0).
public func compression_decode_scratch_buffer_size(_ algorithm: compression_algorithm) -> Int { 0 }

/// Compresses `src_size` bytes at `src_buffer` into `dst_buffer` with `algorithm`: the bytes written, or 0
/// when they do not fit, the input is empty, or the algorithm is not `COMPRESSION_ZLIB`.
public func compression_encode_buffer(
    _ dst_buffer: UnsafeMutablePointer<UInt8>, _ dst_size: Int, _ src_buffer: UnsafePointer<UInt8>, _ src_size: Int,
    _ scratch_buffer: UnsafeMutableRawPointer?, _ algorithm: compression_algorithm
) -> Int {
    guard algorithm == COMPRESSION_ZLIB, src_size > 0, dst_size > 0 else { return 0 }
    return RawDeflate.encode(
        UnsafeRawBufferPointer(start: src_buffer, count: src_size),
        into: UnsafeMutableRawBufferPointer(start: dst_buffer, count: dst_size)) ?? 0
}

/// Decompresses `src_size` bytes at `src_buffer` into `dst_buffer` with `algorithm`: the bytes written (the
/// first `dst_size` when the output is longer, as Apple's truncates), or 0 when the input is not valid for
/// the algorithm, or the algorithm is not `COMPRESSION_ZLIB`.
public func compression_decode_buffer(
    _ dst_buffer: UnsafeMutablePointer<UInt8>, _ dst_size: Int, _ src_buffer: UnsafePointer<UInt8>, _ src_size: Int,
    _ scratch_buffer: UnsafeMutableRawPointer?, _ algorithm: compression_algorithm
) -> Int {
    guard algorithm == COMPRESSION_ZLIB, src_size > 0, dst_size > 0 else { return 0 }
    return RawDeflate.decode(
        UnsafeRawBufferPointer(start: src_buffer, count: src_size),
        into: UnsafeMutableRawBufferPointer(start: dst_buffer, count: dst_size)) ?? 0
}
