// UIKit's UIImage on Linux, for extensions that check, size or re-encode what they downloaded: an image
// read from its header (format and size), not decoded. Drawing or re-encoding one allocates what iOS would
// decode it into (4 bytes a pixel, kept while the image lives), so the memory limit judges it as jetsam
// would; what iOS would draw or encode, and its CPU time, are not simulated: `pngData()` and
// `jpegData(compressionQuality:)` give the image's own bytes, and an image a renderer made is blank at the
// size asked (``BlankPNG``). The run names each such call `not faithful:`.
@_exported public import CoreGraphics
// On iOS, UIKit brings Core Text's functions with it (SwiftGen's font code calls CTFontManagerRegisterFontsForURL
// with `import UIKit` alone).
@_exported public import CoreText
@_exported public import Foundation
// On iOS, UIKit brings ImageIO with it (through CoreImage), and extensions call CGImageSource with UIKit alone.
@_exported public import ImageIO
internal import NSEBenchImages
// On iOS, UIKit brings Core Animation with it: `view.layer.cornerRadius` and `CALayer` need `import UIKit` alone.
@_exported public import QuartzCore

/// An image, as UIKit's: made from an image file's bytes, sized from its header, over a ``CGImage`` that
/// shares those bytes (not copied) and the bitmap iOS would decode them into.
open class UIImage: NSObject, @unchecked Sendable {
    // @unchecked: every stored property but `renderingMode` is a `let` set once in init: values, and `image`,
    // whose stored properties are `let`s and a bitmap that locks itself; `renderingMode` is set only by
    // `withRenderingMode(_:)`, on the copy it makes, before it returns it.

    /// The pixels: the file it was made from (or the blank PNG a renderer made) and the bitmap.
    let image: CGImage
    /// The size in points as displayed: pixels divided by ``scale``, width and height swapped for a JPEG whose
    /// EXIF turns it a quarter.
    public let size: CGSize
    /// Pixels per point.
    public let scale: CGFloat
    /// How the image is turned for display: a JPEG's EXIF orientation, `.up` for the rest, or as given with
    /// a `CGImage`.
    public let imageOrientation: Orientation

    /// The image's bytes: the file it was made from, or the blank PNG a renderer made.
    var bytes: Data { image.file }
    /// What iOS would decode the image into, allocated when it is first drawn or re-encoded.
    var bitmap: DecodedBitmap { image.bitmap }

    // Every init is designated, as iOS's Objective-C ones are to Swift, so a subclass's `super.init(data:)`
    // links.

    /// An image of `data`: nil when it is no image UIKit reads (PNG, JPEG, GIF, WebP, BMP, HEIC), as on iOS.
    public init?(data: Data) {
        guard let read = Self.read(data, scale: 1) else { return nil }
        (image, scale, size, imageOrientation) = read
    }

    /// An image of `data` at `scale` pixels per point.
    public init?(data: Data, scale: CGFloat) {
        guard let read = Self.read(data, scale: scale) else { return nil }
        (image, self.scale, size, imageOrientation) = read
    }

    /// The image in the file at `path`; nil when it cannot be read or is no image.
    public init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path), let read = Self.read(data, scale: 1) else {
            return nil
        }
        (image, scale, size, imageOrientation) = read
    }

    /// The image of `data` at `scale`, its header read in place: its size in points as displayed, so a photo
    /// whose EXIF turns it a quarter (orientations 5 to 8, as a phone held upright stores them) has its
    /// width and height swapped.
    private static func read(_ data: Data, scale: CGFloat) -> (CGImage, CGFloat, CGSize, Orientation)? {
        guard scale > 0, scale.isFinite, let header = data.withUnsafeBytes({ ImageHeader(buffer: $0) }) else {
            return nil
        }
        let turned = (5...8).contains(header.orientation)
        let (width, height) = turned ? (header.height, header.width) : (header.width, header.height)
        return (
            CGImage(width: header.width, height: header.height, file: data), scale,
            CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale),
            orientation(exif: header.orientation)
        )
    }

    /// The image named `name` in the main bundle: a file of it, or an image set of its asset catalog
    /// (``NamedImages``); nil when there is none, or it is no image. In the extension's worker processes the
    /// bundle holds its target folder's resources; inside nse-bench (`--extension-processes 0`) it is
    /// nse-bench's, which has none.
    public init?(named name: String) {
        guard let found = NamedImages.find(name), let data = FileManager.default.contents(atPath: found.file.path),
            let read = Self.read(data, scale: found.scale)
        else { return nil }
        (image, self.scale, size, imageOrientation) = read
    }

    /// The image named `name` in `bundle` (the main bundle when nil), as ``init(named:)`` finds it there: how
    /// a Swift package's code reads its own images (`UIImage(named: "logo", in: .module, compatibleWith: nil)`,
    /// SwiftGen's asset code). The traits choose nothing: an image set's appearance variants are passed over.
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let found = NamedImages.find(name, in: bundle ?? .main),
            let data = FileManager.default.contents(atPath: found.file.path),
            let read = Self.read(data, scale: found.scale)
        else { return nil }
        (image, self.scale, size, imageOrientation) = read
    }

    /// An empty image, as UIKit's `UIImage()`: no pixels, size zero, no `CGImage` and no PNG or JPEG bytes.
    public override init() {
        (image, scale, size, imageOrientation) = (CGImage(width: 0, height: 0, file: Data()), 1, .zero, .up)
    }

    /// Whether the image has no pixels (``init()``).
    private var isEmpty: Bool { image.width == 0 }

    /// A symbol image: nil, as SF Symbols are not on Linux.
    public init?(systemName name: String) { return nil }

    /// An image of `cgImage`, at 1 pixel a point, upright.
    public init(cgImage: CGImage) {
        (image, scale, imageOrientation) = (cgImage, 1, .up)
        size = CGSize(width: cgImage.width, height: cgImage.height)
    }

    /// An image of `cgImage` at `scale` pixels per point (1 for what is not above zero), turned for display
    /// by `orientation`: its width and height swapped for the quarter turns.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        image = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        imageOrientation = orientation
        let turned = [.left, .right, .leftMirrored, .rightMirrored].contains(orientation)
        let (width, height) = turned ? (cgImage.height, cgImage.width) : (cgImage.width, cgImage.height)
        size = CGSize(width: CGFloat(width) / self.scale, height: CGFloat(height) / self.scale)
    }

    /// How the image is drawn: as it is, or as a template filled with the tint colour.
    public private(set) var renderingMode = RenderingMode.automatic

    /// UIKit's rendering modes.
    public enum RenderingMode: Int, Sendable {
        case automatic, alwaysOriginal, alwaysTemplate
    }

    /// A copy of the image drawn in `renderingMode`, sharing its pixels.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = isEmpty ? UIImage() : UIImage(cgImage: image, scale: scale, orientation: imageOrientation)
        copy.renderingMode = renderingMode
        return copy
    }

    /// The image's `CGImage`: the one it was made of, or the one made with it, the same each time; nil for an
    /// empty image.
    open var cgImage: CGImage? { isEmpty ? nil : image }

    /// UIKit's orientation for EXIF's (1 to 8).
    private static func orientation(exif: Int) -> Orientation {
        switch exif {
        case 2: .upMirrored
        case 3: .down
        case 4: .downMirrored
        case 5: .leftMirrored
        case 6: .right
        case 7: .rightMirrored
        case 8: .left
        default: .up
        }
    }

    /// UIKit's orientations.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// PNG bytes of the image: its own bytes (a PNG as it came, or another format as it came: iOS's
    /// re-encoding, its time and its output size, are not simulated). The decoded bitmap iOS would make
    /// first is allocated (``DecodedBitmap``).
    open func pngData() -> Data? {
        guard !isEmpty else { return nil }
        decode()
        return bytes
    }

    /// JPEG bytes of the image: its own bytes, whatever `compressionQuality` (see ``pngData()``).
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        guard !isEmpty else { return nil }
        decode()
        return bytes
    }

    /// Draws the image into the current image context: nothing is drawn (see the module's note), but the
    /// decoded bitmap iOS would make is allocated (``DecodedBitmap``).
    open func draw(in rect: CGRect) { decode() }

    /// Draws the image at `point`: as ``draw(in:)``.
    open func draw(at point: CGPoint) { decode() }

    /// Allocates the bitmap iOS would decode this image into, once (a renderer's image has its own already).
    private func decode() { image.decode() }

    /// A thumbnail of `size` points: blank, at this image's scale (iOS 15).
    open func preparingThumbnail(of size: CGSize) -> UIImage? {
        BlankPNG.image(size: size, scale: scale)
    }

    /// ``preparingThumbnail(of:)``, awaited.
    open func byPreparingThumbnail(ofSize size: CGSize) async -> UIImage? { preparingThumbnail(of: size) }
}

/// UIKit's old PNG function: ``UIImage/pngData()``.
public func UIImagePNGRepresentation(_ image: UIImage) -> Data? { image.pngData() }

/// UIKit's old JPEG function: ``UIImage/jpegData(compressionQuality:)``.
public func UIImageJPEGRepresentation(_ image: UIImage, _ compressionQuality: CGFloat) -> Data? {
    image.jpegData(compressionQuality: compressionQuality)
}
