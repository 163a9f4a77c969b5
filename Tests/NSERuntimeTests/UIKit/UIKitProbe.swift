import Foundation
import NSEBenchImages

@testable import UIKit

/// The UIKit calls of ``UIImageTests``, in a file that does not import Testing (see there), each giving
/// plain values.
enum UIKitProbe {
    static func header(_ bytes: [UInt8]) -> (format: String, width: Int, height: Int)? {
        ImageHeader(bytes).map { ($0.format.rawValue, $0.width, $0.height) }
    }

    static func isImage(_ data: Data) -> Bool { UIImage(data: data) != nil }

    static func image(_ data: Data, scale: CGFloat) -> (
        width: CGFloat, height: CGFloat, png: Data?, jpeg: Data?, oldPNG: Data?
    )? {
        guard let image = UIImage(data: data, scale: scale) else { return nil }
        return (
            image.size.width, image.size.height, image.pngData(), image.jpegData(compressionQuality: 0.5),
            UIImagePNGRepresentation(image)
        )
    }

    static func namedImageExists(_ name: String) -> Bool { UIImage(named: name) != nil }

    static func render(width: CGFloat, height: CGFloat, scale: CGFloat) -> (
        ranActions: Bool, contextImageDuringActions: Bool, width: CGFloat, height: CGFloat, scale: CGFloat, png: Data,
        bitmapBytes: Int
    ) {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        var ran = false
        var inside = false
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image {
            context in
            ran = context.currentImage.size == CGSize(width: width, height: height)
            inside = UIGraphicsGetImageFromCurrentImageContext() != nil
        }
        return (
            ran, inside, image.size.width, image.size.height, image.scale, image.pngData() ?? Data(),
            image.bitmap.byteCount
        )
    }

    static func imageContext() -> (scaleInside: CGFloat, imageAfterEnd: Bool) {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 0)
        let scale = UIGraphicsGetImageFromCurrentImageContext()?.scale ?? 0
        UIGraphicsEndImageContext()
        return (scale, UIGraphicsGetImageFromCurrentImageContext() != nil)
    }

    static func thumbnailSide(of data: Data, side: CGFloat) -> CGFloat? {
        UIImage(data: data)?.preparingThumbnail(of: CGSize(width: side, height: side))?.size.width
    }

    /// The size a renderer gives for a size and scale that are not numbers a phone would draw at.
    static func renderedPixels(width: CGFloat, height: CGFloat, scale: CGFloat) -> (width: Int, height: Int) {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { _ in }
        return (image.image.width, image.image.height)
    }

    /// The bytes the image's decoded bitmap holds: before anything, after a draw, after a second draw
    /// and a re-encoding.
    static func bitmapBytes(_ data: Data) -> [Int] {
        guard let image = UIImage(data: data) else { return [] }
        var counts = [image.bitmap.byteCount]
        image.draw(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        counts.append(image.bitmap.byteCount)
        image.draw(at: .zero)
        _ = image.pngData()
        counts.append(image.bitmap.byteCount)
        return counts
    }

    /// `cropping(to:)` of the image of `data`: the crop's size in pixels (nil when the rectangle misses),
    /// the bytes the source's bitmap holds once cropped, whether the crop's file reads back at its size, and
    /// the bytes the source's bitmap holds after the crop is drawn (iOS decodes the whole source to draw a
    /// crop).
    static func crop(_ data: Data, to rect: CGRect) -> (
        width: Int, height: Int, croppedBitmap: Int, readsBack: Bool, sourceBitmap: Int
    )? {
        guard let image = UIImage(data: data), let crop = image.cgImage?.cropping(to: rect) else { return nil }
        let cropped = image.bitmap.byteCount
        let drawn = UIImage(cgImage: crop, scale: 2, orientation: .up)
        drawn.draw(in: CGRect(x: 0, y: 0, width: 30, height: 30))
        let readsBack = UIImage(data: crop.file).map { $0.size == CGSize(width: crop.width, height: crop.height) }
        return (crop.width, crop.height, cropped, readsBack ?? false, image.bitmap.byteCount)
    }

    /// Core Graphics' descriptions of a point, a size and a rectangle, as `"\(value)"` writes them.
    static func geometryDescriptions() -> [String] {
        let size = CGSize(width: 30, height: 20.5)
        return [
            "\(CGPoint(x: 1, y: -2))", "\(size)", size.debugDescription, "\(CGRect(x: 1, y: 2, width: 3, height: 4))",
        ]
    }

    /// The size in points and the orientation's raw value of the image of `data`.
    static func displayed(_ data: Data) -> (width: CGFloat, height: CGFloat, orientation: Int)? {
        UIImage(data: data).map { ($0.size.width, $0.size.height, $0.imageOrientation.rawValue) }
    }

    /// A subclass's `super.init(data:)`, as shipped code writes one.
    static func subclassWidth(_ data: Data) -> CGFloat? { TaggedImage(data: data)?.size.width }
}

/// A UIImage subclass of a user's kind.
final class TaggedImage: UIImage, @unchecked Sendable {
    let tag = "avatar"

    override init?(data: Data) { super.init(data: data) }
}
