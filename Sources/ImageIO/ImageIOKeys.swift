// ImageIO's dictionary keys, with Apple's values. Computed, as a global Foundation object is not `Sendable`.

/// An image's width in pixels, as stored.
public var kCGImagePropertyPixelWidth: CFString { "PixelWidth" }
/// An image's height in pixels, as stored.
public var kCGImagePropertyPixelHeight: CFString { "PixelHeight" }
/// An image's EXIF orientation (1 to 8, ``CGImagePropertyOrientation``).
public var kCGImagePropertyOrientation: CFString { "Orientation" }
/// A container's size in bytes.
public var kCGImagePropertyFileSize: CFString { "FileSize" }
/// Whether an image has alpha (not read here: absent).
public var kCGImagePropertyHasAlpha: CFString { "HasAlpha" }
/// An image's dots per inch (not read here: absent).
public var kCGImagePropertyDPIWidth: CFString { "DPIWidth" }
/// An image's dots per inch (not read here: absent).
public var kCGImagePropertyDPIHeight: CFString { "DPIHeight" }
/// Bits per component (not read here: absent).
public var kCGImagePropertyDepth: CFString { "Depth" }
/// The colour model (not read here: absent).
public var kCGImagePropertyColorModel: CFString { "ColorModel" }
/// A GIF's own properties: a frame's delays.
public var kCGImagePropertyGIFDictionary: CFString { "{GIF}" }
/// A GIF frame's delay in seconds, at least 0.1 for one stored as 0.01 or less.
public var kCGImagePropertyGIFDelayTime: CFString { "DelayTime" }
/// A GIF frame's delay in seconds, as stored.
public var kCGImagePropertyGIFUnclampedDelayTime: CFString { "UnclampedDelayTime" }
/// A GIF's loop count (not read here: absent).
public var kCGImagePropertyGIFLoopCount: CFString { "LoopCount" }
/// A PNG's own properties (not read here: absent).
public var kCGImagePropertyPNGDictionary: CFString { "{PNG}" }
/// EXIF's properties (not read here: absent; the orientation is `kCGImagePropertyOrientation`).
public var kCGImagePropertyExifDictionary: CFString { "{Exif}" }
/// TIFF's properties (not read here: absent).
public var kCGImagePropertyTIFFDictionary: CFString { "{TIFF}" }

/// Make a thumbnail from the image, whether or not it embeds one.
public var kCGImageSourceCreateThumbnailFromImageAlways: CFString { "kCGImageSourceCreateThumbnailFromImageAlways" }
/// Make a thumbnail from the image when it embeds none.
public var kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString {
    "kCGImageSourceCreateThumbnailFromImageIfAbsent"
}
/// A thumbnail's longest side at most, in pixels.
public var kCGImageSourceThumbnailMaxPixelSize: CFString { "kCGImageSourceThumbnailMaxPixelSize" }
/// Turn a thumbnail by the image's orientation.
public var kCGImageSourceCreateThumbnailWithTransform: CFString { "kCGImageSourceCreateThumbnailWithTransform" }
/// Keep the decoded image (iOS's default for 64-bit processes).
public var kCGImageSourceShouldCache: CFString { "kCGImageSourceShouldCache" }
/// Decode the image when it is made, not when it is first drawn.
public var kCGImageSourceShouldCacheImmediately: CFString { "kCGImageSourceShouldCacheImmediately" }
/// The type the data is expected to have.
public var kCGImageSourceTypeIdentifierHint: CFString { "kCGImageSourceTypeIdentifierHint" }
/// The longest side an encoded image may have (not simulated: the image's own bytes are written).
public var kCGImageDestinationImageMaxPixelSize: CFString { "kCGImageDestinationImageMaxPixelSize" }
/// The quality of a lossy encoding, 0 to 1 (not simulated: the image's own bytes are written).
public var kCGImageDestinationLossyCompressionQuality: CFString { "kCGImageDestinationLossyCompressionQuality" }

/// An options dictionary's values by key, however the caller's code built it (`CFString` or `String` keys;
/// `Bool`, `Int`, `Double` or `NSNumber` values).
struct ImageIOOptions {
    let values: [String: Any]

    init(_ dictionary: CFDictionary?) {
        var values: [String: Any] = [:]
        if let dictionary {
            for (key, value) in dictionary {
                if let key = key as? NSString {
                    values[key as String] = value
                } else if let key = key as? String {
                    values[key] = value
                }
            }
        }
        self.values = values
    }

    func bool(_ key: CFString) -> Bool {
        switch values[key as String] {
        case let value as Bool: value
        case let value as NSNumber: value.boolValue
        default: false
        }
    }

    func number(_ key: CFString) -> Double? {
        switch values[key as String] {
        case let value as NSNumber: value.doubleValue
        case let value as Int: Double(value)
        case let value as Double: value
        case let value as CGFloat: Double(value)
        default: nil
        }
    }
}
