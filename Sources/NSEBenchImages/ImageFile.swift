/// What an image file is, read in place from its bytes without decoding it: its header (format, size,
/// orientation), the type identifier Apple's frameworks give it, and the images it holds.
///
/// ```swift
/// gifData.withUnsafeBytes { ImageFile(buffer: $0) }?.typeIdentifier  // "com.compuserve.gif"
/// gifData.withUnsafeBytes { ImageFile(buffer: $0) }?.imageCount      // 12 (frames)
/// ```
package struct ImageFile: Sendable, Hashable {
    /// The header: format, size in pixels, a JPEG's EXIF orientation.
    package let header: ImageHeader
    /// The file's UTI: `public.png`, `public.jpeg`, `com.compuserve.gif`, `org.webmproject.webp`,
    /// `com.microsoft.bmp`, `public.heic` or `public.avif`.
    package let typeIdentifier: String
    /// A JPEG's EXIF orientation, nil when it carries none (ImageIO then lists no orientation).
    package let exifOrientation: Int?
    /// A GIF's frames' delays in seconds, as stored (each frame's graphic control extension; 0 without
    /// one); empty for the rest.
    package let gifDelays: [Double]

    /// The images it holds: a GIF's frames, 1 for the rest (an animated PNG, WebP or HEIC sequence too).
    package var imageCount: Int { header.format == .gif ? max(1, gifDelays.count) : 1 }

    /// The file of the bytes in `buffer`; nil when they are no image ``ImageHeader`` reads.
    package init?(buffer bytes: UnsafeRawBufferPointer) {
        guard let header = ImageHeader(buffer: bytes) else { return nil }
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
        exifOrientation = header.format == .jpeg ? ImageHeader.exifOrientation(bytes) : nil
        gifDelays = header.format == .gif ? Self.gifFrameDelays(bytes) : []
    }

    /// The delay of each image descriptor (frame) of a GIF, from the graphic control extension before it:
    /// the blocks after the header and its global colour table, up to the trailer or the end of what is there.
    static func gifFrameDelays(_ bytes: UnsafeRawBufferPointer) -> [Double] {
        guard bytes.count >= 13 else { return [] }
        var index = 13
        if bytes[10] & 0x80 != 0 { index += 3 << (Int(bytes[10] & 0x07) + 1) }
        var delays: [Double] = []
        var pendingDelay = 0.0
        while index < bytes.count {
            switch bytes[index] {
            case 0x21:  // an extension: label, then data sub-blocks; a graphic control one holds the delay
                if index + 6 < bytes.count, bytes[index + 1] == 0xF9, bytes[index + 2] >= 4 {
                    pendingDelay = Double(Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8) / 100
                }
                index = skipSubBlocks(bytes, from: index + 2)
            case 0x2C:  // an image: descriptor, local colour table, LZW code size, data sub-blocks
                guard index + 10 <= bytes.count else { return delays }
                delays.append(pendingDelay)
                pendingDelay = 0
                let packed = bytes[index + 9]
                index += 10
                if packed & 0x80 != 0 { index += 3 << (Int(packed & 0x07) + 1) }
                index = skipSubBlocks(bytes, from: index + 1)
            default:  // the trailer (0x3B), or bytes that are no block
                return delays
            }
        }
        return delays
    }

    /// The index after the sub-blocks starting at `start` (each a length byte and that many bytes, ended
    /// by a zero length).
    private static func skipSubBlocks(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let length = Int(bytes[index])
            index += 1 + length
            if length == 0 { return index }
        }
        return index
    }
}
