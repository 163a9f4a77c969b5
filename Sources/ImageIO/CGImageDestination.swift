internal import NSEBenchImages

/// An image file being written, as ImageIO's: to a file URL or into mutable data.
public final class CGImageDestination: @unchecked Sendable {
    // @unchecked: `images` and `finalized` are read and written only under `lock`.

    /// Where the file goes.
    enum Target {
        case file(URL)
        case data(NSMutableData)
    }

    let target: Target
    /// The images it may take.
    let capacity: Int
    private let lock = NSLock()
    private var images: [CGImage] = []
    private var finalized = false

    init(target: Target, capacity: Int) {
        self.target = target
        self.capacity = capacity
    }

    func add(_ image: CGImage) {
        lock.withLock {
            if !finalized, images.count < capacity { images.append(image) }
        }
    }

    /// The images to write, once: nil when there are none, or it was written already.
    func takeImages() -> [CGImage]? {
        lock.withLock {
            guard !finalized, !images.isEmpty else { return nil }
            finalized = true
            return images
        }
    }

    /// The types ImageIO writes on iOS.
    static let writableTypes = [
        "public.jpeg", "public.png", "public.heic", "com.compuserve.gif", "public.tiff", "com.microsoft.bmp",
        "com.microsoft.ico", "com.adobe.pdf",
    ]
}

/// A destination writing `count` images of `type` to the file at `url`; nil for a type ImageIO does not
/// write, no image to write, or a URL that is no file's.
public func CGImageDestinationCreateWithURL(
    _ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    guard let file = url.absoluteURL, file.isFileURL, count > 0,
        CGImageDestination.writableTypes.contains(type as String)
    else { return nil }
    return CGImageDestination(target: .file(file), capacity: count)
}

/// A destination writing `count` images of `type` into `data`; nil for a type ImageIO does not write.
public func CGImageDestinationCreateWithData(
    _ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?
) -> CGImageDestination? {
    guard count > 0, CGImageDestination.writableTypes.contains(type as String) else { return nil }
    return CGImageDestination(target: .data(data), capacity: count)
}

/// Sets the file's own properties: not simulated (the image's own bytes are written).
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?) {}

/// Adds `image` to be written (beyond the count the destination was made for, it is ignored).
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.add(image)
}

/// Adds the image at `index` of `isrc` to be written.
public func CGImageDestinationAddImageFromSource(
    _ idst: CGImageDestination, _ isrc: CGImageSource, _ index: Int, _ properties: CFDictionary?
) {
    if let image = CGImageSourceCreateImageAtIndex(isrc, index, nil) { idst.add(image) }
}

/// Writes the file: false when no image was added, it was written already, or the file cannot be written.
/// Each image is decoded first, as iOS must to encode it (its bitmap allocated); what is written is the
/// first image's own file (the one it was read from, or a thumbnail's blank PNG), whatever the type and
/// quality asked: encoding, its CPU time and its output size, are not simulated.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard let images = idst.takeImages(), let first = images.first else { return false }
    for image in images { image.decode() }
    switch idst.target {
    case .file(let url):
        do {
            try first.file.write(to: url)
        } catch {
            return false  // ImageIO's answer for a file it cannot write: false, and no error to give
        }
    case .data(let data):
        data.append(first.file)
    }
    return true
}

/// The types ImageIO writes.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray {
    NSArray(array: CGImageDestination.writableTypes.map { NSString(string: $0) })
}
