import Foundation
import UIKit

// Views' layers, colors as Core Graphics', Bézier paths and the screen, as a design module shared with an
// extension uses them, in a file that imports no Testing (see UIImageTests.swift), each giving plain values.

/// A view whose layer is a gradient, as a design module's gradient views are.
final class GradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }
}

/// A view sizing a gradient layer as its layer's delegate, as design code does in `layoutSublayers(of:)`.
final class GradientBackedView: UIView {
    let gradient = CAGradientLayer()
    private(set) var layouts: [String] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.insertSublayer(gradient, at: 0)
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts.append("layoutSubviews")
    }

    override func layoutSublayers(of layer: CALayer) {
        super.layoutSublayers(of: layer)
        MainActor.assumeIsolated {
            layouts.append("layoutSublayers")
            gradient.frame = bounds
        }
    }
}

/// A shape layer of an app's own, which nse-bench cannot make by name.
final class BadgeLayer: CAShapeLayer {}

/// A view asking for the app's own layer class.
final class BadgeView: UIView {
    override class var layerClass: AnyClass { BadgeLayer.self }
}

enum UIKitLayerProbe {
    /// What a view's properties set on its layer, and the layer's values read back through the view.
    @MainActor
    static func viewAndLayer() -> [String: String] {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        var seen: [String: String] = [:]
        seen["layer frame"] = "\(view.layer.frame)"
        seen["layer position"] = "\(view.layer.position)"
        view.alpha = 0.25
        view.clipsToBounds = true
        view.isHidden = true
        view.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        seen["opacity"] = "\(view.layer.opacity)"
        seen["masksToBounds"] = "\(view.layer.masksToBounds)"
        seen["layer hidden"] = "\(view.layer.isHidden)"
        seen["layer background"] = "\(view.layer.backgroundColor?.components ?? [])"
        view.layer.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        view.layer.masksToBounds = false
        view.layer.opacity = 1
        seen["view frame"] = "\(view.frame)"
        seen["clipsToBounds"] = "\(view.clipsToBounds)"
        seen["alpha"] = "\(view.alpha)"
        view.backgroundColor = nil
        seen["cleared background"] = "\(view.layer.backgroundColor == nil)"
        view.layer.cornerRadius = 8
        view.layer.cornerCurve = .continuous
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        seen["corners"] =
            "\(view.layer.cornerRadius) \(view.layer.cornerCurve.rawValue) \(view.layer.maskedCorners.rawValue)"
        view.layer.backgroundColor = UIColor.red.cgColor  // set on the layer: the view reads it back
        seen["background from layer"] = "\(view.backgroundColor?.cgColor.components ?? [])"
        return seen
    }

    /// The layer classes of a plain view, a gradient view, and a view asking for a class of the app's own.
    @MainActor
    static func layerClasses() -> [String] {
        [UIView().layer, GradientView().layer, BadgeView().layer].map { "\(type(of: $0))" }
    }

    /// A fixed, a gray, a Display P3 and a dynamic color as Core Graphics colors: space names and components.
    static func cgColors() -> [String] {
        let colors = [
            UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8), UIColor(white: 0.5, alpha: 1),
            UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1), UIColor(red: 1.2, green: -0.1, blue: 0, alpha: 1),
        ]
        return colors.map { color in
            let cg = color.cgColor
            return "\(cg.colorSpace?.name.map { $0 as String } ?? "none") \(cg.components ?? [])"
        }
    }

    /// A dynamic color's Core Graphics color in light and dark traits.
    static func dynamicCGColor() -> [CGFloat] {
        let color = UIColor { $0.userInterfaceStyle == .dark ? .white : .black }
        var white: [CGFloat] = []
        UITraitCollection(userInterfaceStyle: .dark).performAsCurrent { white = color.cgColor.components ?? [] }
        return white + (color.cgColor.components ?? [])
    }

    /// Colors made from Core Graphics colors, back to their components.
    static func colorsFromCGColors() -> [[CGFloat]] {
        let sources = [
            CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4), CGColor(gray: 0.7, alpha: 0.5),
            UIColor(displayP3Red: 0.3, green: 0.2, blue: 0.1, alpha: 1).cgColor,
        ]
        return sources.map { source in
            let color = UIColor(cgColor: source)
            var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
            color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
            return [red, green, blue, alpha]
        } + [
            [
                UIColor(cgColor: UIColor(displayP3Red: 0.3, green: 0.2, blue: 0.1, alpha: 1).cgColor)
                    == UIColor(displayP3Red: 0.3, green: 0.2, blue: 0.1, alpha: 1) ? 1 : 0
            ]
        ]
    }

    /// Bounds of paths as design code makes them: rounded rectangles, an oval, an arc each way, an empty path.
    static func pathBounds() -> [CGRect] {
        let rect = CGRect(x: 10, y: 10, width: 80, height: 40)
        let someCorners = UIBezierPath(
            roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 8, height: 8))
        // A quarter circle from 3 o'clock turning clockwise on screen (y grows downwards) ends at 6 o'clock.
        let clockwise = UIBezierPath(
            arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let counterclockwise = UIBezierPath(
            arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        return [
            UIBezierPath(roundedRect: rect, cornerRadius: 500).bounds, someCorners.bounds,
            UIBezierPath(ovalIn: rect).bounds, UIBezierPath(rect: rect).bounds,
            CGRect(origin: clockwise.currentPoint, size: .zero), counterclockwise.bounds, UIBezierPath().bounds,
        ]
    }

    /// Whether points are inside a rounded rectangle (its corner cut off), and inside a ring by each fill rule.
    static func pathContains() -> [Bool] {
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 40)
        let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
        let winding = ring.contains(CGPoint(x: 50, y: 50))
        ring.usesEvenOddFillRule = true
        return [
            rounded.contains(CGPoint(x: 50, y: 50)), rounded.contains(CGPoint(x: 2, y: 2)), winding,
            ring.contains(CGPoint(x: 50, y: 50)), ring.contains(CGPoint(x: 10, y: 50)),
        ]
    }

    /// A path's Core Graphics copy is independent of later changes; a transform moves every point; dashes are
    /// read back.
    static func pathCopiesAndDashes() -> (copied: CGRect, moved: CGRect, dashes: [CGFloat], count: Int, phase: CGFloat)
    {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let copy = path.cgPath
        path.addLine(to: CGPoint(x: 50, y: 50))
        path.apply(CGAffineTransform(translationX: 5, y: 5))
        path.setLineDash([4, 2], count: 2, phase: 1)
        var dashes: [CGFloat] = [0, 0]
        var count = 0
        var phase: CGFloat = 0
        path.getLineDash(&dashes, count: &count, phase: &phase)
        return (copy.boundingBox, path.bounds, dashes, count, phase)
    }

    /// The screen's figures.
    static func screen() -> [CGFloat] {
        let screen = UIScreen.main
        screen.brightness = 3
        let clamped = screen.brightness
        screen.brightness = 0.5
        return [
            screen.bounds.width, screen.bounds.height, screen.scale, screen.nativeScale, screen.nativeBounds.width,
            screen.nativeBounds.height, clamped, CGFloat(UIScreen.screens.count),
        ]
    }

    /// A view's layer tree: its subviews' layers among its sublayers, in the subviews' order around a layer of its
    /// own; the view its layer's delegate; a layer's layout reaching the view's.
    @MainActor
    static func layerTree() -> [String] {
        let view = GradientBackedView(frame: CGRect(x: 0, y: 0, width: 80, height: 20))
        let (first, second) = (UIView(), UIView())
        first.tag = 1
        second.tag = 2
        view.addSubview(first)
        view.addSubview(second)
        view.sendSubviewToBack(second)
        func sublayers() -> String {
            view.layer.sublayers?.map { layer in
                layer === view.gradient
                    ? "gradient" : layer === first.layer ? "first" : layer === second.layer ? "second" : "?"
            }.joined(separator: " ") ?? "none"
        }
        var seen = [sublayers(), "\(first.layer.superlayer === view.layer) \(view.layer.delegate === view)"]
        view.layer.layoutIfNeeded()  // through the layer: the view lays out
        seen.append(view.layouts.joined(separator: " ") + " \(view.gradient.frame.width)")
        view.layer.bounds.size.width = 50  // the layer's size changed: the view is marked
        view.layoutIfNeeded()
        seen.append("\(view.layouts.count) \(view.gradient.frame.width)")
        first.removeFromSuperview()
        seen.append(sublayers())
        seen.append("\(view.layer.action(forKey: "bounds") == nil)")  // the view's NSNull: no action
        return seen
    }

    /// Colors of other spaces read back as UIColor: an extended Display P3 color keeps its components, linear
    /// sRGB and gray gamma 2.2 are converted.
    static func otherSpaces() -> [[CGFloat]] {
        func components(_ color: UIColor) -> [CGFloat] {
            var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
            color.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
            return [red, green, blue, alpha].map { ($0 * 1000).rounded() / 1000 }
        }
        let p3 = CGColor(colorSpace: CGColorSpace(name: CGColorSpace.extendedDisplayP3)!, components: [1.1, 0, 0, 1])!
        let linear = CGColor(colorSpace: CGColorSpace(name: CGColorSpace.linearSRGB)!, components: [0.5, 0.5, 0.5, 1])!
        return [
            components(UIColor(cgColor: p3)), UIColor(cgColor: p3).cgColor.components ?? [],
            components(UIColor(cgColor: linear)), components(UIColor(cgColor: CGColor(gray: 0.5, alpha: 1))),
        ]
    }

    /// A copied path is independent of its original and keeps its class and line values.
    static func copiedPath() -> (original: CGRect, copy: CGRect, lineWidth: CGFloat, sameClass: Bool) {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.lineWidth = 4
        let copy = path.copy() as! UIBezierPath
        copy.apply(CGAffineTransform(translationX: 100, y: 0))
        return (path.bounds, copy.bounds, copy.lineWidth, type(of: copy) == UIBezierPath.self && copy !== path)
    }
}
