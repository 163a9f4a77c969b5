// ImageIO on Linux, for extensions that check, size or downsample what they downloaded: an image source
// reads a file's header (type, size, frames, a JPEG's orientation) without decoding it, and its thumbnails
// are blank at the size they would have. The bitmaps iOS would hold are allocated (``CGImage``), so the
// memory limit judges a thumbnail, or a full image cached at once, as jetsam would; decoding and scaling,
// their CPU time and their transient memory, are not simulated, and the run names each call that would
// decode (`not faithful:`).
@_exported public import CoreFoundationTypes
@_exported public import CoreGraphics
internal import NSEBenchImages
internal import SimulatedDevice

/// An image file opened for reading, as ImageIO's: its bytes and what its header says.
public final class CGImageSource: @unchecked Sendable {
    // @unchecked: both stored properties are `let` values.

    /// The file's bytes.
    let bytes: [UInt8]
    /// What they are; nil when they are no image ImageIO reads here.
    let file: ImageFile?

    init(bytes: [UInt8]) {
        self.bytes = bytes
        file = ImageFile(bytes)
    }
}

/// How far a source has read its file, as ImageIO's statuses.
public enum CGImageSourceStatus: Int32, Sendable {
    case statusUnexpectedEOF = -5
    case statusInvalidData = -4
    case statusUnknownType = -3
    case statusReadingHeader = -2
    case statusIncomplete = -1
    case statusComplete = 0
}

/// The orientation of an image's stored pixels (EXIF's values), as ImageIO's.
public enum CGImagePropertyOrientation: UInt32, Sendable {
    case up = 1
    case upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left
}

/// A source of `data`'s bytes. Any bytes make a source, as on iOS: one that is no image has no type and no
/// images (``CGImageSourceGetCount(_:)`` is 0).
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(bytes: Array(Data(referencing: data)))
}

/// A source of the file at `url`; nil when it cannot be read. An http(s) URL is fetched on the calling
/// phone, timed as its other requests are (``SimulatedContents``), while the calling thread waits.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let address = url.absoluteURL else { return nil }
    do {
        return CGImageSource(bytes: Array(try SimulatedContents.data(contentsOf: address)))
    } catch {
        return nil  // ImageIO's answer for a file it cannot read: no source, and no error to give
    }
}

/// The source's type identifier (`public.jpeg`, ...); nil when it is no image.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.file.map { NSString(string: $0.typeIdentifier) }
}

/// The images in the source: a GIF's frames, 1 for another image, 0 for what is no image.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { isrc.file?.imageCount ?? 0 }

/// Whether the source has read an image: complete, or its type unknown.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    isrc.file == nil ? .statusUnknownType : .statusComplete
}

/// The status of the image at `index`: as the source's, and ``CGImageSourceStatus/statusInvalidData`` past its
/// last image.
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    guard isrc.file != nil else { return .statusUnknownType }
    return (0..<CGImageSourceGetCount(isrc)).contains(index) ? .statusComplete : .statusInvalidData
}

/// The container's properties: its file size (`kCGImagePropertyFileSize`); nil when it is no image.
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    guard isrc.file != nil else { return nil }
    return NSDictionary(dictionary: [kCGImagePropertyFileSize as String: isrc.bytes.count])
}

/// The properties of the image at `index`: its size in pixels as stored (`kCGImagePropertyPixelWidth`,
/// `kCGImagePropertyPixelHeight`) and a JPEG's EXIF orientation (`kCGImagePropertyOrientation`) when it has
/// one; nil past the last image.
public func CGImageSourceCopyPropertiesAtIndex(
    _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CFDictionary? {
    guard let file = isrc.file, (0..<file.imageCount).contains(index) else { return nil }
    var properties: [String: Any] = [
        kCGImagePropertyPixelWidth as String: file.header.width,
        kCGImagePropertyPixelHeight as String: file.header.height,
    ]
    if let orientation = file.exifOrientation { properties[kCGImagePropertyOrientation as String] = orientation }
    return NSDictionary(dictionary: properties)
}

/// The image at `index`, of its stored size: not decoded until it is encoded, unless
/// `kCGImageSourceShouldCacheImmediately` is true, when its bitmap is allocated at once, as iOS decodes it.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard let file = isrc.file, (0..<file.imageCount).contains(index) else { return nil }
    let image = CGImage(width: file.header.width, height: file.header.height, file: isrc.bytes)
    if ImageIOOptions(options).bool(kCGImageSourceShouldCacheImmediately) { image.decode() }
    return image
}

/// A thumbnail of the image at `index`, as ImageIO makes one: from the image itself when
/// `kCGImageSourceCreateThumbnailFromImageAlways` or `...IfAbsent` is true (embedded thumbnails are not
/// read: without either, nil, as for an image that embeds none), its longest side at most
/// `kCGImageSourceThumbnailMaxPixelSize` (never enlarged), turned by its EXIF orientation with
/// `kCGImageSourceCreateThumbnailWithTransform`. It is blank; its bitmap is allocated, as iOS holds it.
public func CGImageSourceCreateThumbnailAtIndex(
    _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CGImage? {
    guard let file = isrc.file, (0..<file.imageCount).contains(index) else { return nil }
    let options = ImageIOOptions(options)
    guard
        options.bool(kCGImageSourceCreateThumbnailFromImageAlways)
            || options.bool(kCGImageSourceCreateThumbnailFromImageIfAbsent)
    else { return nil }
    var (width, height) = (file.header.width, file.header.height)
    if options.bool(kCGImageSourceCreateThumbnailWithTransform), (5...8).contains(file.header.orientation) {
        (width, height) = (height, width)
    }
    if let limit = options.number(kCGImageSourceThumbnailMaxPixelSize), limit >= 1,
        Double(max(width, height)) > limit
    {
        let scale = limit / Double(max(width, height))
        width = max(1, Int((Double(width) * scale).rounded()))
        height = max(1, Int((Double(height) * scale).rounded()))
    }
    let thumbnail = CGImage(width: width, height: height, file: BlankPNG.bytes(width: width, height: height))
    thumbnail.decode()
    return thumbnail
}
