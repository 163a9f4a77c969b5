public import Foundation

/// What an animation tells its delegate, as Core Animation's `CAAnimationDelegate`. Nothing is animated
/// here, so no animation starts or stops on its own: the calls come only where a layer removes an animation
/// it was given (``CALayer/removeAnimation(forKey:)``), with `finished` false, as iOS does.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation started.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation stopped; `flag` says whether it ran to its end.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// An animation, as Core Animation's: its timing and delegate, kept as given. A layer it is added to keeps
/// it under its key (``CALayer/animation(forKey:)``); the layer's values do not change.
open class CAAnimation: NSObject, CAMediaTiming {
    /// Its pacing.
    open var timingFunction: CAMediaTimingFunction?
    /// Told when it starts and stops (strongly held, as Core Animation's).
    open var delegate: (any CAAnimationDelegate)?
    /// Whether it is removed from its layer once it completes: true.
    open var isRemovedOnCompletion = true
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode = CAMediaTimingFillMode.removed

    /// An animation with the default timing.
    public override init() { super.init() }

    /// An animation from an archive: as on iOS, a subclass must implement it; here there is no archive to read.
    public required init?(coder: NSCoder) { super.init() }

    /// The animation's default for `key`: none.
    open class func defaultValue(forKey key: String) -> Any? { nil }
}

/// An animation of one of a layer's properties, named by its key path, as Core Animation's.
open class CAPropertyAnimation: CAAnimation {
    /// The animated property's key path (`"opacity"`, `"transform.scale"`).
    open var keyPath: String?
    /// Whether its values add to the property's current one.
    open var isAdditive = false
    /// Whether each repeat builds on the last one's end.
    open var isCumulative = false

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

/// An animation from one value to another, as Core Animation's `CABasicAnimation`.
open class CABasicAnimation: CAPropertyAnimation {
    /// The value it starts from.
    open var fromValue: Any?
    /// The value it ends at.
    open var toValue: Any?
    /// The value it changes by.
    open var byValue: Any?
}

/// An animation through a list of values, as Core Animation's `CAKeyframeAnimation`.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The values it passes through.
    open var values: [Any]?
    /// When it reaches each value, from 0 to 1.
    open var keyTimes: [NSNumber]?
    /// The pacing between each value and the next.
    open var timingFunctions: [CAMediaTimingFunction]?
}

/// Animations played together, as Core Animation's `CAAnimationGroup`.
open class CAAnimationGroup: CAAnimation {
    /// The animations in the group.
    open var animations: [CAAnimation]?
}
