@_implementationOnly import NSEBenchCore
@_implementationOnly import NSEBenchSystem

/// The image file a renderer, a thumbnail or an image encoder gives here: a valid PNG of the size asked,
/// transparent (8-bit grey and alpha, zlib-compressed), as drawing and encoding are not simulated.
package enum BlankPNG {
    /// The PNG file: signature, IHDR, one IDAT of zero rows (each a filter byte and two bytes a pixel), IEND.
    package static func bytes(width: Int, height: Int) -> [UInt8] {
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
