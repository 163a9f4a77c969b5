public import Foundation

/// What a layer asks of its delegate, as Core Animation's `CALayerDelegate`; each has a default that does
/// nothing. Core Animation's are optional Objective-C methods, found on the delegate's class when called; these
/// are Swift requirements, so a method only a subclass of the conforming class declares is not called (declare
/// it on the class that conforms, or override it there). A view is its layer's delegate (UIKit).
public protocol CALayerDelegate: AnyObject {
    /// Gives the layer its contents (``CALayer/display()``).
    func display(_ layer: CALayer)
    /// Lays out the layer's sublayers (``CALayer/layoutSublayers()``).
    func layoutSublayers(of layer: CALayer)
    /// The action for `event` on `layer`: nil for the layer to look further.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// What a layer runs when one of its values changes, as Core Animation's `CAAction`: nothing animates here, so
/// no layer runs one; they are kept and found (``CALayer/action(forKey:)``). `NSNull` is the action that does
/// nothing, as in Core Animation's `actions` dictionaries.
public protocol CAAction {
    /// Runs the action for `event` on `anObject`.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    /// Does nothing.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// A layer, as Core Animation's model layer: its geometry, the values a design module sets on it (corner
/// radius and curve, masked corners, border, background, shadow, mask, opacity) with Apple's defaults, its
/// sublayers, layout passes and the animations it was given. Nothing is composited, drawn or animated (an
/// extension has no window): a value set is the value read, at once.
///
/// A view's layer is made of its ``UIView/layerClass``: see UIKit's notes for what a layer class of an app's
/// own gives. Its `transform` and actions are kept as given. Not here: `draw(in:)` and `render(in:)` (no
/// `CGContext`), hit testing, key-value coding of layer properties. An animation added is kept as the object
/// given (Core Animation copies it).
open class CALayer: NSObject, CAMediaTiming {
    /// Its own coordinate space: an origin and a size.
    open var bounds = CGRect.zero {
        didSet { if bounds.size != oldValue.size { setNeedsLayout() } }
    }
    /// Where its anchor point is in its superlayer's coordinates.
    open var position = CGPoint.zero
    /// The point of its bounds that ``position`` places, in unit coordinates: the centre, (0.5, 0.5).
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// Its place along the z axis.
    open var zPosition: CGFloat = 0
    /// Its anchor point's place along the z axis.
    open var anchorPointZ: CGFloat = 0
    /// Its rectangle in its superlayer's coordinates, from ``position``, ``anchorPoint`` and ``bounds``' size
    /// (the transform, not kept here, is the identity).
    open var frame: CGRect {
        get {
            CGRect(
                x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                width: bounds.width, height: bounds.height)
        }
        set {
            let standard = newValue.standardized
            bounds.size = standard.size
            position = CGPoint(
                x: standard.minX + anchorPoint.x * standard.width, y: standard.minY + anchorPoint.y * standard.height)
        }
    }

    /// Whether it is hidden.
    open var isHidden = false
    /// How opaque it is, 0 to 1.
    open var opacity: Float = 1
    /// Whether its contents are opaque (a hint for compositing).
    open var isOpaque = false
    /// Whether its back faces the viewer when turned around.
    open var isDoubleSided = true
    /// Whether its sublayers are clipped to its bounds (and its corners).
    open var masksToBounds = false
    /// The radius of its rounded corners.
    open var cornerRadius: CGFloat = 0
    /// Which corners ``cornerRadius`` rounds: all four.
    open var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    /// The curve of its rounded corners: circular.
    open var cornerCurve = CALayerCornerCurve.circular
    /// How far a corner of `curve` reaches, as a multiple of the radius, to look as round as a circular one:
    /// 1 for circular, about 1.53 for continuous.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }
    /// The width of its border.
    open var borderWidth: CGFloat = 0
    /// The color of its border: opaque black.
    open var borderColor: CGColor? = CGColor(gray: 0, alpha: 1)
    /// The color it is filled with: none.
    open var backgroundColor: CGColor?
    /// The color of its shadow: opaque black.
    open var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1)
    /// How opaque its shadow is: 0, no shadow.
    open var shadowOpacity: Float = 0
    /// How far its shadow is offset: (0, -3).
    open var shadowOffset = CGSize(width: 0, height: -3)
    /// The blur radius of its shadow: 3.
    open var shadowRadius: CGFloat = 3
    /// The shape of its shadow: its contents' when nil.
    open var shadowPath: CGPath?
    /// A layer whose alpha masks this one's contents; it has no superlayer, and masks one layer at most (set as
    /// another's mask, or added as a sublayer, it stops masking this one).
    open var mask: CALayer? {
        willSet {
            guard newValue !== mask else { return }
            mask?.maskedLayer = nil
            guard let newValue else { return }
            newValue.removeFromSuperlayer()
            if let previous = newValue.maskedLayer, previous !== self { previous.mask = nil }
        }
        didSet { mask?.maskedLayer = self }
    }
    /// The layer this one masks.
    private weak var maskedLayer: CALayer?
    /// Its transform about its anchor point (kept; ``frame`` does not apply it).
    open var transform = CATransform3DIdentity
    /// The transform applied to its sublayers (kept).
    open var sublayerTransform = CATransform3DIdentity
    /// The actions for its values' changes, by key (kept; nothing animates).
    open var actions: [String: any CAAction]?
    /// What it shows: usually a `CGImage`; kept as given.
    open var contents: Any?
    /// The part of ``contents`` shown, in unit coordinates: all of it.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// How ``contents`` fill its bounds: stretched.
    open var contentsGravity = CALayerContentsGravity.resize
    /// Pixels a point of ``contents``: 1.
    open var contentsScale: CGFloat = 1
    /// Whether it is drawn once into a bitmap and the bitmap reused.
    open var shouldRasterize = false
    /// Pixels a point of that bitmap: 1.
    open var rasterizationScale: CGFloat = 1
    /// Whether its edges are antialiased.
    open var allowsEdgeAntialiasing = false
    /// Whether it is redrawn when its bounds change.
    open var needsDisplayOnBoundsChange = false
    /// A name to find it by.
    open var name: String?
    /// Lays out and displays it in its place: held weakly.
    open weak var delegate: (any CALayerDelegate)?

    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed

    /// Its sublayers, back to front; nil when it has none, as Core Animation's.
    open var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            for layer in children { layer.superlayer = nil }
            children = []
            for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(children.count)) }
        }
    }
    private var children: [CALayer] = []
    /// The layer that holds it.
    open private(set) weak var superlayer: CALayer?

    private var needsLayoutPass = false
    private var needsDisplayPass = false
    private var animations: [(key: String?, animation: CAAnimation)] = []

    /// A layer with Core Animation's defaults.
    public override init() { super.init() }

    /// A copy of `layer`'s values (not its sublayers or animations), as Core Animation makes a presentation
    /// layer; a subclass with values of its own overrides it to copy them.
    public init(layer: Any) {
        super.init()
        guard let layer = layer as? CALayer else { return }
        copyValues(of: layer)
    }

    /// A layer from an archive: as on iOS, a subclass must implement it; here there is no archive to read.
    public required init?(coder: NSCoder) { super.init() }

    private func copyValues(of layer: CALayer) {
        (bounds, position, anchorPoint, zPosition, anchorPointZ) = (
            layer.bounds, layer.position, layer.anchorPoint, layer.zPosition, layer.anchorPointZ
        )
        (isHidden, opacity, isOpaque, isDoubleSided, masksToBounds) = (
            layer.isHidden, layer.opacity, layer.isOpaque, layer.isDoubleSided, layer.masksToBounds
        )
        (cornerRadius, maskedCorners, cornerCurve, borderWidth, borderColor, backgroundColor) = (
            layer.cornerRadius, layer.maskedCorners, layer.cornerCurve, layer.borderWidth, layer.borderColor,
            layer.backgroundColor
        )
        (shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath) = (
            layer.shadowColor, layer.shadowOpacity, layer.shadowOffset, layer.shadowRadius, layer.shadowPath
        )
        (contents, contentsRect, contentsGravity, contentsScale) = (
            layer.contents, layer.contentsRect, layer.contentsGravity, layer.contentsScale
        )
        (shouldRasterize, rasterizationScale, allowsEdgeAntialiasing, needsDisplayOnBoundsChange, name) = (
            layer.shouldRasterize, layer.rasterizationScale, layer.allowsEdgeAntialiasing,
            layer.needsDisplayOnBoundsChange, layer.name
        )
        (beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode) = (
            layer.beginTime, layer.duration, layer.speed, layer.timeOffset, layer.repeatCount,
            layer.repeatDuration, layer.autoreverses, layer.fillMode
        )
        (transform, sublayerTransform, actions) = (layer.transform, layer.sublayerTransform, layer.actions)
    }

    /// The layer as it is shown: none, as nothing is committed to a screen here.
    open func presentation() -> Self? { nil }

    /// The model layer: itself.
    open func model() -> Self { self }

    /// The affine part of its ``transform``.
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }

    /// Sets its ``transform`` to an affine one.
    open func setAffineTransform(_ transform: CGAffineTransform) {
        self.transform = CATransform3DMakeAffineTransform(transform)
    }

    /// The action for `event`: its delegate's, else its ``actions``' entry, else the class's default; an `NSNull`
    /// found on the way ends the search with nil, as Core Animation's; nil too while ``CATransaction`` disables
    /// actions.
    open func action(forKey event: String) -> (any CAAction)? {
        if CATransaction.disableActions() { return nil }
        let found = delegate?.action(for: self, forKey: event) ?? actions?[event] ?? Self.defaultAction(forKey: event)
        return found is NSNull ? nil : found
    }

    /// The default action for `event`: none.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    // MARK: Sublayers

    /// Adds `layer` at the front, taking it from its superlayer.
    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(children.count)) }

    /// Inserts `layer` at `index` (clamped to the sublayers' range, counted without `layer`), taking it from
    /// its superlayer.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        layer.maskedLayer?.mask = nil
        children.insert(layer, at: min(Int(index), children.count))
        layer.superlayer = self
        setNeedsLayout()
    }

    /// Inserts `layer` just below `sibling` (at the back when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard layer !== sibling else { return }
        if layer.superlayer === self { layer.removeFromSuperlayer() }
        insertSublayer(layer, at: UInt32(children.firstIndex { $0 === sibling } ?? 0))
    }

    /// Inserts `layer` just above `sibling` (at the front when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard layer !== sibling else { return }
        if layer.superlayer === self { layer.removeFromSuperlayer() }
        let index = children.firstIndex { $0 === sibling }.map { $0 + 1 } ?? children.count
        insertSublayer(layer, at: UInt32(index))
    }

    /// Puts `newLayer` where `oldLayer` is; nothing when `oldLayer` is not a sublayer.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer.superlayer === self, oldLayer !== newLayer,
            let index = children.firstIndex(where: { $0 === oldLayer })
        else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    /// Takes the layer out of its superlayer.
    open func removeFromSuperlayer() {
        guard let superlayer else { return }
        superlayer.children.removeAll { $0 === self }
        self.superlayer = nil
        superlayer.setNeedsLayout()
    }

    // MARK: Layout and display

    /// Marks the layer for layout at the next ``layoutIfNeeded()``.
    open func setNeedsLayout() { needsLayoutPass = true }

    /// Whether it is marked for layout.
    open func needsLayout() -> Bool { needsLayoutPass }

    /// Lays out what is marked, from the highest of its marked superlayers down through its sublayers.
    open func layoutIfNeeded() {
        var top = self
        while let superlayer = top.superlayer, superlayer.needsLayoutPass { top = superlayer }
        top.layoutMarked()
    }

    private func layoutMarked() {
        if needsLayoutPass {
            needsLayoutPass = false
            layoutSublayers()
        }
        for layer in children { layer.layoutMarked() }
    }

    /// Lays out its sublayers: asks its delegate.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The size it would prefer: its bounds' size.
    open func preferredFrameSize() -> CGSize { bounds.size }

    /// Marks it for display: nothing is drawn, ``display()`` runs at ``displayIfNeeded()``.
    open func setNeedsDisplay() { needsDisplayPass = true }

    /// Marks part of it for display.
    open func setNeedsDisplay(_ rect: CGRect) { needsDisplayPass = true }

    /// Whether it is marked for display.
    open func needsDisplay() -> Bool { needsDisplayPass }

    /// Displays it if it is marked.
    open func displayIfNeeded() {
        guard needsDisplayPass else { return }
        needsDisplayPass = false
        display()
    }

    /// Gives it its contents: asks its delegate.
    open func display() { delegate?.display(self) }

    // MARK: Animations

    /// Keeps `anim` under `key`, replacing one there (with no key, beside the others, unnamed). Nothing is
    /// animated: the layer's values stay as they are.
    open func add(_ anim: CAAnimation, forKey key: String?) {
        if let key { removeAnimation(forKey: key) }
        animations.append((key, anim))
    }

    /// The animation kept under `key`.
    open func animation(forKey key: String) -> CAAnimation? {
        animations.first { $0.key == key }?.animation
    }

    /// The keys of its named animations, in the order they were added; nil when it has none.
    open func animationKeys() -> [String]? {
        let keys = animations.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// Removes the animation under `key`; its delegate is told it stopped unfinished.
    open func removeAnimation(forKey key: String) {
        guard let index = animations.firstIndex(where: { $0.key == key }) else { return }
        let removed = animations.remove(at: index).animation
        removed.delegate?.animationDidStop(removed, finished: false)
    }

    /// Removes every animation, named or not; each delegate is told it stopped unfinished.
    open func removeAllAnimations() {
        let removed = animations.map(\.animation)
        animations = []
        for animation in removed { animation.delegate?.animationDidStop(animation, finished: false) }
    }

    // MARK: Geometry

    /// Whether `point`, in its coordinates, is inside its bounds.
    open func contains(_ point: CGPoint) -> Bool { bounds.contains(point) }

    /// `point` in this layer's coordinates converted to `layer`'s (to its root's when nil).
    open func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        let inRoot = pointInRoot(point)
        return layer?.pointFromRoot(inRoot) ?? inRoot
    }

    /// `point` in `layer`'s coordinates (its root's when nil) converted to this layer's.
    open func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        pointFromRoot(layer?.pointInRoot(point) ?? point)
    }

    /// `rect` in this layer's coordinates converted to `layer`'s.
    open func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: layer), size: rect.size)
    }

    /// `rect` in `layer`'s coordinates converted to this layer's.
    open func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: layer), size: rect.size)
    }

    private func pointInRoot(_ point: CGPoint) -> CGPoint {
        var point = point
        var layer: CALayer? = self
        while let current = layer, let superlayer = current.superlayer {
            point = CGPoint(
                x: point.x - current.bounds.minX + current.frame.minX,
                y: point.y - current.bounds.minY + current.frame.minY)
            layer = superlayer
        }
        return point
    }

    private func pointFromRoot(_ point: CGPoint) -> CGPoint {
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let current = layer, current.superlayer != nil {
            chain.append(current)
            layer = current.superlayer
        }
        var point = point
        for current in chain.reversed() {
            point = CGPoint(
                x: point.x - current.frame.minX + current.bounds.minX,
                y: point.y - current.frame.minY + current.bounds.minY)
        }
        return point
    }
}
