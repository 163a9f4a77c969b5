public import Foundation

/// A view showing an image, as UIKit's: the image is kept and sizes the view; nothing is drawn.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown.
    open var image: UIImage?
    /// The image shown while highlighted.
    open var highlightedImage: UIImage?
    /// Whether it is highlighted.
    open var isHighlighted = false

    /// A view of `frame` with no image.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// A view the size of `image`, showing it.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    /// A view the size of `image`, showing it, and `highlightedImage` while highlighted.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        self.image = image
        self.highlightedImage = highlightedImage
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    /// A view from an archive: there is none to read here.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The image's size, as UIKit's; none without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size, as UIKit's; its own without an image.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? bounds.size }
}
