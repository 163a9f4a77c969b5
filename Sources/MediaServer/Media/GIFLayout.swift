/// GIF89a: header, a logical screen of the shape's size with a two-colour global table, a comment
/// extension whose data sub-blocks are the padding, then an image of the whole screen (descriptor
/// and LZW data, every pixel colour 0: under 2 KB for 1200×800) and the trailer 0x3B.
///
/// Whole 256-byte sub-blocks come from the shared block; one shorter sub-block first takes the
/// remainder. A remainder of exactly 1 byte cannot be a sub-block (a length byte of 0 would end the
/// comment), so the image's first LZW sub-block is split in two instead, which adds one length byte
/// and changes no pixel.
enum GIFLayout {
    static func header(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]  // "GIF89a"
        bytes.appendLittleEndian16(UInt16(width))
        bytes.appendLittleEndian16(UInt16(height))
        bytes += [0x80, 0x00, 0x00]  // global colour table of 2, background 0, no aspect ratio
        bytes += [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF]  // black, white
        bytes += [0x21, 0xFE]  // comment extension
        return bytes
    }

    /// The comment's terminator, an image descriptor, LZW data sub-blocks, and the trailer.
    static func trailer(width: Int, height: Int, splitFirstSubBlock: Bool) -> [UInt8] {
        var bytes: [UInt8] = [0x00, 0x2C, 0x00, 0x00, 0x00, 0x00]
        bytes.appendLittleEndian16(UInt16(width))
        bytes.appendLittleEndian16(UInt16(height))
        bytes += [0x00, 0x02]  // no local table, not interlaced; LZW minimum code size 2
        var data = lzwOfZeros(count: width * height)[...]
        var first = true
        while !data.isEmpty {
            var length = Swift.min(255, data.count)
            if first, splitFirstSubBlock { length = Swift.max(1, length / 2) }
            first = false
            bytes.append(UInt8(length))
            bytes += data.prefix(length)
            data = data.dropFirst(length)
        }
        bytes += [0x00, 0x3B]  // block terminator, trailer
        return bytes
    }

    static func minimumSize(shape: MediaShape) -> Int {
        header(width: shape.width, height: shape.height).count
            + trailer(width: shape.width, height: shape.height, splitFirstSubBlock: false).count
    }

    static func make(size: Int, shape: MediaShape) -> MediaLayout {
        let padding = size - minimumSize(shape: shape)
        let wholeSubBlocks = padding / 256
        let remainder = padding % 256
        var bytes = header(width: shape.width, height: shape.height)
        var partial = 0
        if remainder >= 2 {
            bytes.append(UInt8(remainder - 1))
            partial = remainder - 1
        }
        let block = FillerPattern.plainBlockSize
        return MediaLayout(
            header: bytes, pattern: .gifSubBlocks, phase: (block - partial) % block,
            middleCount: partial + wholeSubBlocks * 256,
            trailer: trailer(width: shape.width, height: shape.height, splitFirstSubBlock: remainder == 1))
    }

    /// The LZW codes (minimum code size 2: clear 4, end 5) of `count` pixels of colour 0, as an
    /// encoder such as gif.h writes them. On one colour each code is the longest run in the table,
    /// one longer each time (codes 0, 6, 7, 8, ...), so the codes are computed, not searched; the
    /// table is cleared when full (4095), as the format requires.
    static func lzwOfZeros(count: Int) -> [UInt8] {
        var writer = LSBFirstBitWriter()
        var codeSize = 3
        var maxCode = 5
        var longest = 1  // the longest run of zeros the table holds
        writer.write(4, bits: codeSize)
        var left = count
        func code(ofRun length: Int) -> Int { length == 1 ? 0 : 6 + length - 2 }
        while left > longest {
            writer.write(code(ofRun: longest), bits: codeSize)
            left -= longest
            maxCode += 1
            longest += 1
            if maxCode >= 1 << codeSize { codeSize += 1 }
            if maxCode == 4_095 {
                writer.write(4, bits: codeSize)
                codeSize = 3
                maxCode = 5
                longest = 1
            }
        }
        if left > 0 { writer.write(code(ofRun: left), bits: codeSize) }
        writer.write(4, bits: codeSize)
        writer.write(5, bits: 3)
        return writer.bytes()
    }
}
