import NSEBenchCore

/// PNG: the signature, `IHDR` (the shape's size, 8-bit greyscale), one `IDAT` holding the black
/// image (zlib, one fixed-Huffman deflate block of a literal and 258-byte matches: about 6 KB for
/// 1200×800), a private ancillary padding chunk `fiLl` (ancillary, private, safe to copy: decoders
/// skip it) whose data is the shared block, and `IEND`. Every chunk's CRC is correct; the padding
/// chunk's is computed with ``CRC32/update(_:repeating:count:)``, without reading its data.
enum PNGLayout {
    static let paddingChunkType: [UInt8] = Array("fiLl".utf8)

    /// Signature, IHDR and IDAT.
    static func header(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32(width))
        ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, 0, 0, 0, 0]  // bit depth 8, greyscale, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", ihdr, to: &bytes)
        appendChunk("IDAT", zlibOfZeros(count: height * (width + 1)), to: &bytes)
        return bytes
    }

    static let iend: [UInt8] = {
        var bytes: [UInt8] = []
        appendChunk("IEND", [], to: &bytes)
        return bytes
    }()

    /// Header, padding chunk length and type, padding CRC, IEND.
    static func minimumSize(shape: MediaShape) -> Int {
        header(width: shape.width, height: shape.height).count + 8 + 4 + iend.count
    }

    static func make(size: Int, shape: MediaShape) -> MediaLayout {
        var bytes = header(width: shape.width, height: shape.height)
        let dataCount = size - bytes.count - 8 - 4 - iend.count
        bytes.appendBigEndian(UInt32(dataCount))
        bytes += paddingChunkType
        let block = FillerPattern.plain.bytes
        var register = CRC32.update(0xFFFF_FFFF, paddingChunkType)
        register = CRC32.update(register, repeating: block, count: dataCount / block.count)
        register = CRC32.update(register, block[0..<(dataCount % block.count)])
        var trailer: [UInt8] = []
        trailer.appendBigEndian(~register)
        trailer += iend
        return MediaLayout(header: bytes, pattern: .plain, phase: 0, middleCount: dataCount, trailer: trailer)
    }

    /// A zlib stream of `count` zero bytes (every scanline: filter None, black pixels): a final
    /// fixed-Huffman block of one literal 0, then matches of 258 at distance 1, then literals.
    static func zlibOfZeros(count: Int) -> [UInt8] {
        var writer = LSBFirstBitWriter()
        writer.write(1, bits: 1)  // BFINAL
        writer.write(1, bits: 2)  // BTYPE 01: fixed Huffman codes
        var left = count
        if left > 0 {
            writer.writeHuffman(0b0011_0000, bits: 8)  // literal 0
            left -= 1
        }
        while left >= 258 {
            writer.writeHuffman(0b1100_0101, bits: 8)  // length code 285: 258, no extra bits
            writer.writeHuffman(0, bits: 5)  // distance code 0: 1
            left -= 258
        }
        for _ in 0..<left {
            writer.writeHuffman(0b0011_0000, bits: 8)
        }
        writer.writeHuffman(0, bits: 7)  // end of block (256)
        var bytes: [UInt8] = [0x78, 0x01]
        bytes += writer.bytes()
        // Adler-32 of zeros: the low sum stays 1, the high sum adds 1 per byte.
        bytes.appendBigEndian(UInt32(count % 65_521) << 16 | 1)
        return bytes
    }

    private static func appendChunk(_ type: StaticString, _ data: [UInt8], to bytes: inout [UInt8]) {
        var typeBytes: [UInt8] = []
        typeBytes.appendASCII(type)
        bytes.appendBigEndian(UInt32(data.count))
        bytes += typeBytes
        bytes += data
        bytes.appendBigEndian(CRC32.checksum(typeBytes + data))
    }
}

/// Packs bit fields least significant bit first, as deflate and GIF's LZW do.
struct LSBFirstBitWriter {
    private var output: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var count = 0

    /// Appends the low `bits` bits of `value`, least significant first.
    mutating func write(_ value: Int, bits: Int) {
        accumulator |= UInt64(value & ((1 << bits) - 1)) << UInt64(count)
        count += bits
        while count >= 8 {
            output.append(UInt8(accumulator & 0xFF))
            accumulator >>= 8
            count -= 8
        }
    }

    /// Appends a Huffman code, which deflate stores most significant bit first.
    mutating func writeHuffman(_ code: Int, bits: Int) {
        var reversed = 0
        for bit in 0..<bits where code & (1 << bit) != 0 {
            reversed |= 1 << (bits - 1 - bit)
        }
        write(reversed, bits: bits)
    }

    /// The bytes written, the last one padded with zero bits.
    func bytes() -> [UInt8] {
        count > 0 ? output + [UInt8(accumulator & 0xFF)] : output
    }
}
