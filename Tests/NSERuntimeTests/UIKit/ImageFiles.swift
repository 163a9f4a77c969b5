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

    /// An animated GIF of `frames` images: each a graphic control extension, an image descriptor and one
    /// data sub-block; then the trailer.
    /// `delays` are each frame's, in hundredths of a second (10 for every frame when not given).
    static func animatedGIF(width: UInt16, height: UInt16, frames: Int, delays: [UInt8] = []) -> [UInt8] {
        let size = [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
        var bytes = gif(width: width, height: height)
        for frame in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0, frame < delays.count ? delays[frame] : 10, 0, 0, 0]
            bytes += [0x2C, 0, 0, 0, 0] + size + [0, 2, 2, 0x4C, 0x01, 0]
        }
        return bytes + [0x3B]
    }

    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
            + littleEndian24(width - 1) + littleEndian24(height - 1)
    }

    /// A single-image HEIC: `ftyp`, then `meta` holding the image's `ispe`.
    static func heic(width: UInt32, height: UInt32) -> [UInt8] {
        let ispe = [0, 0, 0, 20] + Array("ispe".utf8) + [0, 0, 0, 0] + bigEndian(width) + bigEndian(height)
        let meta = bigEndian(UInt32(12 + ispe.count)) + Array("meta".utf8) + [0, 0, 0, 0] + ispe
        return [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + meta
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
    private static func bigEndian16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    private static func littleEndian24(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }

    /// A lossy WebP (`VP8 `): its frame header's 14-bit width and height.
    static func webpLossy(width: UInt16, height: UInt16) -> [UInt8] {
        Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [10, 0, 0, 0] + [0, 0, 0, 0x9D, 0x01, 0x2A]
            + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
    }

    /// A lossless WebP (`VP8L`): 14-bit width − 1 and height − 1 packed after the signature byte.
    static func webpLossless(width: Int, height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        return Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8L".utf8) + [10, 0, 0, 0, 0x2F]
            + [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24 & 0xFF)]
            + [UInt8](repeating: 0, count: 8)
    }

    /// A BMP with a BITMAPINFOHEADER, stored top-down (negative height).
    static func bmp(width: Int32, height: Int32) -> [UInt8] {
        Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + littleEndian32(40)
            + littleEndian32(UInt32(bitPattern: width))
            + littleEndian32(UInt32(bitPattern: height)) + [1, 0, 24, 0]
    }

    /// A camera's HEIC: a grid whose 512 × 512 tiles' `ispe`s come before the grid's own, in `meta`.
    static func heicGrid(width: UInt32, height: UInt32) -> [UInt8] {
        let ispe = { (w: UInt32, h: UInt32) in
            [0, 0, 0, 20] + Array("ispe".utf8) + [0, 0, 0, 0] + bigEndian(w) + bigEndian(h)
        }
        let properties = ispe(512, 512) + ispe(512, 512) + ispe(width, height)
        let meta = bigEndian(UInt32(12 + properties.count)) + Array("meta".utf8) + [0, 0, 0, 0] + properties
        return [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) + meta
    }

    /// An MP4 whose media data happens to hold the bytes "ispe".
    static func mp4WithISPEBytes() -> [UInt8] {
        [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8) + [0, 0, 0, 28]
            + Array("mdat".utf8) + Array("ispe".utf8) + [0, 0, 0, 0, 0, 0, 3, 9, 0, 0, 2, 43]
    }

    private static func littleEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    /// A JPEG with an EXIF APP1 (TIFF in `littleEndian` or big-endian order, one IFD0 entry: the
    /// orientation) before its SOF0, as a phone's camera writes one.
    static func jpegWithOrientation(width: UInt16, height: UInt16, orientation: UInt16, littleEndian: Bool) -> [UInt8] {
        let two = { (value: UInt16) -> [UInt8] in
            littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)]
        }
        let four = { (value: UInt32) -> [UInt8] in
            let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            return littleEndian ? bytes.reversed() : bytes
        }
        let tiff =
            (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + two(42) + four(8) + two(1)
            + two(0x0112) + two(3) + four(1) + two(orientation) + [0, 0] + four(0)
        let app1 = Array("Exif".utf8) + [0, 0] + tiff
        let segment = [0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1
        let plain = jpeg(width: width, height: height)
        return Array(plain.prefix(2)) + segment + Array(plain.dropFirst(2))
    }
}
