import Foundation
import ImageIO
import UIKit

/// The ImageIO and UIKit calls of ``ImageIOTests``, in a file that does not import Testing (Swift Testing
/// names cross-import overlays for CoreGraphics and UIKit on Apple platforms), each giving plain values.
enum ImageIOProbe {
    /// The bytes the bitmap of `image` holds: 0 until it is decoded.
    static func bitmapBytes(_ image: CGImage) -> Int { image.bitmap.byteCount }

    static func source(_ bytes: [UInt8]) -> CGImageSource? { CGImageSourceCreateWithData(Data(bytes) as CFData, nil) }

    /// The full image at index 0, decoded at once or not, and whether index 1 has one.
    static func image(_ bytes: [UInt8], cacheImmediately: Bool) -> (bitmap: Int, second: Bool)? {
        guard let source = source(bytes),
            let image = CGImageSourceCreateImageAtIndex(
                source, 0, [kCGImageSourceShouldCacheImmediately: cacheImmediately] as CFDictionary)
        else { return nil }
        return (bitmapBytes(image), CGImageSourceCreateImageAtIndex(source, 1, nil) != nil)
    }

    /// A thumbnail of at most `limit` pixels (made from the image if `fromImage`): its size and bitmap.
    static func thumbnail(_ bytes: [UInt8], limit: Int?, fromImage: Bool) -> (
        width: Int, height: Int, bitmap: Int
    )? {
        var options: [CFString: Any] = [kCGImageSourceCreateThumbnailFromImageIfAbsent: fromImage]
        if let limit { options[kCGImageSourceThumbnailMaxPixelSize] = limit }
        guard let source = source(bytes),
            let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary)
        else { return nil }
        return (image.width, image.height, bitmapBytes(image))
    }

    static func status(_ bytes: [UInt8]) -> (source: Int32, second: Int32, fileSize: Int?) {
        guard let source = source(bytes) else { return (99, 99, nil) }
        let container = CGImageSourceCopyProperties(source, nil) as? [String: Any]
        return (
            CGImageSourceGetStatus(source).rawValue, CGImageSourceGetStatusAtIndex(source, 1).rawValue,
            container?[kCGImagePropertyFileSize as String] as? Int
        )
    }

    static func sourceOfFile(_ url: URL) -> String? {
        CGImageSourceCreateWithURL(url as CFURL, nil).flatMap { CGImageSourceGetType($0) as String? }
    }

    /// Writes the image of `bytes` as `type` into data: whether the destination was made, the first and
    /// a second finalize's results, the data's length, and the image's bitmap after.
    static func encode(_ bytes: [UInt8], as type: String) -> (
        made: Bool, first: Bool, second: Bool, data: [UInt8], bitmap: Int
    ) {
        let data = NSMutableData()
        guard let source = source(bytes), let image = CGImageSourceCreateImageAtIndex(source, 0, nil),
            let destination = CGImageDestinationCreateWithData(data as CFMutableData, type as CFString, 1, nil)
        else { return (false, false, false, [], 0) }
        let emptyFinalize = CGImageDestinationCreateWithData(NSMutableData(), type as CFString, 1, nil).map {
            CGImageDestinationFinalize($0)
        }
        CGImageDestinationAddImage(destination, image, nil)
        let first = CGImageDestinationFinalize(destination)
        let second = CGImageDestinationFinalize(destination)
        return (emptyFinalize == false, first, second, Array(data as Data), bitmapBytes(image))
    }

    /// A UIImage of the thumbnail of `bytes` at `scale` and `orientation`: its size in points, and whether it
    /// shares the thumbnail's bitmap.
    static func uiImage(_ bytes: [UInt8], scale: CGFloat, turnedLeft: Bool) -> (
        width: CGFloat, height: CGFloat, sharesBitmap: Bool, cgWidth: Int?
    )? {
        let options = [kCGImageSourceCreateThumbnailFromImageAlways: true] as CFDictionary
        guard let source = source(bytes), let thumbnail = CGImageSourceCreateThumbnailAtIndex(source, 0, options)
        else { return nil }
        let image = UIImage(cgImage: thumbnail, scale: scale, orientation: turnedLeft ? .left : .up)
        return (image.size.width, image.size.height, image.cgImage?.bitmap === thumbnail.bitmap, image.cgImage?.width)
    }

    /// Each frame's GIF delay, clamped and as stored, read back as `[CFString: Any]` as extensions read it.
    static func gifDelays(_ bytes: [UInt8]) -> [[Double]] {
        guard let source = source(bytes) else { return [] }
        return (0..<CGImageSourceGetCount(source)).map { index in
            let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [CFString: Any]
            let gif = properties?[kCGImagePropertyGIFDictionary] as? [CFString: Any]
            return [kCGImagePropertyGIFDelayTime, kCGImagePropertyGIFUnclampedDelayTime].map {
                gif?[$0] as? Double ?? -1
            }
        }
    }

    /// An incremental source's status and count with nothing, with the first `split` bytes, and with all.
    static func incremental(_ bytes: [UInt8], split: Int) -> [(status: Int32, count: Int)] {
        let source = CGImageSourceCreateIncremental(nil)
        var seen = [(CGImageSourceGetStatus(source).rawValue, CGImageSourceGetCount(source))]
        CGImageSourceUpdateData(source, Data(bytes.prefix(split)) as CFData, false)
        seen.append((CGImageSourceGetStatus(source).rawValue, CGImageSourceGetCount(source)))
        CGImageSourceUpdateData(source, Data(bytes) as CFData, true)
        seen.append((CGImageSourceGetStatus(source).rawValue, CGImageSourceGetCount(source)))
        return seen
    }

    /// Mutable data from Core Foundation, written by a destination.
    static func writeIntoCFData(_ bytes: [UInt8]) -> Int {
        let data: CFMutableData = CFDataCreateMutable(kCFAllocatorDefault, 0)
        guard let source = source(bytes),
            let destination = CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil)
        else { return -1 }
        CGImageDestinationAddImageFromSource(destination, source, 0, nil)
        return CGImageDestinationFinalize(destination) ? data.length : -1
    }
}
