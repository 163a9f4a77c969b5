// ImageIO on Linux, for extensions that check, size or downsample what they downloaded: an image source
// reads a file's header in place (type, size, frames, a JPEG's orientation, a GIF's delays) without
// decoding it or copying it, and its thumbnails are blank at the size they would have. The bitmaps iOS
// would hold are allocated (``CGImage``), so the memory limit judges a thumbnail, or a full image cached at
// once, as jetsam would; decoding and scaling, their CPU time and their transient memory, are not
// simulated, and the run names each call that would decode (`not faithful:`).
@_exported public import CoreFoundationTypes
@_exported public import CoreGraphics
internal import NSEBenchImages
internal import SimulatedDevice

/// An image file opened for reading, as ImageIO's: its bytes (shared with the caller's `Data`, or a file
/// mapped, not copied) and what its header says. An incremental source takes its bytes as they arrive.
public final class CGImageSource: @unchecked Sendable {
    // @unchecked: `state` is read and written only under `lock`.
    private let lock = NSLock()
    private var state: State

    /// The bytes so far, what they are, and whether they are all there.
    struct State {
        var data: Data
        var file: ImageFile?
        var isFinal: Bool
    }

    init(data: Data, isFinal: Bool = true) {
        state = State(data: data, file: Self.read(data), isFinal: isFinal)
    }

    /// The source as it is now.
    var current: State { lock.withLock { state } }

    /// Takes `data`, the whole file so far, and whether it is all there.
    func update(_ data: Data, isFinal: Bool) {
        let file = Self.read(data)
        lock.withLock { state = State(data: data, file: file, isFinal: isFinal) }
    }

    private static func read(_ data: Data) -> ImageFile? { data.withUnsafeBytes { ImageFile(buffer: $0) } }
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

/// A source of `data`'s bytes, shared, not copied. Any bytes make a source, as on iOS: one that is no
/// image has no type and no images (``CGImageSourceGetCount(_:)`` is 0).
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: data)
}

/// A source of the file at `url`, mapped rather than read into memory, as iOS reads it lazily; nil when it
/// cannot be read. An http(s) URL is fetched on the calling phone, timed as its other requests are
/// (``SimulatedContents``), while the calling thread waits.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let address = url.absoluteURL else { return nil }
    do {
        return CGImageSource(data: try SimulatedContents.data(contentsOf: address, options: .alwaysMapped))
    } catch {
        return nil  // ImageIO's answer for a file it cannot read: no source, and no error to give
    }
}

/// A source that takes its bytes as they arrive (``CGImageSourceUpdateData(_:_:_:)``).
public func CGImageSourceCreateIncremental(_ options: CFDictionary?) -> CGImageSource {
    CGImageSource(data: Data(), isFinal: false)
}

/// Gives an incremental source the whole file so far; `final` when it is all there.
public func CGImageSourceUpdateData(_ isrc: CGImageSource, _ data: CFData, _ final: Bool) {
    isrc.update(data, isFinal: final)
}

/// The source's type identifier (`public.jpeg`, ...); nil when it is no image (yet).
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.current.file.map { NSString(string: $0.typeIdentifier) }
}

/// The images in the source: a GIF's frames (so far), 1 for another image, 0 for what is no image (yet).
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int { isrc.current.file?.imageCount ?? 0 }

/// How far the source has read: complete; incomplete while an incremental one waits for more; its type
/// unknown for bytes that are no image, or still reading the header while more may come.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    let state = isrc.current
    switch (state.file != nil, state.isFinal) {
    case (true, true): return .statusComplete
    case (true, false): return .statusIncomplete
    case (false, true): return .statusUnknownType
    case (false, false): return .statusReadingHeader
    }
}

/// The status of the image at `index`: as the source's, and ``CGImageSourceStatus/statusInvalidData`` past its
/// last image.
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    let status = CGImageSourceGetStatus(isrc)
    guard status == .statusComplete || status == .statusIncomplete else { return status }
    return (0..<CGImageSourceGetCount(isrc)).contains(index) ? status : .statusInvalidData
}

/// The container's properties: its file size (`kCGImagePropertyFileSize`), and a GIF's
/// (`kCGImagePropertyGIFDictionary`, empty); nil when it is no image.
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    let state = isrc.current
    guard let file = state.file else { return nil }
    var properties: [String: Any] = [kCGImagePropertyFileSize as String: state.data.count]
    if file.header.format == .gif { properties[kCGImagePropertyGIFDictionary as String] = NSDictionary() }
    return NSDictionary(dictionary: properties)
}

/// The properties of the image at `index`: its size in pixels as stored (`kCGImagePropertyPixelWidth`,
/// `kCGImagePropertyPixelHeight`), a JPEG's EXIF orientation (`kCGImagePropertyOrientation`) when it has
/// one, and a GIF frame's delay (`kCGImagePropertyGIFDictionary`: `kCGImagePropertyGIFDelayTime`, at least
/// 0.1 s for one stored as 0.01 s or less, as browsers and iOS play it, and
/// `kCGImagePropertyGIFUnclampedDelayTime`, as stored); nil past the last image.
public func CGImageSourceCopyPropertiesAtIndex(
    _ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?
) -> CFDictionary? {
    guard let file = isrc.current.file, (0..<file.imageCount).contains(index) else { return nil }
    var properties: [String: Any] = [
        kCGImagePropertyPixelWidth as String: file.header.width,
        kCGImagePropertyPixelHeight as String: file.header.height,
    ]
    if let orientation = file.exifOrientation { properties[kCGImagePropertyOrientation as String] = orientation }
    if file.header.format == .gif {
        let stored = index < file.gifDelays.count ? file.gifDelays[index] : 0
        properties[kCGImagePropertyGIFDictionary as String] = NSDictionary(dictionary: [
            kCGImagePropertyGIFDelayTime as String: stored < 0.011 ? 0.1 : stored,
            kCGImagePropertyGIFUnclampedDelayTime as String: stored,
        ])
    }
    return NSDictionary(dictionary: properties)
}

/// The image at `index`, of its stored size, sharing the source's bytes: not decoded until it is encoded,
/// unless `kCGImageSourceShouldCacheImmediately` is true, when its bitmap is allocated at once, as iOS
/// decodes it.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    let state = isrc.current
    guard let file = state.file, (0..<file.imageCount).contains(index) else { return nil }
    let image = CGImage(width: file.header.width, height: file.header.height, file: state.data)
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
    guard let file = isrc.current.file, (0..<file.imageCount).contains(index) else { return nil }
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
    return CGImage.blank(width: width, height: height)
}
