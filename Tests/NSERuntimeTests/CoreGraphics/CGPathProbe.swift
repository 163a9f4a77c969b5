import CoreGraphics
import Foundation

// Core Graphics' paths as shared app code builds them, in a file that imports no Testing (see
// CGColorProbe.swift), each giving plain values.

enum CGPathProbe {
    /// One element as plain values: its kind's raw value and its points.
    struct Element: Equatable, CustomStringConvertible {
        var type: Int32
        var points: [CGPoint]
        var description: String { "\(type)\(points.map { "(\($0.x), \($0.y))" })" }
    }

    /// The elements `applyWithBlock` hands out, their points copied.
    static func elements(_ path: CGPath) -> [Element] {
        var result: [Element] = []
        path.applyWithBlock { element in
            let count = [1, 1, 2, 3, 0][Int(element.pointee.type.rawValue)]
            let points = (0..<count).map { element.pointee.points[$0] }
            result.append(Element(type: element.pointee.type.rawValue, points: points))
        }
        return result
    }

    /// Both bounding boxes.
    static func boxes(_ path: CGPath) -> (box: CGRect, tight: CGRect) { (path.boundingBox, path.boundingBoxOfPath) }

    static func rect(_ rect: CGRect) -> CGPath { CGPath(rect: rect, transform: nil) }

    static func ellipse(_ rect: CGRect) -> CGPath { CGPath(ellipseIn: rect, transform: nil) }

    static func roundedRect(_ rect: CGRect, _ width: CGFloat, _ height: CGFloat) -> CGPath {
        CGPath(roundedRect: rect, cornerWidth: width, cornerHeight: height, transform: nil)
    }

    /// An arc of radius 10 about the origin, alone in its path.
    static func arc(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGPath {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 10, startAngle: start, endAngle: end, clockwise: clockwise)
        return path
    }

    /// Bounding boxes of the 10 × 20 rectangle at the origin made with a transform in each way Core Graphics
    /// takes one: scaled by 2 then moved by (5, 5), turned a quarter, through `copy(using:)`,
    /// `mutableCopy(using:)`, `addRect(_:transform:)`, `addPath(_:transform:)` and an ellipse's.
    static func transformed() -> [String: CGRect] {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 20)
        var scaleThenMove = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 5, y: 5))
        var quarter = CGAffineTransform(rotationAngle: .pi / 2)
        let plain = CGPath(rect: rect, transform: nil)
        let added = CGMutablePath()
        added.addRect(rect, transform: CGAffineTransform(translationX: -10, y: 0))
        let path = CGMutablePath()
        path.addPath(plain, transform: CGAffineTransform(scaleX: 1, y: -1))
        var move = CGAffineTransform(translationX: 100, y: 0)
        return [
            "init(rect:transform:)": CGPath(rect: rect, transform: &scaleThenMove).boundingBox,
            "quarter turn": CGPath(rect: rect, transform: &quarter).boundingBox,
            "copy(using:)": plain.copy(using: &move)?.boundingBox ?? .null,
            "copy(using: nil)": plain.copy(using: nil)?.boundingBox ?? .null,
            "mutableCopy(using:)": plain.mutableCopy(using: &scaleThenMove)?.boundingBox ?? .null,
            "addRect(_:transform:)": added.boundingBox,
            "addPath(_:transform:)": path.boundingBox,
            "ellipse": CGPath(ellipseIn: rect, transform: &scaleThenMove).boundingBoxOfPath,
        ]
    }

    /// Whether `point` is in `path` by the winding and even-odd rules.
    static func contains(_ path: CGPath, _ point: CGPoint) -> (winding: Bool, evenOdd: Bool) {
        (path.contains(point), path.contains(point, using: .evenOdd))
    }

    /// A 100-point square with a 50-point square inside it, the inner one wound the same way or reversed.
    static func squareWithHole(reversed: Bool) -> CGPath {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = [CGPoint(x: 25, y: 25), CGPoint(x: 75, y: 25), CGPoint(x: 75, y: 75), CGPoint(x: 25, y: 75)]
        path.addLines(between: reversed ? inner.reversed() : inner)
        path.closeSubpath()
        return path
    }

    /// Whether the unit square moved by (100, 0) through `contains`' transform holds (5, 5) and (105, 5).
    static func containsTransformed() -> (origin: Bool, moved: Bool) {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let move = CGAffineTransform(translationX: 100, y: 0)
        return (
            path.contains(CGPoint(x: 5, y: 5), transform: move), path.contains(CGPoint(x: 105, y: 5), transform: move)
        )
    }

    /// The current point: of an empty path; after a move, two lines and a close; after adding a line
    /// after that close; after an arc; after a relative arc of half a turn.
    static func currentPoints() -> [CGPoint] {
        let empty = CGMutablePath()
        let closed = CGMutablePath()
        closed.move(to: CGPoint(x: 1, y: 2))
        closed.addLine(to: CGPoint(x: 3, y: 4))
        closed.addLine(to: CGPoint(x: 5, y: 0))
        closed.closeSubpath()
        let afterClose = closed.currentPoint
        closed.addLine(to: CGPoint(x: 9, y: 9))
        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: .pi)
        return [
            empty.currentPoint, afterClose, closed.currentPoint,
            arc(from: 0, to: .pi / 2, clockwise: false).currentPoint, relative.currentPoint,
        ]
    }

    /// `isEmpty` of: a new path; one with a move; one where a line, a curve and a close were added with no
    /// current point; a null rectangle's; a zero-size rectangle's; `addLines(between: [])`.
    static func emptiness() -> [Bool] {
        let moved = CGMutablePath()
        moved.move(to: .zero)
        let dropped = CGMutablePath()
        dropped.addLine(to: CGPoint(x: 1, y: 1))
        dropped.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        dropped.addArc(tangent1End: CGPoint(x: 1, y: 0), tangent2End: CGPoint(x: 1, y: 1), radius: 1)
        dropped.closeSubpath()
        let noLines = CGMutablePath()
        noLines.addLines(between: [])
        return [
            CGMutablePath().isEmpty, moved.isEmpty, dropped.isEmpty, rect(.null).isEmpty,
            rect(CGRect(x: 3, y: 4, width: 0, height: 0)).isEmpty, noLines.isEmpty,
        ]
    }

    /// A mutable copy changed, and the original: element counts, and equality before and after.
    static func mutableCopyIndependence() -> (original: Int, copy: Int, equalBefore: Bool, equalAfter: Bool) {
        let original = CGMutablePath()
        original.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        guard let copy = original.mutableCopy() else { return (0, 0, false, false) }
        let equalBefore = copy == original
        copy.addLine(to: CGPoint(x: 50, y: 50))
        copy.addEllipse(in: CGRect(x: 0, y: 0, width: 5, height: 5))
        return (elements(original).count, elements(copy).count, equalBefore, copy == original)
    }

    /// Equality and hashing: a rectangle made by `CGPath(rect:)` and by `addRect`; by `addLines` and a close;
    /// a different rectangle; `copy()`.
    static func equality() -> (same: Bool, sameHash: Bool, lines: Bool, different: Bool, copy: Bool, inSet: Int) {
        let made = rect(CGRect(x: 1, y: 2, width: 3, height: 4))
        let added = CGMutablePath()
        added.addRect(CGRect(x: 1, y: 2, width: 3, height: 4))
        let lines = CGMutablePath()
        lines.addLines(between: [
            CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 2), CGPoint(x: 4, y: 6), CGPoint(x: 1, y: 6),
        ])
        lines.closeSubpath()
        let other = rect(CGRect(x: 1, y: 2, width: 3, height: 5))
        let set: Set<CGPath> = [made, added, lines, other]
        return (
            made == added, made.hashValue == added.hashValue, made == lines, made == other, made.copy() == made,
            set.count
        )
    }

    /// `isRect` of each path, with the rectangle it gives.
    static func isRect(_ path: CGPath) -> CGRect? {
        var rect = CGRect.null
        return path.isRect(&rect) ? rect : nil
    }

    /// Paths for `isRect`: a rectangle; a standardized negative one; from lines and a close; from lines back
    /// to the start, no close; an open three-sided one; a rotated rectangle; an ellipse; a rounded rectangle
    /// with corners of 0.
    static func isRectCases() -> [CGRect?] {
        let closedLines = CGMutablePath()
        closedLines.addLines(between: [.zero, CGPoint(x: 0, y: 5), CGPoint(x: 5, y: 5), CGPoint(x: 5, y: 0)])
        closedLines.closeSubpath()
        let backToStart = CGMutablePath()
        backToStart.addLines(between: [
            .zero, CGPoint(x: 5, y: 0), CGPoint(x: 5, y: 5), CGPoint(x: 0, y: 5), .zero,
        ])
        let open = CGMutablePath()
        open.addLines(between: [.zero, CGPoint(x: 5, y: 0), CGPoint(x: 5, y: 5), CGPoint(x: 0, y: 5)])
        var turn = CGAffineTransform(rotationAngle: .pi / 4)
        return [
            rect(CGRect(x: 1, y: 2, width: 3, height: 4)), rect(CGRect(x: 10, y: 10, width: -5, height: -5)),
            closedLines, backToStart, open, CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: &turn),
            ellipse(CGRect(x: 0, y: 0, width: 5, height: 5)),
            roundedRect(CGRect(x: 0, y: 0, width: 5, height: 5), 0, 0),
        ].map(isRect)
    }

    /// A corner rounded by `addArc(tangent1End:tangent2End:radius:)` from the origin through (10, 0) to
    /// (10, 10), radius 5; and the same with the three points in a line.
    static func tangentArcs() -> (corner: [Element], collinear: [Element]) {
        let corner = CGMutablePath()
        corner.move(to: .zero)
        corner.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        return (elements(corner), elements(line))
    }

    /// A quadratic and a cubic curve's bounding boxes.
    static func curves() -> (quad: (CGRect, CGRect), cubic: (CGRect, CGRect)) {
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        let cubic = CGMutablePath()
        cubic.move(to: .zero)
        cubic.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 0, y: 40), control2: CGPoint(x: 30, y: -40))
        return (boxes(quad), boxes(cubic))
    }

    /// How many elements `apply(info:function:)` hands an ellipse's function.
    static func appliedCount() -> Int {
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            ellipse(CGRect(x: 0, y: 0, width: 4, height: 4)).apply(info: counter) { info, _ in
                info?.assumingMemoryBound(to: Int.self).pointee += 1
            }
        }
        return count
    }

    /// The enums' raw values: line caps, line joins, fill rules, element kinds.
    static func rawValues() -> [[Int]] {
        [
            [CGLineCap.butt, .round, .square].map { Int($0.rawValue) },
            [CGLineJoin.miter, .round, .bevel].map { Int($0.rawValue) },
            [CGPathFillRule.winding, .evenOdd].map(\.rawValue),
            [
                CGPathElementType.moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath,
            ].map { Int($0.rawValue) },
        ]
    }
}
