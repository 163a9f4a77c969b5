/// JPEG/JFIF: `SOI`, a JFIF `APP0`, padding comment segments, then a complete baseline greyscale
/// image of the shape's size (`DQT`, `SOF0`, two `DHT`, `SOS`, the entropy-coded blocks) and `EOI`.
///
/// Every 8×8 block is flat mid-grey: a DC difference of 0 and an end of block, two 1-bit codes of
/// the one-symbol Huffman tables, so the scan is `⌈blocks / 4⌉` bytes (3,750 for 1200×800), its
/// last byte padded with ones. The padding is COM segments: whole 65 536-byte ones from the shared
/// block, preceded by one segment sized to the remainder (its last bytes taken from the block's
/// end via the phase). A remainder of 1 to 3 bytes, too short for a segment, is written as 0xFF
/// fill bytes before the next marker, which ITU T.81 §B.1.1.2 allows.
enum JPEGLayout {
    static let header: [UInt8] = [
        0xFF, 0xD8,  // SOI
        0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00,  // APP0, length 16, "JFIF\0"
        0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,  // version 1.1, aspect 1:1, no thumbnail
    ]

    /// The image itself, from `DQT` to `EOI`.
    static func image(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00]  // DQT, table 0, all ones
        bytes += repeatElement(0x01, count: 64)
        bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08]  // SOF0, 8-bit
        bytes.appendBigEndian16(height)
        bytes.appendBigEndian16(width)
        bytes += [0x01, 0x01, 0x11, 0x00]  // one component (grey), 1×1 sampling, table 0
        for tableClass: UInt8 in [0x00, 0x10] {  // DHT DC 0 and AC 0: one 1-bit code, for symbol 0
            bytes += [0xFF, 0xC4, 0x00, 0x14, tableClass, 0x01]
            bytes += repeatElement(0x00, count: 15)
            bytes += [0x00]
        }
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]  // SOS
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        let bits = 2 * blocks  // "0" (DC difference 0) and "0" (end of block) per block
        bytes += repeatElement(0x00, count: bits / 8)
        if bits % 8 != 0 { bytes.append(0xFF >> UInt8(bits % 8)) }  // the rest of the last byte: ones
        bytes += [0xFF, 0xD9]  // EOI
        return bytes
    }

    static func minimumSize(shape: MediaShape) -> Int {
        header.count + image(width: shape.width, height: shape.height).count
    }

    static func make(size: Int, shape: MediaShape) -> MediaLayout {
        let trailer = image(width: shape.width, height: shape.height)
        let segment = FillerPattern.plainBlockSize
        let padding = size - header.count - trailer.count
        let wholeSegments = padding / segment
        let remainder = padding % segment
        var bytes = header
        var partial = 0
        switch remainder {
        case 0:
            break
        case 1...3:
            bytes += repeatElement(0xFF, count: remainder)
        default:
            bytes += [0xFF, 0xFE]
            bytes.appendBigEndian16(remainder - 2)
            partial = remainder - 4
        }
        return MediaLayout(
            header: bytes, pattern: .jpegComments, phase: (segment - partial) % segment,
            middleCount: partial + wholeSegments * segment, trailer: trailer)
    }
}
