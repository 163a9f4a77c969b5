import Foundation
import Testing

// The UIKit calls are in UIKitLayerProbe.swift, which imports no Testing (see UIImageTests.swift).

/// A view's layer, UIColor's Core Graphics colors, UIBezierPath and UIScreen, as design code shared with an
/// extension uses them.
@Suite("UIKit: layers, Core Graphics colors, Bézier paths, the screen")
struct UIKitLayerTests {
    @Test("a view's geometry, opacity, clipping, visibility and background are its layer's, both ways")
    @MainActor
    func viewIsItsLayer() {
        let seen = UIKitLayerProbe.viewAndLayer()
        #expect(seen["layer frame"] == "(10.0, 20.0, 100.0, 50.0)")
        #expect(seen["layer position"] == "(60.0, 45.0)")
        #expect(seen["opacity"] == "0.25" && seen["masksToBounds"] == "true" && seen["layer hidden"] == "true")
        #expect(seen["layer background"] == "[1.0, 0.5, 0.0, 1.0]")
        #expect(seen["view frame"] == "(0.0, 0.0, 30.0, 30.0)")
        #expect(seen["clipsToBounds"] == "false" && seen["alpha"] == "1.0")
        #expect(seen["cleared background"] == "true")
        #expect(seen["corners"] == "8.0 continuous 3")
        #expect(seen["background from layer"] == "[1.0, 0.0, 0.0, 1.0]")
    }

    @Test("subviews' layers are sublayers in the subviews' order; the view is its layer's delegate and lays out")
    @MainActor
    func layerTree() {
        #expect(
            UIKitLayerProbe.layerTree() == [
                "gradient second first", "true true", "layoutSubviews layoutSublayers 80.0", "4 50.0",
                "gradient second",
                "true",
            ])
    }

    @Test("UIColor(cgColor:) keeps extended Display P3 and converts linear sRGB and gray gamma 2.2")
    func otherSpaces() {
        let read = UIKitLayerProbe.otherSpaces()
        #expect(read[1] == [1.1, 0, 0, 1], "Display P3 kept as given")
        #expect(read[2] == [0.735, 0.735, 0.735, 1], "linear 0.5 is sRGB 0.735")
        #expect(read[3] == [0.5, 0.5, 0.5, 1], "gray gamma 2.2 read as the gray it is")
    }

    @Test("a copied Bézier path is its own: transforming it leaves the original")
    func copiedPath() {
        let (original, copy, lineWidth, sameClass) = UIKitLayerProbe.copiedPath()
        #expect(original == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(copy == CGRect(x: 100, y: 0, width: 10, height: 10) && lineWidth == 4 && sameClass)
    }

    @Test("a view's layer is of its layerClass; a class of the app's own gets the nearest of Core Animation's")
    @MainActor
    func layerClasses() {
        #expect(UIKitLayerProbe.layerClasses() == ["CALayer", "CAGradientLayer", "CAShapeLayer"])
    }

    @Test("UIColor's cgColor is in iOS's space for it, components kept (extended values too)")
    func cgColors() {
        #expect(
            UIKitLayerProbe.cgColors() == [
                "kCGColorSpaceExtendedSRGB [0.2, 0.4, 0.6, 0.8]", "kCGColorSpaceExtendedGray [0.5, 1.0]",
                "kCGColorSpaceDisplayP3 [1.0, 0.0, 0.0, 1.0]", "kCGColorSpaceExtendedSRGB [1.2, -0.1, 0.0, 1.0]",
            ])
        #expect(UIKitLayerProbe.dynamicCGColor() == [1, 1, 0, 1])
    }

    @Test("UIColor(cgColor:) reads RGB, gray and Display P3 colors back")
    func colorsFromCGColors() {
        #expect(
            UIKitLayerProbe.colorsFromCGColors() == [
                [0.1, 0.2, 0.3, 0.4], [0.7, 0.7, 0.7, 0.5], [0.3, 0.2, 0.1, 1], [1],
            ])
    }

    @Test("Bézier paths have the bounds UIKit gives them; arcs turn clockwise on screen")
    func pathBounds() {
        let bounds = UIKitLayerProbe.pathBounds()
        let rect = CGRect(x: 10, y: 10, width: 80, height: 40)
        #expect(Array(bounds[0...3]) == [rect, rect, rect, rect])
        #expect(abs(bounds[4].minX) < 1e-9 && abs(bounds[4].minY - 10) < 1e-9)  // ends at 6 o'clock: (0, 10)
        // The long way round (three quarters, counterclockwise on screen) reaches every side but the lower right.
        #expect(abs(bounds[5].minX + 10) < 1e-6 && abs(bounds[5].minY + 10) < 1e-6)
        #expect(bounds[6].isNull)
    }

    @Test("a rounded rectangle excludes its corner; a ring's hole is inside by winding, outside by even-odd")
    func pathContains() {
        #expect(UIKitLayerProbe.pathContains() == [true, false, true, false, true])
    }

    @Test("cgPath is a copy; apply moves every point; a dash pattern is read back")
    func pathCopies() {
        let (copied, moved, dashes, count, phase) = UIKitLayerProbe.pathCopiesAndDashes()
        #expect(copied == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(moved == CGRect(x: 5, y: 5, width: 50, height: 50))
        #expect(dashes == [4, 2] && count == 2 && phase == 1)
    }

    @Test("the screen is an iPhone's: 393 × 852 points at 3×; brightness is clamped")
    func screen() {
        #expect(UIKitLayerProbe.screen() == [393, 852, 3, 3, 1179, 2556, 1, 1])
    }
}
