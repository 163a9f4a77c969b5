import Compression
import Foundation
import Testing

/// Apple's Compression buffers on Linux: `COMPRESSION_ZLIB` is raw DEFLATE (RFC 1951) as Apple's is, so a
/// zlib-framed stream (RFC 1950) fails as it does on iOS; the output is truncated to the buffer; the other
/// algorithms, not simulated, fail (0).
@Suite("Compression: COMPRESSION_ZLIB buffers")
struct CompressionTests {
    /// "hello" as raw DEFLATE (zlib's default level, no header or checksum).
    static let rawHello: [UInt8] = [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
    /// The same with zlib's framing: a header and an Adler-32.
    static let zlibHello: [UInt8] = [0x78, 0x9C] + rawHello + [0x06, 0x2C, 0x02, 0x15]

    func decode(_ source: [UInt8], capacity: Int, _ algorithm: compression_algorithm = COMPRESSION_ZLIB) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: capacity)
        let count = output.withUnsafeMutableBufferPointer { out in
            compression_decode_buffer(out.baseAddress!, capacity, source, source.count, nil, algorithm)
        }
        return Array(output.prefix(count))
    }

    func encode(_ source: [UInt8], capacity: Int, _ algorithm: compression_algorithm = COMPRESSION_ZLIB) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: capacity)
        let count = output.withUnsafeMutableBufferPointer { out in
            compression_encode_buffer(out.baseAddress!, capacity, source, source.count, nil, algorithm)
        }
        return Array(output.prefix(count))
    }

    @Test func rawDeflateDecodesAndZlibFramingDoesNot() {
        #expect(decode(Self.rawHello, capacity: 64) == Array("hello".utf8))
        #expect(decode(Self.zlibHello, capacity: 64) == [], "a zlib header is not raw DEFLATE: 0, as on iOS")
        #expect(decode(Array("not deflate at all".utf8), capacity: 64) == [])
        #expect(decode(Array(Self.rawHello.prefix(3)), capacity: 64) == [], "a stream cut short fails")
    }

    @Test func theOutputIsTruncatedToTheBuffer() {
        #expect(decode(Self.rawHello, capacity: 3) == Array("hel".utf8))
    }

    @Test func encodingRoundTripsAndFailsWhenItDoesNotFit() {
        let text = Array(String(repeating: "a notification body, ", count: 200).utf8)
        let encoded = encode(text, capacity: text.count)
        #expect(!encoded.isEmpty && encoded.count < text.count / 10)
        #expect(decode(encoded, capacity: text.count) == text)
        #expect(encode(text, capacity: 8) == [], "too small for the output: 0")
        #expect(encode([], capacity: 64) == [])
    }

    @Test func otherAlgorithmsAreNotSimulatedAndFail() {
        for algorithm in [
            COMPRESSION_LZFSE, COMPRESSION_LZ4, COMPRESSION_LZ4_RAW, COMPRESSION_LZMA, COMPRESSION_BROTLI,
        ] {
            #expect(decode(Self.rawHello, capacity: 64, algorithm) == [])
            #expect(encode(Array("hello".utf8), capacity: 64, algorithm) == [])
        }
        #expect(COMPRESSION_ZLIB.rawValue == 0x205 && COMPRESSION_LZFSE.rawValue == 0x801, "Apple's values")
        #expect(compression_decode_scratch_buffer_size(COMPRESSION_ZLIB) == 0)
        #expect(compression_encode_scratch_buffer_size(COMPRESSION_ZLIB) == 0)
    }
}
