/// PNG: the signature, `IHDR` (1×1, 8-bit greyscale), an `IDAT` holding that pixel (zlib, one
/// stored block), a private ancillary padding chunk `fiLl` (ancillary, private, safe to copy:
/// decoders skip it) whose data is the shared block, and `IEND`. Every chunk's CRC is correct; the
/// padding chunk's is computed with ``CRC32/update(_:repeating:count:)``, without reading its data.
enum PNGLayout {
    static let paddingChunkType: [UInt8] = Array("fiLl".utf8)

    static let header: [UInt8] = {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(1)  // width
        ihdr.appendBigEndian(1)  // height
        ihdr += [8, 0, 0, 0, 0]  // bit depth 8, greyscale, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", ihdr, to: &bytes)
        let scanline: [UInt8] = [0x00, 0x80]  // filter type None, one grey pixel
        var zlib: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF]  // zlib header, final stored block of 2
        zlib += scanline
        zlib.appendBigEndian(adler32(scanline))
        appendChunk("IDAT", zlib, to: &bytes)
        return bytes
    }()

    static let iend: [UInt8] = {
        var bytes: [UInt8] = []
        appendChunk("IEND", [], to: &bytes)
        return bytes
    }()

    /// Header, padding chunk length and type, padding CRC, IEND.
    static var minimumSize: Int { header.count + 8 + 4 + iend.count }

    static func make(size: Int) -> MediaLayout {
        let dataCount = size - minimumSize
        var bytes = header
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

    private static func appendChunk(_ type: StaticString, _ data: [UInt8], to bytes: inout [UInt8]) {
        var typeBytes: [UInt8] = []
        typeBytes.appendASCII(type)
        bytes.appendBigEndian(UInt32(data.count))
        bytes += typeBytes
        bytes += data
        bytes.appendBigEndian(CRC32.checksum(typeBytes + data))
    }

    private static func adler32(_ data: [UInt8]) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        for byte in data {
            low = (low + UInt32(byte)) % 65_521
            high = (high + low) % 65_521
        }
        return high << 16 | low
    }
}
