import Foundation

/// Image files as their headers are laid out, each `width` × `height` pixels.
enum ImageFiles {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width)
            + bigEndian(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    }

    /// A JFIF JPEG: SOI, APP0, a DQT, then SOF0 with the size.
    static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xDB, 0, 4, 0, 0]
        bytes +=
            [0xFF, 0xC0, 0, 17, 8] + bigEndian16(height) + bigEndian16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        return bytes + [0xFF, 0xD9]
    }

    static func gif(width: UInt16, height: UInt16) -> [UInt8] {
        Array("GIF89a".utf8) + [
            UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0, 0, 0,
        ]
    }

    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + littleEndian24(width - 1) + littleEndian24(height - 1)
    }

    static func heic(width: UInt32, height: UInt32) -> [UInt8] {
        [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + [0, 0, 0, 20]
            + Array("ispe".utf8) + [0, 0, 0, 0] + bigEndian(width) + bigEndian(height)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    private static func bigEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    private static func littleEndian24(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }
}
