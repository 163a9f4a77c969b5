public import Foundation

/// A view that lines its arranged subviews up, as UIKit's: their order, the axis, distribution, alignment and
/// spacing, kept. Its arranged subviews are its subviews too; one taken out of it leaves the arrangement, and
/// one removed from the arrangement stays a subview, as in UIKit.
///
/// Not faithful: UIKit arranges them with Auto Layout constraints, which nothing solves here (see
/// ``NSLayoutConstraint``): their frames are what code sets.
open class UIStackView: UIView {
    /// How arranged views fill the axis.
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How arranged views line up across the axis.
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        /// The same as leading, for a horizontal stack.
        public static var top: Alignment { .leading }
        /// The same as trailing, for a horizontal stack.
        public static var bottom: Alignment { .trailing }
    }

    /// The spacing that asks for UIKit's default between two views.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// The spacing that asks for the system spacing between two views.
    public static let spacingUseSystem = -CGFloat.greatestFiniteMagnitude

    /// The views it arranges, in order.
    public private(set) var arrangedSubviews: [UIView] = []
    /// The axis it arranges them along: horizontal.
    open var axis = NSLayoutConstraint.Axis.horizontal
    /// How they fill the axis: fill.
    open var distribution = Distribution.fill
    /// How they line up across it: fill.
    open var alignment = Alignment.fill
    /// The space between neighbours: 0.
    open var spacing: CGFloat = 0
    /// Whether they are arranged within its layout margins.
    open var isLayoutMarginsRelativeArrangement = false
    /// Whether vertical spacing is measured between baselines.
    open var isBaselineRelativeArrangement = false
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    /// A stack of `views`, arranged in that order.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Arranges `view` last, adding it as a subview.
    open func addArrangedSubview(_ view: UIView) { insertArrangedSubview(view, at: arrangedSubviews.count) }

    /// Arranges `view` at `stackIndex` (clamped), adding it as a subview when it is not one.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        removeFromArrangement(view)
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        setNeedsLayout()
    }

    /// Stops arranging `view`; it stays a subview.
    open func removeArrangedSubview(_ view: UIView) {
        removeFromArrangement(view)
        setNeedsLayout()
    }

    /// Sets the space after `arrangedSubview`.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
    }

    /// The space after `arrangedSubview`: its custom spacing, else ``spacingUseDefault``.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// A subview taken out leaves the arrangement too.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeFromArrangement(subview)
    }

    private func removeFromArrangement(_ view: UIView) {
        for (index, arranged) in arrangedSubviews.enumerated() where arranged === view {
            arrangedSubviews.remove(at: index)
            customSpacings[ObjectIdentifier(view)] = nil
            return
        }
    }
}
