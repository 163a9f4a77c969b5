/// The container formats UIImage reads on iOS whose size nse-bench reads from the header.
package enum ImageFormat: String, Sendable, Hashable {
    case png, jpeg, gif, webp, bmp, heic
}

/// What an image's header says: its format and its size in pixels, read without decoding the image.
///
/// ```swift
/// ImageHeader(Array(pngData))  // ImageHeader(format: .png, width: 1200, height: 800)
/// ImageHeader(Array("text".utf8))  // nil
/// ```
///
/// `package`, as Apple's frameworks have no such names: a user's module (compiled outside this package)
/// does not see it, and may declare its own.
package struct ImageHeader: Sendable, Hashable {
    /// The container format.
    package let format: ImageFormat
    /// The width in pixels, as stored (before any EXIF orientation).
    package let width: Int
    /// The height in pixels, as stored.
    package let height: Int
    /// A JPEG's EXIF orientation (1 to 8: how the stored pixels are turned for display); 1 for the rest.
    package let orientation: Int

    /// The header of `bytes`; nil when they are no PNG, JPEG, GIF, WebP, BMP or HEIC/AVIF image this can
    /// size, or the size is zero.
    package init?(_ bytes: [UInt8]) {
        guard let header = bytes.withUnsafeBytes(ImageHeader.init(buffer:)) else { return nil }
        self = header
    }

    /// The header of the bytes in `buffer`, read in place (a file's bytes are not copied to be sized).
    package init?(buffer bytes: UnsafeRawBufferPointer) {
        guard let (format, width, height) = Self.read(bytes), width > 0, height > 0 else { return nil }
        self.format = format
        self.width = width
        self.height = height
        orientation = format == .jpeg ? Self.exifOrientation(bytes) ?? 1 : 1
    }

    private static func read(_ bytes: UnsafeRawBufferPointer) -> (ImageFormat, Int, Int)? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24,
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        {
            return (.png, bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)), bytes.count >= 10 {
            return (.gif, littleEndian(bytes, 6, 2), littleEndian(bytes, 8, 2))
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes).map { (.jpeg, $0.width, $0.height) } }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 30, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webp(bytes).map { (.webp, $0.width, $0.height) }
        }
        if bytes.starts(with: Array("BM".utf8)), bytes.count >= 30,
            [12, 40, 52, 56, 64, 108, 124].contains(littleEndian(bytes, 14, 4))
        {
            // A BITMAPINFOHEADER or later (a core header's fields are 16-bit) with one plane: text that
            // starts with "BM" is not one.
            guard littleEndian(bytes, 14, 4) != 12 else {
                return littleEndian(bytes, 22, 2) == 1
                    ? (.bmp, littleEndian(bytes, 18, 2), littleEndian(bytes, 20, 2)) : nil
            }
            guard littleEndian(bytes, 26, 2) == 1 else { return nil }
            let width = Int32(bitPattern: UInt32(littleEndian(bytes, 18, 4)))
            let height = Int32(bitPattern: UInt32(littleEndian(bytes, 22, 4)))
            return width > 0 ? (.bmp, Int(width), Int(height.magnitude)) : nil
        }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8), isImageBrand(bytes) {
            return isobmffImageSize(bytes).map { (.heic, $0.width, $0.height) }
        }
        return nil
    }

    /// The orientation tag (0x0112) of a JPEG's EXIF (APP1 `Exif`, a TIFF header, IFD0), when it holds one
    /// from 1 to 8.
    package static func exifOrientation(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = bigEndian(bytes, index + 2, 2)
            if marker == 0xDA || (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) { return nil }
            if marker == 0xE1, index + 10 <= bytes.count, Array(bytes[index + 4..<index + 10]) == Array("Exif\0\0".utf8)
            {
                return tiffOrientation(bytes, tiff: index + 10, end: min(bytes.count, index + 2 + length))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    private static func tiffOrientation(_ bytes: UnsafeRawBufferPointer, tiff: Int, end: Int) -> Int? {
        guard tiff + 8 <= end else { return nil }
        let little = bytes[tiff] == 0x49 && bytes[tiff + 1] == 0x49
        guard little || (bytes[tiff] == 0x4D && bytes[tiff + 1] == 0x4D) else { return nil }
        let read = { (offset: Int, count: Int) -> Int in
            little ? littleEndian(bytes, offset, count) : bigEndian(bytes, offset, count)
        }
        let ifd = tiff + read(tiff + 4, 4)
        guard ifd + 2 <= end else { return nil }
        for entry in 0..<read(ifd, 2) {
            let start = ifd + 2 + entry * 12
            guard start + 12 <= end else { return nil }
            if read(start, 2) == 0x0112 {
                let value = read(start + 8, 2)
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
    }

    /// The size in a JPEG's first start-of-frame segment (SOF0 to SOF15, not DHT, JPG or DAC).
    private static func jpeg(_ bytes: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {  // fill byte
                index += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD9).contains(marker) {  // standalone markers
                index += 2
                continue
            }
            let length = bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard index + 9 <= bytes.count else { return nil }
                return (bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    /// The canvas of a WebP's first chunk: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`).
    private static func webp(_ bytes: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ": return (littleEndian(bytes, 26, 2) & 0x3FFF, littleEndian(bytes, 28, 2) & 0x3FFF)
        case "VP8L":
            let bits = littleEndian(bytes, 21, 4)
            return (1 + bits & 0x3FFF, 1 + (bits >> 14) & 0x3FFF)
        case "VP8X": return (1 + littleEndian(bytes, 24, 3), 1 + littleEndian(bytes, 27, 3))
        default: return nil
        }
    }

    /// Whether an ISO media file's `ftyp` names an image brand (HEIF, HEIC, AVIF), not a video's.
    private static func isImageBrand(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let size = min(bigEndian(bytes, 0, 4), bytes.count)
        let brands: Set<String> = ["heic", "heix", "heim", "heis", "mif1", "msf1", "avif", "avis"]
        var index = 8
        while index + 4 <= size {
            if brands.contains(String(decoding: bytes[index..<index + 4], as: UTF8.self)) { return true }
            index += index == 8 ? 8 : 4  // the major brand, the minor version, then the compatible brands
        }
        return false
    }

    /// The size an HEIF/AVIF file gives its image: the largest `ispe` (image spatial extents) property in
    /// its top-level `meta` box. A camera's HEIC is a grid of 512 × 512 tiles whose own `ispe`s come first;
    /// the grid's is the largest. Only `meta` is searched, so bytes in the media data cannot pass for one.
    private static func isobmffImageSize(_ bytes: UnsafeRawBufferPointer) -> (width: Int, height: Int)? {
        var box = 0
        while box + 8 <= bytes.count {
            let size = bigEndian(bytes, box, 4)
            let type = String(decoding: bytes[box + 4..<box + 8], as: UTF8.self)
            let end = size == 0 ? bytes.count : min(bytes.count, box + size)
            if type == "meta" { return largestSpatialExtents(bytes, from: box + 8, to: end) }
            guard size >= 8 else { return nil }
            box += size
        }
        return nil
    }

    private static func largestSpatialExtents(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> (
        width: Int, height: Int
    )? {
        let type = Array("ispe".utf8)
        var largest: (width: Int, height: Int)?
        var index = start
        while index + 16 <= end {
            if bytes[index] == type[0], Array(bytes[index..<index + 4]) == type {
                let found = (bigEndian(bytes, index + 8, 4), bigEndian(bytes, index + 12, 4))
                if found.0 * found.1 > (largest.map { $0.width * $0.height } ?? 0) { largest = found }
            }
            index += 1
        }
        return largest
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int {
        guard start + count <= bytes.count else { return 0 }
        return bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Int {
        guard start + count <= bytes.count else { return 0 }
        return bytes[start..<start + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
