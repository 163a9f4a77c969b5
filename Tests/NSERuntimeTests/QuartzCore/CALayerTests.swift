import Foundation
import Testing

// Core Animation's names come from CALayerProbe.swift, which imports QuartzCore without Testing: Swift Testing
// names a cross-import overlay for CoreGraphics, which QuartzCore re-exports (see UIKit/UIImageTests.swift).

/// Core Animation's model layer: Apple's defaults, geometry from position and anchor point, the sublayer
/// tree, layout passes, animations kept and removed, and copies made as presentation layers are.
@Suite("QuartzCore: CALayer")
struct CALayerTests {
    /// A delegate that counts what its layer asks of it.
    final class CountingDelegate: CALayerDelegate {
        var layouts = 0
        var displays = 0
        func layoutSublayers(of layer: CALayer) { layouts += 1 }
        func display(_ layer: CALayer) { displays += 1 }
    }

    /// An animation delegate that records how each animation stopped.
    final class StopRecorder: CAAnimationDelegate {
        var stops: [Bool] = []
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
    }

    @Test("a new layer has Core Animation's defaults")
    func defaults() {
        let layer = CALayer()
        #expect(layer.bounds == .zero && layer.position == .zero)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(layer.opacity == 1 && !layer.isHidden && !layer.masksToBounds && !layer.isOpaque)
        #expect(layer.cornerRadius == 0 && layer.cornerCurve == .circular)
        #expect(
            layer.maskedCorners == [
                .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
            ])
        #expect(layer.maskedCorners.rawValue == 15)
        #expect(layer.borderWidth == 0 && layer.borderColor == grayColor(0))
        #expect(layer.backgroundColor == nil)
        #expect(layer.shadowOpacity == 0 && layer.shadowRadius == 3)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowColor == grayColor(0) && layer.shadowPath == nil)
        #expect(layer.contentsGravity == .resize && layer.contentsScale == 1 && layer.rasterizationScale == 1)
        #expect(layer.sublayers == nil && layer.superlayer == nil && layer.mask == nil)
        #expect(layer.speed == 1 && layer.fillMode == .removed)
        #expect(CAShapeLayer().fillColor == grayColor(0) && CAShapeLayer().strokeColor == nil)
        #expect(CAShapeLayer().lineWidth == 1 && CAShapeLayer().lineCap == .butt && CAShapeLayer().fillRule == .nonZero)
        #expect(CAGradientLayer().startPoint == CGPoint(x: 0.5, y: 0) && CAGradientLayer().type == .axial)
    }

    @Test("the frame is the bounds' size placed by the position at the anchor point, and setting it moves both")
    func geometry() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.position = CGPoint(x: 60, y: 30)
        #expect(layer.frame == CGRect(x: 10, y: 10, width: 100, height: 40))
        layer.anchorPoint = .zero
        #expect(layer.frame == CGRect(x: 60, y: 30, width: 100, height: 40))
        layer.frame = CGRect(x: 20, y: 20, width: -10, height: 10)  // standardized: x 10, width 10
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 10, height: 10))
        #expect(layer.position == CGPoint(x: 10, y: 20) && layer.bounds.size == CGSize(width: 10, height: 10))
        // The bounds' origin is the layer's own coordinates: the frame does not move with it.
        layer.bounds.origin = CGPoint(x: 5, y: 5)
        #expect(layer.frame.origin == CGPoint(x: 10, y: 20))
        #expect(layer.contains(CGPoint(x: 6, y: 6)) && !layer.contains(CGPoint(x: 1, y: 1)))
    }

    @Test("sublayers keep their order as they are added, inserted, replaced and removed")
    func sublayers() {
        let root = CALayer()
        let layers = (0..<5).map { index in
            let layer = CALayer()
            layer.name = "\(index)"
            return layer
        }
        func names() -> [String] { root.sublayers?.compactMap(\.name) ?? [] }
        root.addSublayer(layers[0])
        root.addSublayer(layers[1])
        root.insertSublayer(layers[2], at: 0)
        #expect(names() == ["2", "0", "1"])
        root.insertSublayer(layers[3], below: layers[1])
        root.insertSublayer(layers[4], above: layers[2])
        #expect(names() == ["2", "4", "0", "3", "1"])
        root.insertSublayer(layers[0], at: 99)  // moved, clamped to the front
        #expect(names() == ["2", "4", "3", "1", "0"])
        let replacement = CALayer()
        replacement.name = "r"
        root.replaceSublayer(layers[3], with: replacement)
        #expect(names() == ["2", "4", "r", "1", "0"] && layers[3].superlayer == nil)
        root.replaceSublayer(layers[3], with: CALayer())  // not a sublayer: nothing
        #expect(names() == ["2", "4", "r", "1", "0"])
        let other = CALayer()
        other.addSublayer(layers[4])  // taken from root
        #expect(names() == ["2", "r", "1", "0"] && layers[4].superlayer === other)
        root.addSublayer(root)  // a layer is never its own sublayer
        root.sublayers = nil
        #expect(root.sublayers == nil && layers[0].superlayer == nil && layers[2].superlayer == nil)
    }

    @Test("a mask has no superlayer: setting one takes it out of its superlayer")
    func mask() {
        let root = CALayer()
        let mask = CAShapeLayer()
        root.addSublayer(mask)
        let layer = CALayer()
        root.addSublayer(layer)
        layer.mask = mask
        #expect(mask.superlayer == nil && root.sublayers?.count == 1 && layer.mask === mask)
    }

    @Test("layout asks the delegate once for what is marked, again only when marked; a size change marks it")
    func layout() {
        let delegate = CountingDelegate()
        let parent = CALayer()
        let child = CALayer()
        child.delegate = delegate
        parent.addSublayer(child)
        child.layoutIfNeeded()
        #expect(delegate.layouts == 0)  // never marked: only the parent was, when the child was added
        child.setNeedsLayout()
        child.layoutIfNeeded()
        child.layoutIfNeeded()
        #expect(delegate.layouts == 1 && !child.needsLayout())
        child.bounds.origin = CGPoint(x: 3, y: 3)  // same size: not marked
        child.layoutIfNeeded()
        child.bounds.size = CGSize(width: 10, height: 10)
        #expect(child.needsLayout())
        parent.layoutIfNeeded()  // a parent's pass reaches its marked sublayers
        #expect(delegate.layouts == 2)
        child.setNeedsDisplay()
        child.displayIfNeeded()
        child.displayIfNeeded()
        #expect(delegate.displays == 1)
    }

    @Test("animations are kept under their keys and removed, their delegates told they stopped unfinished")
    func animations() {
        let layer = CALayer()
        let recorder = StopRecorder()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.3
        fade.delegate = recorder
        layer.add(fade, forKey: "fade")
        layer.add(CABasicAnimation(keyPath: "position"), forKey: nil)
        #expect(layer.animationKeys() == ["fade"])
        #expect((layer.animation(forKey: "fade") as? CABasicAnimation)?.keyPath == "opacity")
        #expect(layer.opacity == 1)  // nothing animates the model value
        let replacement = CABasicAnimation(keyPath: "opacity")
        layer.add(replacement, forKey: "fade")  // replaces, and the replaced one stops
        replacement.delegate = recorder
        #expect(recorder.stops == [false])
        #expect((layer.animation(forKey: "fade") as? CABasicAnimation)?.keyPath == "opacity")
        layer.removeAnimation(forKey: "missing")  // nothing there: no delegate told
        #expect(recorder.stops == [false])
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil && layer.animation(forKey: "fade") == nil)
        #expect(recorder.stops == [false, false], "the replacement's delegate told too")
    }

    @Test("3-D transforms: rotation, concatenation order, inverse, the affine round trip")
    func transforms() {
        let values = CALayerProbe.transforms().map { ($0 * 1e6).rounded() / 1e6 }
        #expect(values == [0, 1, -1, 0, 20, 2, 1, 0, 3, 4, 1, 1])
    }

    @Test("transactions nest, run their completion at commit; actions are found unless disabled")
    func transactions() {
        #expect(
            CALayerProbe.transactions() == [
                "true true true", "outside", "1.0 true true", "inner", "false", "outer", "0.25",
            ])
    }

    @Test("a mask masks one layer; a curve after a close starts at the subpath's start; extended gray is gamma 2.2")
    func maskPathAndGray() {
        #expect(CALayerProbe.maskBookkeeping() == [true, true, true])
        let box = CALayerProbe.curveAfterClose()
        #expect(abs(box.minX + 30) < 1e-6, "the curve from (0, 0) reaches x = -30")
        let grays = CALayerProbe.extendedGrayInSRGB()
        #expect(abs(grays[0] - grays[1]) < 1e-9)
    }

    @Test("init(layer:) copies a layer's values, a shape or gradient layer's own included, not its sublayers")
    func copies() {
        let shape = CAShapeLayer()
        shape.cornerRadius = 12
        shape.shadowOpacity = 0.5
        shape.path = rectanglePath(CGRect(x: 0, y: 0, width: 4, height: 4))
        shape.lineWidth = 3
        shape.addSublayer(CALayer())
        let copy = CAShapeLayer(layer: shape)
        #expect(copy.cornerRadius == 12 && copy.shadowOpacity == 0.5 && copy.lineWidth == 3)
        #expect(copy.path == shape.path && copy.sublayers == nil)
        let gradient = CAGradientLayer()
        gradient.colors = [grayColor(1), grayColor(0)]
        gradient.locations = [0, 1]
        gradient.endPoint = CGPoint(x: 1, y: 1)
        let gradientCopy = CAGradientLayer(layer: gradient)
        #expect(gradientCopy.colors?.count == 2 && gradientCopy.locations == [0, 1])
        #expect(gradientCopy.endPoint == CGPoint(x: 1, y: 1))
        #expect(CALayer(layer: "not a layer").opacity == 1)  // anything else: the defaults
    }

    @Test("points convert through nested layers' frames and bounds")
    func conversion() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let middle = CALayer()
        middle.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        middle.bounds.origin = CGPoint(x: 10, y: 0)  // scrolled by 10
        let inner = CALayer()
        inner.frame = CGRect(x: 20, y: 20, width: 10, height: 10)
        root.addSublayer(middle)
        middle.addSublayer(inner)
        let point = inner.convert(CGPoint(x: 1, y: 2), to: root)
        #expect(point == CGPoint(x: 61, y: 72))
        #expect(inner.convert(point, from: root) == CGPoint(x: 1, y: 2))
        #expect(inner.convert(CGRect(x: 1, y: 2, width: 3, height: 4), to: nil).origin == CGPoint(x: 61, y: 72))
    }

    @Test("media time runs forward; timing functions and corner curves have Apple's values")
    func timing() throws {
        let first = CACurrentMediaTime()
        Thread.sleep(forTimeInterval: 0.01)
        #expect(CACurrentMediaTime() > first)
        var point: [Float] = [0, 0]
        CAMediaTimingFunction(name: .easeInEaseOut).getControlPoint(at: 1, values: &point)
        #expect(point == [0.42, 0])
        CAMediaTimingFunction(name: .easeInEaseOut).getControlPoint(at: 9, values: &point)  // outside: untouched
        #expect(point == [0.42, 0])
        #expect(CAMediaTimingFunction(name: .linear) == CAMediaTimingFunction(controlPoints: 0, 0, 1, 1))
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(CALayer.cornerCurveExpansionFactor(.continuous) > 1.5)
    }
}
