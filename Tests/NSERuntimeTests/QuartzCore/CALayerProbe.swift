import CoreGraphics
import QuartzCore

// Core Animation's names for CALayerTests.swift, which cannot import QuartzCore beside Testing (Swift Testing
// names a cross-import overlay for CoreGraphics, which QuartzCore re-exports; see UIKit/UIImageTests.swift).
// Each is the framework's own type, so the tests use the names as user code does.

typealias CALayer = QuartzCore.CALayer
typealias CAShapeLayer = QuartzCore.CAShapeLayer
typealias CAGradientLayer = QuartzCore.CAGradientLayer
typealias CALayerDelegate = QuartzCore.CALayerDelegate
typealias CAAnimationDelegate = QuartzCore.CAAnimationDelegate
typealias CAAnimation = QuartzCore.CAAnimation
typealias CABasicAnimation = QuartzCore.CABasicAnimation
typealias CAMediaTimingFunction = QuartzCore.CAMediaTimingFunction

/// Core Animation's media time.
func CACurrentMediaTime() -> Double { QuartzCore.CACurrentMediaTime() }

/// Core Graphics' opaque gray.
func grayColor(_ gray: CGFloat) -> CGColor { CGColor(gray: gray, alpha: 1) }

/// Core Graphics' path of a rectangle.
func rectanglePath(_ rect: CGRect) -> CGPath { CGPath(rect: rect, transform: nil) }

/// An action of the app's own.
struct RecordingAction: CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Core Animation's values that need its functions, as plain values for CALayerTests.swift.
enum CALayerProbe {
    /// Transforms: a rotation's matrix, a concatenation applied to a point, an inverse, the affine round trip.
    static func transforms() -> [CGFloat] {
        let rotation = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let moved = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)  // translate, then scale
        let inverse = CATransform3DConcat(moved, CATransform3DInvert(moved))
        let layer = QuartzCore.CALayer()
        layer.setAffineTransform(CGAffineTransform(translationX: 3, y: 4))
        return [
            rotation.m11, rotation.m12, rotation.m21, rotation.m22, moved.m41, moved.m11,
            CATransform3DIsIdentity(inverse) ? 1 : 0,
            CATransform3DIsIdentity(CATransform3DInvert(CATransform3D())) ? 1 : 0,
            layer.transform.m41, layer.affineTransform().ty, CATransform3DIsAffine(layer.transform) ? 1 : 0,
            CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)) ? 1 : 0,
        ]
    }

    /// Transactions: nested values, completion blocks run at each commit, one set outside at once; actions
    /// found, and none while actions are disabled.
    static func transactions() -> [String] {
        var log: [String] = []
        let layer = QuartzCore.CALayer()
        layer.actions = ["bounds": NSNull(), "opacity": RecordingAction()]
        log.append(
            "\(layer.action(forKey: "bounds") == nil) \(layer.action(forKey: "position") == nil) "
                + "\(layer.action(forKey: "opacity") is RecordingAction)")
        QuartzCore.CATransaction.setCompletionBlock { log.append("outside") }
        QuartzCore.CATransaction.begin()
        QuartzCore.CATransaction.setAnimationDuration(1)
        QuartzCore.CATransaction.setCompletionBlock { log.append("outer") }
        QuartzCore.CATransaction.begin()
        QuartzCore.CATransaction.setDisableActions(true)
        log.append(
            "\(QuartzCore.CATransaction.animationDuration()) \(QuartzCore.CATransaction.disableActions()) "
                + "\(layer.action(forKey: "opacity") == nil)")
        QuartzCore.CATransaction.setCompletionBlock { log.append("inner") }
        QuartzCore.CATransaction.commit()
        log.append("\(QuartzCore.CATransaction.disableActions())")
        QuartzCore.CATransaction.commit()
        QuartzCore.CATransaction.commit()  // none open: nothing
        log.append("\(QuartzCore.CATransaction.animationDuration())")
        return log
    }

    /// A mask masks one layer: set on another, or added as a sublayer, it leaves the first.
    static func maskBookkeeping() -> [Bool] {
        let (first, second, host) = (QuartzCore.CALayer(), QuartzCore.CALayer(), QuartzCore.CALayer())
        let mask = QuartzCore.CAShapeLayer()
        first.mask = mask
        second.mask = mask
        let movedOn = first.mask == nil && second.mask === mask
        host.addSublayer(mask)
        return [movedOn, second.mask == nil, mask.superlayer === host]
    }

    /// The bounding box of a path whose curve follows a close, which starts at the closed subpath's start.
    static func curveAfterClose() -> CGRect {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 1))
        path.closeSubpath()
        path.addCurve(to: .zero, control1: CGPoint(x: -40, y: 40), control2: CGPoint(x: -40, y: 40))
        return path.boundingBoxOfPath
    }

    /// A gray of extended gray and one of gray gamma 2.2, converted to sRGB: the same, as Apple's spaces share
    /// their colorimetry.
    static func extendedGrayInSRGB() -> [CGFloat] {
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)!
        let extended = CGColor(colorSpace: CGColorSpace(name: CGColorSpace.extendedGray)!, components: [0.5, 1])!
        return [extended, CGColor(gray: 0.5, alpha: 1)].map {
            ($0.converted(to: srgb, intent: .defaultIntent, options: nil)?.components?[0] ?? -1)
        }
    }
}
