/// JPEG/JFIF: `SOI`, a JFIF `APP0`, padding comment segments, then a complete 1×1 grey baseline
/// image (`DQT`, `SOF0`, two `DHT`, `SOS`, one entropy-coded block) and `EOI`.
///
/// The padding is COM segments: whole 65 536-byte ones from the shared block, preceded by one
/// segment sized to the remainder (its last bytes taken from the block's end via the phase). A
/// remainder of 1 to 3 bytes, too short for a segment, is written as 0xFF fill bytes before the
/// next marker, which ITU T.81 §B.1.1.2 allows.
enum JPEGLayout {
    static let header: [UInt8] = [
        0xFF, 0xD8,  // SOI
        0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00,  // APP0, length 16, "JFIF\0"
        0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,  // version 1.1, aspect 1:1, no thumbnail
    ]

    static let trailer: [UInt8] = {
        var bytes: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00]  // DQT, table 0, all ones
        bytes += repeatElement(0x01, count: 64)
        bytes += [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]  // SOF0 1×1, grey
        for tableClass: UInt8 in [0x00, 0x10] {  // DHT DC 0 and AC 0: one 1-bit code, for symbol 0
            bytes += [0xFF, 0xC4, 0x00, 0x14, tableClass, 0x01]
            bytes += repeatElement(0x00, count: 15)
            bytes += [0x00]
        }
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]  // SOS
        bytes += [0x3F]  // DC difference 0 ("0"), end of block ("0"), padded with ones
        bytes += [0xFF, 0xD9]  // EOI
        return bytes
    }()

    static var minimumSize: Int { header.count + trailer.count }

    static func make(size: Int) -> MediaLayout {
        let segment = FillerPattern.plainBlockSize
        let padding = size - minimumSize
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
