// Core Graphics on Linux, as far as a Notification Service Extension reaches it through ImageIO and UIKit:
// `CGImage`, an image of a size in pixels whose pixels are not decoded; `CGAffineTransform`; colors
// (`CGColor`, `CGColorSpace`) as values, converted between the sRGB, Display P3 and gray spaces; and paths
// (`CGPath`, `CGMutablePath`) kept as their elements, with their bounding boxes and point containment.
// Foundation already gives Linux `CGFloat`, `CGSize`, `CGPoint` and `CGRect`; this module re-exports it.
// Nothing is drawn: drawing (`CGContext`) is not here.
@_exported public import Foundation
package import NSEBenchImages

/// A bitmap image, as Core Graphics': its size in pixels, 8 bits a component and 4 components a pixel
/// (RGBA, as iOS decodes photos). Its pixels are not decoded: ``DecodedBitmap`` allocates what iOS would
/// hold once it is (a thumbnail at once, an image from a source when it is cached or encoded), so the
/// memory limit judges it as jetsam would.
public final class CGImage: @unchecked Sendable {
    // @unchecked: every stored property is a `let`: values, and `bitmap`, which locks itself.

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bits of each colour component: 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits of each pixel: 32.
    public var bitsPerPixel: Int { 32 }
    /// Bytes of each row: 4 a pixel.
    public var bytesPerRow: Int { width * 4 }

    /// The image file this image is: the one it was read from (shared, not copied: a source's, a
    /// UIImage's), or a blank PNG of its size (``BlankPNG``), made when first asked for a crop (iOS
    /// allocates nothing to crop: the crop's pixels are its source's).
    package var file: Data { storedFile ?? Data(BlankPNG.bytes(width: width, height: height)) }
    /// The file given; nil for a crop's, made when asked.
    private let storedFile: Data?
    /// What iOS would hold of the decoded image.
    package let bitmap: DecodedBitmap
    /// The pixels decoding allocates: the image's own, or those of the image a crop was cut from.
    private let decodedSize: (width: Int, height: Int)

    /// An image of `width` × `height` pixels whose file is `file`, sharing `bitmap` (a UIImage's, or a
    /// new one), which decoding fills with `decodedSize` pixels (by default the image's own).
    package init(
        width: Int, height: Int, file: Data?, bitmap: DecodedBitmap = DecodedBitmap(),
        decodedSize: (width: Int, height: Int)? = nil
    ) {
        self.width = width
        self.height = height
        storedFile = file
        self.bitmap = bitmap
        self.decodedSize = decodedSize ?? (width, height)
    }

    /// A blank image of `width` × `height` pixels (a thumbnail, a drawing), its bitmap allocated at once, as
    /// iOS holds the pixels it made.
    package static func blank(width: Int, height: Int) -> CGImage {
        let image = CGImage(width: width, height: height, file: Data(BlankPNG.bytes(width: width, height: height)))
        image.decode()
        return image
    }

    /// The image within `rect` (in pixels, made integral as Core Graphics does), or nil when `rect` misses
    /// the image or is not made of numbers (NaN; infinite but for `CGRect.infinite`). Nothing is
    /// allocated, as on iOS: the crop's file is a blank PNG of its size made only when asked for
    /// (`pngData()`), and it shares this image's bitmap, whole: iOS decodes the whole image a crop was cut
    /// from to draw it, and keeps it while either lives.
    public func cropping(to rect: CGRect) -> CGImage? {
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let fields = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        // Foundation on Linux traps on a NaN or infinite rectangle's intersection; Core Graphics answers.
        guard !rect.isNull, !fields.contains(where: \.isNaN) else { return nil }
        let asked = rect.isInfinite ? bounds : rect
        guard fields.allSatisfy(\.isFinite) || rect.isInfinite else { return nil }
        let cut = asked.standardized.intersection(bounds).integral
        guard !cut.isNull, !cut.isEmpty else { return nil }
        return CGImage(
            width: Int(cut.width), height: Int(cut.height), file: nil, bitmap: bitmap, decodedSize: decodedSize)
    }

    /// Allocates the bitmap iOS would decode this image into, once: for a crop, the whole image it was cut
    /// from.
    package func decode() { bitmap.decode(width: decodedSize.width, height: decodedSize.height) }
}
