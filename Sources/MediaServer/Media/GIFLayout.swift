/// GIF89a: header, a 1×1 logical screen with a two-colour global table, a comment extension whose
/// data sub-blocks are the padding, then a 1×1 image (descriptor and LZW data) and the trailer 0x3B.
///
/// Whole 256-byte sub-blocks come from the shared block; one shorter sub-block first takes the
/// remainder. A remainder of exactly 1 byte cannot be a sub-block (a length byte of 0 would end the
/// comment), so it goes into the image's LZW data sub-block instead, as one byte after the
/// end-of-information code, which decoders ignore.
enum GIFLayout {
    static let header: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61,  // "GIF89a"
        0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00,  // 1×1, global colour table of 2, background 0
        0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF,  // black, white
        0x21, 0xFE,  // comment extension
    ]

    /// The comment's terminator, a 1×1 image descriptor, LZW data, and the trailer.
    static func trailer(extraImageByte: Bool) -> [UInt8] {
        var bytes: [UInt8] = [0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        bytes += extraImageByte ? [0x02, 0x03, 0x44, 0x01, 0x00, 0x00] : [0x02, 0x02, 0x44, 0x01, 0x00]
        bytes += [0x3B]
        return bytes
    }

    static var minimumSize: Int { header.count + trailer(extraImageByte: false).count }

    static func make(size: Int) -> MediaLayout {
        let padding = size - minimumSize
        let wholeSubBlocks = padding / 256
        let remainder = padding % 256
        var bytes = header
        var partial = 0
        if remainder >= 2 {
            bytes.append(UInt8(remainder - 1))
            partial = remainder - 1
        }
        let block = FillerPattern.plainBlockSize
        return MediaLayout(
            header: bytes, pattern: .gifSubBlocks, phase: (block - partial) % block,
            middleCount: partial + wholeSubBlocks * 256, trailer: trailer(extraImageByte: remainder == 1))
    }
}
