public import Foundation

/// A rectangle on screen, as UIKit's: code an app shares with its extension (a design module's views) makes,
/// sizes, nests and lays out views, so their geometry and hierarchy behave as on iOS; nothing is drawn or
/// shown (an extension has no window), and Auto Layout's constraints are kept, not solved (``NSLayoutConstraint``).
///
/// Its geometry, opacity, visibility, clipping and background are its ``layer``'s, as on iOS: `view.alpha`
/// is `layer.opacity`, `clipsToBounds` is `layer.masksToBounds`. The layer is made of ``layerClass``: Core
/// Animation's own classes (`CALayer`, `CAShapeLayer`, `CAGradientLayer`) are made as they are; a layer class
/// of an app's own cannot be made by name on Linux (no Objective-C runtime), so its view gets a layer of the
/// nearest of those it inherits from, and its own initializer does not run.
@preconcurrency @MainActor
open class UIView: UIResponder {
    /// How a view's content fills its bounds, as UIKit's.
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft,
            topRight, bottomLeft, bottomRight
    }

    /// The layer the view is: made of ``layerClass`` when first asked for.
    open var layer: CALayer { backingLayer }
    private lazy var backingLayer: CALayer = {
        let layer = UIView.makeLayer(of: type(of: self).layerClass)
        layer.delegate = self
        layer.setNeedsLayout()  // a new view is laid out at the first pass
        return layer
    }()

    /// The class of the view's layer: `CALayer`; a subclass returns another (see the type's notes).
    open class var layerClass: AnyClass { CALayer.self }

    /// A layer of `layerClass`, or of the nearest of Core Animation's classes it inherits from.
    private static func makeLayer(of layerClass: AnyClass) -> CALayer {
        switch layerClass {
        case is CAGradientLayer.Type: CAGradientLayer()
        case is CAShapeLayer.Type: CAShapeLayer()
        default: CALayer()
        }
    }

    /// The frame's size with an origin of zero, unless set otherwise: the layer's bounds.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let before = layer.bounds.size
            layer.bounds = newValue
            if newValue.size != before { setNeedsLayout() }
        }
    }
    /// Where the view's centre is in its superview's coordinates: the layer's position.
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    /// The rectangle in its superview's coordinates: the layer's frame, from ``center`` and ``bounds``' size.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let before = layer.bounds.size
            layer.frame = newValue
            if layer.bounds.size != before { setNeedsLayout() }
        }
    }
    /// The background colour: the layer's, as a `UIColor` (the one set, while the layer still has its
    /// `cgColor`).
    open var backgroundColor: UIColor? {
        get {
            guard let shown = layer.backgroundColor else { return nil }
            if let ownBackgroundColor, ownBackgroundColor.cgColor == shown { return ownBackgroundColor }
            return UIColor(cgColor: shown)
        }
        set {
            ownBackgroundColor = newValue
            layer.backgroundColor = newValue?.cgColor
        }
    }
    private var ownBackgroundColor: UIColor?
    /// The tint colour: the superview's unless set.
    open var tintColor: UIColor! {
        get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
        set { ownTintColor = newValue }
    }
    private var ownTintColor: UIColor?
    /// How opaque it is, 0 to 1: the layer's opacity.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { layer.opacity = Float(newValue) }
    }
    /// Whether it is hidden: the layer's.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    /// Whether it is opaque.
    open var isOpaque = true
    /// Whether its subviews are clipped to its bounds: the layer's ``CALayer/masksToBounds``.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    /// Whether it takes touches.
    open var isUserInteractionEnabled = true
    /// How its content fills its bounds.
    open var contentMode = ContentMode.scaleToFill
    /// A number to find it by (``viewWithTag(_:)``).
    open var tag = 0
    /// Whether Auto Layout constraints would be made from its autoresizing mask (kept; nothing solves constraints here).
    open var translatesAutoresizingMaskIntoConstraints = true
    /// Its accessibility identifier.
    open var accessibilityIdentifier: String?
    /// Its accessibility label.
    open var accessibilityLabel: String?
    /// Its accessibility hint.
    open var accessibilityHint: String?
    /// Whether it is an element assistive technologies reach.
    open var isAccessibilityElement = false
    /// Its affine transform, kept by its layer (nothing is drawn; ``frame`` does not apply it).
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }
    /// How it resizes when its superview's bounds change (kept; nothing resizes it here).
    open var autoresizingMask: AutoresizingMask = []
    /// The margins its content keeps from its edges: 8 points each, as UIKit's default.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// The margins, leading and trailing.
    /// The same margins, leading and trailing (left to right, as the phone's language reads).
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            NSDirectionalEdgeInsets(
                top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom,
                trailing: layoutMargins.right)
        }
        set {
            layoutMargins = UIEdgeInsets(
                top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }
    /// Whether it keeps its superview's margins too.
    open var preservesSuperviewLayoutMargins = false
    /// The part of it a window's bars cover: none, as it is shown in no window.
    open var safeAreaInsets: UIEdgeInsets { .zero }
    /// Pixels a point of its content: the screen's.
    open var contentScaleFactor: CGFloat = UIScreen.main.scale
    /// Its appearance, overriding its traits' (kept; the phone's traits are what views read here).
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified
    /// Whether it takes touches alone.
    open var isExclusiveTouch = false
    /// Whether it takes several touches at once.
    open var isMultipleTouchEnabled = false
    /// A view whose alpha masks this one's content (kept; nothing is drawn).
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }

    /// How a view resizes with its superview, as UIKit's.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    // MARK: Auto Layout (kept, not solved: see NSLayoutConstraint)

    /// The constraints it holds: those activated with it as their items' nearest common ancestor, or added.
    public private(set) var constraints: [NSLayoutConstraint] = []
    /// The layout guides added to it.
    public private(set) var layoutGuides: [UILayoutGuide] = []
    /// Its margins as a layout guide.
    public private(set) lazy var layoutMarginsGuide = UILayoutGuide(owningView: self, role: .margins)
    /// Its safe area as a layout guide.
    public private(set) lazy var safeAreaLayoutGuide = UILayoutGuide(owningView: self, role: .safeArea)
    private var hugging: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultLow, .defaultLow)
    private var compressionResistance: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (
        .defaultHigh, .defaultHigh
    )
    private var constraintsNeedUpdate = true

    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    open var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    open var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }

    /// Holds `constraint` (taken from the view that held it).
    open func addConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.holder === self { return }
        constraint.holder?.removeConstraint(constraint)
        constraints.append(constraint)
        constraint.holder = self
        setNeedsLayout()
    }

    /// Holds each of `constraints`.
    open func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Stops holding `constraint`, which is then inactive.
    open func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.holder === self else { return }
        for (index, held) in constraints.enumerated() where held === constraint {
            constraints.remove(at: index)
            break
        }
        constraint.holder = nil
        setNeedsLayout()
    }

    /// Stops holding each of `constraints`.
    open func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    /// Adds a layout guide.
    open func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuides.append(layoutGuide)
        layoutGuide.owningView = self
    }

    /// Removes a layout guide.
    open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        for (index, guide) in layoutGuides.enumerated() where guide === layoutGuide {
            layoutGuides.remove(at: index)
            layoutGuide.owningView = nil
            return
        }
    }

    /// How much it resists growing past its intrinsic size along `axis`: 250 unless set.
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Sets how much it resists growing along `axis`.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { hugging.horizontal = priority } else { hugging.vertical = priority }
    }

    /// How much it resists shrinking below its intrinsic size along `axis`: 750 unless set.
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compressionResistance.horizontal : compressionResistance.vertical
    }

    /// Sets how much it resists shrinking along `axis`.
    open func setContentCompressionResistancePriority(
        _ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis
    ) {
        if axis == .horizontal {
            compressionResistance.horizontal = priority
        } else {
            compressionResistance.vertical = priority
        }
    }

    /// Updates its constraints: nothing by default (a subclass overrides it and calls super last, as UIKit asks).
    open func updateConstraints() { constraintsNeedUpdate = false }

    /// Marks its constraints for ``updateConstraintsIfNeeded()``.
    open func setNeedsUpdateConstraints() { constraintsNeedUpdate = true }

    /// Whether its constraints are marked for update.
    open func needsUpdateConstraints() -> Bool { constraintsNeedUpdate }

    /// Calls ``updateConstraints()`` on it and its subviews, where marked, subviews first, as UIKit does.
    open func updateConstraintsIfNeeded() {
        for subview in subviews { subview.updateConstraintsIfNeeded() }
        if constraintsNeedUpdate { updateConstraints() }
    }

    /// The views it holds, back to front.
    public private(set) var subviews: [UIView] = []
    /// The view that holds it.
    public private(set) weak var superview: UIView?

    /// A view of `frame`.
    public init(frame: CGRect) {
        super.init()
        layer.frame = frame
    }

    /// A view of no size.
    public convenience override init() { self.init(frame: .zero) }

    /// A view from an archive: as on iOS, a subclass must implement it; here there is no archive to read.
    public required init?(coder: NSCoder) {
        super.init()
    }

    /// The next responder: its superview.
    open override var next: UIResponder? { superview }

    /// Adds `view` at the front, taking it from its superview.
    open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` (clamped to the subviews' range, counted without `view`), taking it from
    /// its superview; both are laid out at the next pass.
    ///
    /// As UIKit's, a view that changes superview hears ``willMove(toSuperview:)`` and ``didMoveToSuperview()``
    /// (and ``willMove(toWindow:)`` and ``didMoveToWindow()``, with its subviews, when its window changes), its old
    /// superview ``willRemoveSubview(_:)`` and this view ``didAddSubview(_:)``; one moved among its siblings hears
    /// nothing.
    open func insertSubview(_ view: UIView, at index: Int) {
        // A view is never its own subview, nor its ancestor's (UIKit raises; nothing is done here).
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview === self {
            if let old = Self.index(of: view, in: subviews) { subviews.remove(at: old) }
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            placeLayer(of: view)
            setNeedsLayout()
            view.setNeedsLayout()
            return
        }
        let (oldWindow, newWindow) = (view.window, window)
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.tellSubtreeWillMove(toWindow: newWindow) }
        if let old = view.superview {
            old.willRemoveSubview(view)
            if let at = Self.index(of: view, in: old.subviews) { old.subviews.remove(at: at) }
            old.setNeedsLayout()
        }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        placeLayer(of: view)
        setNeedsLayout()
        view.setNeedsLayout()
        didAddSubview(view)
        view.didMoveToSuperview()
        if oldWindow !== newWindow { view.tellSubtreeDidMoveToWindow() }
    }

    /// Inserts `view` just below `sibling` (at the front when `sibling` is not a subview).
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard view !== sibling else { return }
        let others = subviewsWithout(view)
        insertSubview(view, at: Self.index(of: sibling, in: others) ?? others.count)
    }

    /// Inserts `view` just above `sibling` (at the front when `sibling` is not a subview).
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard view !== sibling else { return }
        let others = subviewsWithout(view)
        if let below = Self.index(of: sibling, in: others) {
            insertSubview(view, at: below + 1)
        } else {
            insertSubview(view, at: others.count)
        }
    }

    /// The subviews but `view`: where indices are counted for a view moved among its siblings, which
    /// ``insertSubview(_:at:)`` moves without a hook, as UIKit does.
    private func subviewsWithout(_ view: UIView) -> [UIView] {
        var others = subviews
        if let at = Self.index(of: view, in: others) { others.remove(at: at) }
        return others
    }

    /// Moves `view` to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` to the back.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Takes the view out of its superview.
    open func removeFromSuperview() {
        guard let superview else { return }
        let oldWindow = window
        superview.willRemoveSubview(self)
        willMove(toSuperview: nil)
        if oldWindow != nil { tellSubtreeWillMove(toWindow: nil) }
        if let at = Self.index(of: self, in: superview.subviews) { superview.subviews.remove(at: at) }
        self.superview = nil
        layer.removeFromSuperlayer()
        superview.setNeedsLayout()
        // Leaving a window: the window hook first, as iOS's logs show.
        if oldWindow != nil { tellSubtreeDidMoveToWindow() }
        didMoveToSuperview()
    }

    /// The window it is in: its root view, when that is a window; nil for a view in none (an extension
    /// shows none).
    open var window: UIWindow? {
        var root = self
        while let superview = root.superview { root = superview }
        return root as? UIWindow
    }

    /// Called before the view moves to `newSuperview` (nil when it is taken out): nothing by default.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view moved to another superview, or out of one: nothing by default.
    open func didMoveToSuperview() {}
    /// Called before the view moves to `newWindow` (nil when it leaves one): nothing by default.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's window changed: nothing by default.
    open func didMoveToWindow() {}
    /// Called after `subview` was added: nothing by default.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is taken out: nothing by default.
    open func willRemoveSubview(_ subview: UIView) {}

    private func tellSubtreeWillMove(toWindow newWindow: UIWindow?) {
        willMove(toWindow: newWindow)
        for subview in subviews { subview.tellSubtreeWillMove(toWindow: newWindow) }
    }

    private func tellSubtreeDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviews { subview.tellSubtreeDidMoveToWindow() }
    }

    // MARK: Traits and touches

    /// The view's traits: the thread's current ones, which are the phone's unless code set others (a view shown
    /// nowhere inherits none from a window).
    open var traitCollection: UITraitCollection { .current }

    /// Called when the view's traits changed: never here, where the phone's appearance does not change during an
    /// invocation; nothing by default.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Whether `point`, in the view's coordinates, is inside its bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The farthest descendant (front to back) that is visible, takes touches and holds `point`, or the view
    /// itself; nil when the point is outside, or the view is hidden, nearly transparent or takes no touches.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Whether the view is `view` or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The view or its first descendant (depth first) with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Lays out its subviews: nothing by default, as UIKit's without constraints.
    open func layoutSubviews() {}

    /// Marks the view for layout at the next ``layoutIfNeeded()``: marks its layer, as UIKit does.
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out what is marked, as UIKit's, through the layers: from the highest of this view's marked
    /// superviews (a superview's layout may move this view), then down through the subviews, each view's
    /// layer asking it, its delegate, to ``layoutSublayers(of:)``.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Where `view` is in `views`, by identity.
    ///
    /// A loop, not `firstIndex { $0 === view }`: a closure formed in a view's method is main-actor isolated, and
    /// Swift checks that isolation when it runs; Swift 5 mode extensions call views' methods off the main thread
    /// (as iOS's SDK lets them), where the check would stop the process. No closure runs in UIView's methods.
    private nonisolated static func index(of view: UIView, in views: [UIView]) -> Int? {
        for (index, candidate) in views.enumerated() where candidate === view { return index }
        return nil
    }

    /// Puts `view`'s layer among this view's sublayers where the view is among its subviews: just above the
    /// layer of the subview behind it (at the back when it is the first), as UIKit keeps them.
    private func placeLayer(of view: UIView) {
        guard let index = Self.index(of: view, in: subviews) else { return }
        if index > 0 {
            layer.insertSublayer(view.layer, above: subviews[index - 1].layer)
        } else if subviews.count > 1 {
            layer.insertSublayer(view.layer, below: subviews[1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    // MARK: The layer's delegate

    /// Lays out `layer`'s sublayers: for the view's own layer, the view's ``layoutSubviews()``, as UIKit's.
    /// Nonisolated as Core Animation calls it; see ``UncheckedMainActor``.
    nonisolated open func layoutSublayers(of layer: CALayer) {
        let laidOut = ObjectIdentifier(layer)
        UncheckedMainActor.run {
            if ObjectIdentifier(self.layer) == laidOut { self.layoutSubviews() }
        }
    }

    /// Gives `layer` its contents: nothing is drawn.
    nonisolated open func display(_ layer: CALayer) {}

    /// The action for `event` on `layer`: `NSNull`, none, as UIKit's outside an animation block.
    nonisolated open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { NSNull() }

    /// Marks the view for drawing: nothing is drawn.
    open func setNeedsDisplay() {}

    /// Draws the view's content: nothing by default.
    open func draw(_ rect: CGRect) {}

    /// The size that fits `size`: its own, as UIKit's default.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to ``sizeThatFits(_:)`` its current size, keeping its frame's origin, as UIKit's.
    open func sizeToFit() {
        var resized = frame
        resized.size = sizeThatFits(bounds.size)
        frame = resized
    }

    /// The size its content needs: none, as UIKit's default.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Says its intrinsic size changed: nothing to redo here.
    open func invalidateIntrinsicContentSize() {}

    /// UIKit's value for a dimension with no intrinsic size.
    public static let noIntrinsicMetric: CGFloat = -1

    /// `point` in this view's coordinates converted to `view`'s (to the root's when nil), through their
    /// common ancestors' frames: its layer's conversion, as the view's geometry is its layer's.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { layer.convert(point, to: view?.layer) }

    /// `point` in `view`'s coordinates (the root's when nil) converted to this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { layer.convert(point, from: view?.layer) }

    /// `rect` in this view's coordinates converted to `view`'s.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { layer.convert(rect, to: view?.layer) }

    /// `rect` in `view`'s coordinates converted to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { layer.convert(rect, from: view?.layer) }
}

/// A view is its layer's delegate, as on iOS.
extension UIView: CALayerDelegate {}
