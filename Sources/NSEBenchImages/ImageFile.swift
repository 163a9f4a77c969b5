/// What an image file is, read from its bytes without decoding it: its header (format, size,
/// orientation), the type identifier Apple's frameworks give it, and how many images it holds.
///
/// ```swift
/// ImageFile(Array(gifData))?.typeIdentifier  // "com.compuserve.gif"
/// ImageFile(Array(gifData))?.imageCount      // 12 (frames)
/// ```
package struct ImageFile: Sendable, Hashable {
    /// The header: format, size in pixels, a JPEG's EXIF orientation.
    package let header: ImageHeader
    /// The file's UTI: `public.png`, `public.jpeg`, `com.compuserve.gif`, `org.webmproject.webp`,
    /// `com.microsoft.bmp`, `public.heic` or `public.avif`.
    package let typeIdentifier: String
    /// The images it holds: a GIF's frames, 1 for the rest.
    package let imageCount: Int
    /// A JPEG's EXIF orientation, nil when it carries none (ImageIO then lists no orientation).
    package let exifOrientation: Int?

    /// The file of `bytes`; nil when they are no image ``ImageHeader`` reads.
    package init?(_ bytes: [UInt8]) {
        guard let header = ImageHeader(bytes) else { return nil }
        self.header = header
        switch header.format {
        case .png: typeIdentifier = "public.png"
        case .jpeg: typeIdentifier = "public.jpeg"
        case .gif: typeIdentifier = "com.compuserve.gif"
        case .webp: typeIdentifier = "org.webmproject.webp"
        case .bmp: typeIdentifier = "com.microsoft.bmp"
        case .heic:
            let brand = bytes.count >= 12 ? String(decoding: bytes[8..<12], as: UTF8.self) : ""
            typeIdentifier = brand == "avif" || brand == "avis" ? "public.avif" : "public.heic"
        }
        imageCount = header.format == .gif ? max(1, Self.gifFrames(bytes)) : 1
        exifOrientation = header.format == .jpeg ? ImageHeader.exifOrientation(bytes) : nil
    }

    /// The image descriptors (frames) of a GIF: the blocks after the header and its global colour table,
    /// extension blocks skipped, up to the trailer or the end of what is there.
    static func gifFrames(_ bytes: [UInt8]) -> Int {
        guard bytes.count >= 13 else { return 0 }
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        var frames = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x21:  // an extension: label, then data sub-blocks
                index = skipSubBlocks(bytes, from: index + 2)
            case 0x2C:  // an image: descriptor, local colour table, LZW code size, data sub-blocks
                guard index + 10 <= bytes.count else { return frames }
                frames += 1
                let packed = bytes[index + 9]
                index += 10
                if packed & 0x80 != 0 { index += 3 << (Int(packed & 0x07) + 1) }
                index = skipSubBlocks(bytes, from: index + 1)
            default:  // the trailer (0x3B), or bytes that are no block
                return frames
            }
        }
        return frames
    }

    /// The index after the sub-blocks starting at `start` (each a length byte and that many bytes, ended
    /// by a zero length).
    private static func skipSubBlocks(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let length = Int(bytes[index])
            index += 1 + length
            if length == 0 { return index }
        }
        return index
    }
}
