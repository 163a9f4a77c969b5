public import Foundation

@_implementationOnly import NSEBenchCore
@_implementationOnly import NSEBenchSystem

/// The image a renderer or a thumbnail gives here: a valid PNG of the size asked, transparent (8-bit grey
/// and alpha, zlib-compressed), as drawing is not simulated.
enum BlankPNG {
    /// A blank image of `size` points at `scale` (the screen's when `scale` is not above zero or not a
    /// number): at least 1 × 1 pixels, and at most PNG's 2³¹ − 1 a side. A huge image is made as asked:
    /// its memory is the phone's limit to enforce, as iOS's would be.
    static func image(size: CGSize, scale: CGFloat) -> UIImage {
        let scale = scale > 0 && scale.isFinite ? scale : UIScreen.main.scale
        let width = pixels(size.width * scale)
        let height = pixels(size.height * scale)
        // A PNG of the header's size always reads back.
        guard let image = UIImage(data: Data(bytes(width: width, height: height)), scale: scale) else {
            preconditionFailure("a blank \(width)×\(height) PNG did not read back")
        }
        // iOS's renderer holds its image's bitmap while the image lives, 4 bytes a pixel.
        image.bitmap.decode(width: width, height: height)
        return image
    }

    /// `points × scale` as a whole number of pixels: 1 for what is not a positive finite number.
    private static func pixels(_ value: CGFloat) -> Int {
        guard value.isFinite, value >= 1 else { return 1 }
        return Int(min(value.rounded(), CGFloat(Int32.max)))
    }

    /// The PNG file: signature, IHDR, one IDAT of zero rows (each a filter byte and two bytes a pixel), IEND.
    static func bytes(width: Int, height: Int) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 4, 0, 0, 0]  // 8 bits, grey and alpha, deflate, adaptive filtering, no interlace
        append("IHDR", header, to: &png)
        let rows = [UInt8](repeating: 0, count: height * (1 + 2 * width))
        let compressed: [UInt8]
        do {
            compressed = try Deflate.compress(rows)
        } catch {
            // zlib fails only when it cannot allocate: as Swift's own allocations, that traps.
            preconditionFailure("zlib could not compress a blank image: \(error)")
        }
        append("IDAT", compressed, to: &png)
        append("IEND", [], to: &png)
        return png
    }

    private static func append(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count)) + typeBytes + data
        png += bigEndian(CRC32.checksum(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
