public import Foundation
internal import NSEBenchImages

/// How a renderer's images are made, as UIKit's: their scale and whether they are opaque.
public final class UIGraphicsImageRendererFormat: NSObject {

    /// Pixels per point; the screen's by default.
    public var scale: CGFloat = UIScreen.main.scale
    /// Whether the images have no alpha.
    public var opaque = false

    /// The default format.
    public override init() {}

    /// The default format, as UIKit's class method.
    public class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// The preferred format: the default one.
    public class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What a renderer's drawing closure gets, as UIKit's: the format and the image so far (blank).
public final class UIGraphicsImageRendererContext: NSObject {
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat
    /// The image drawn so far: blank, as drawing is not simulated.
    public let currentImage: UIImage

    init(format: UIGraphicsImageRendererFormat, currentImage: UIImage) {
        self.format = format
        self.currentImage = currentImage
    }

    /// Fills `rect`: nothing is drawn.
    public func fill(_ rect: CGRect) {}

    /// Strokes `rect`: nothing is drawn.
    public func stroke(_ rect: CGRect) {}
}

/// A renderer of images, as UIKit's: the drawing closure runs, on the calling thread, and the image it
/// gives is a blank PNG of the renderer's size (drawing is not simulated; the run says so).
public final class UIGraphicsImageRenderer: NSObject {
    /// The size of the images, in points.
    public let size: CGSize
    /// Their format.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of images of `size` points, in the default format.
    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    /// A renderer of images of `size` points, in `format`.
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.size = size
        self.format = format
    }

    /// A renderer of images of `bounds`' size.
    public convenience init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.init(size: bounds.size, format: format)
    }

    /// Runs `actions` and gives the image: blank, of ``size`` at the format's scale.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let image = BlankPNG.image(size: size, scale: format.scale)
        ImageContextStack.push(image)
        defer { ImageContextStack.pop() }
        actions(UIGraphicsImageRendererContext(format: format, currentImage: image))
        return image
    }

    /// ``image(actions:)``'s PNG bytes.
    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).bytes
    }

    /// ``image(actions:)``'s bytes, whatever `compressionQuality` (a PNG: encoding is not simulated).
    public func jpegData(
        withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void
    ) -> Data {
        image(actions: actions).bytes
    }
}

/// Starts an image context of `size` points at `scale` (0: the screen's), as UIKit's function.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    ImageContextStack.push(BlankPNG.image(size: size, scale: scale > 0 ? scale : UIScreen.main.scale))
}

/// Starts an image context of `size` points at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// The current image context's image: blank, of its size; nil outside one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? { ImageContextStack.top }

/// Ends the current image context.
public func UIGraphicsEndImageContext() { ImageContextStack.pop() }

/// The image contexts begun on the calling thread, innermost last: UIKit's are per thread too.
enum ImageContextStack {
    private static let key = "nse-bench.UIKit.imageContexts"

    private final class Stack {
        var images: [UIImage] = []
    }

    private static var stack: Stack {
        if let stack = Thread.current.threadDictionary[key] as? Stack { return stack }
        let stack = Stack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }

    static func push(_ image: UIImage) { stack.images.append(image) }
    static func pop() { _ = stack.images.popLast() }
    static var top: UIImage? { stack.images.last }
}
