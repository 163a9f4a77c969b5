import Foundation
import Testing

// The CoreGraphics calls are in CGPathProbe.swift, which imports no Testing (see UIKit/UIImageTests.swift).

/// Whether two rectangles match within `tolerance`, or both are null.
private func nearly(_ a: CGRect, _ b: CGRect, within tolerance: CGFloat = 1e-9) -> Bool {
    if a.isNull || b.isNull { return a.isNull && b.isNull }
    return [a.minX - b.minX, a.minY - b.minY, a.width - b.width, a.height - b.height].allSatisfy {
        abs($0) <= tolerance
    }
}

/// Whether two points match within `tolerance`.
private func nearly(_ a: CGPoint, _ b: CGPoint, within tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Core Graphics' paths kept as their elements: the shapes' elements in Core Graphics' order, bounding
/// boxes (with and without control points), transforms, containment by both fill rules, the current point,
/// emptiness, copies, equality, and what Core Graphics drops or standardizes.
@Suite("CoreGraphics: CGPath and CGMutablePath")
struct CGPathTests {
    typealias Element = CGPathProbe.Element

    @Test("A rectangle is a move to its minimum corner, three lines counterclockwise and a close")
    func rectElements() {
        let elements = CGPathProbe.elements(CGPathProbe.rect(CGRect(x: 10, y: 20, width: 30, height: 40)))
        #expect(
            elements == [
                Element(type: 0, points: [CGPoint(x: 10, y: 20)]), Element(type: 1, points: [CGPoint(x: 40, y: 20)]),
                Element(type: 1, points: [CGPoint(x: 40, y: 60)]), Element(type: 1, points: [CGPoint(x: 10, y: 60)]),
                Element(type: 4, points: []),
            ])
        let boxes = CGPathProbe.boxes(CGPathProbe.rect(CGRect(x: 10, y: 20, width: 30, height: 40)))
        #expect(boxes.box == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(boxes.tight == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    @Test("An ellipse is four cubic Béziers from the middle of its right side, bounded by its rectangle")
    func ellipse() {
        let elements = CGPathProbe.elements(CGPathProbe.ellipse(CGRect(x: 0, y: 0, width: 100, height: 50)))
        #expect(elements.map(\.type) == [0, 3, 3, 3, 3, 4])
        #expect(elements[0].points == [CGPoint(x: 100, y: 25)])
        #expect(elements[1].points.last == CGPoint(x: 50, y: 50))
        #expect(elements[2].points.last == CGPoint(x: 0, y: 25))
        #expect(elements[3].points.last == CGPoint(x: 50, y: 0))
        #expect(elements[4].points.last == CGPoint(x: 100, y: 25))
        #expect(nearly(elements[1].points[0], CGPoint(x: 100, y: 25 + 25 * 0.552_284_749_8)))
        let boxes = CGPathProbe.boxes(CGPathProbe.ellipse(CGRect(x: 0, y: 0, width: 100, height: 50)))
        #expect(boxes.box == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(nearly(boxes.tight, CGRect(x: 0, y: 0, width: 100, height: 50)))
        #expect(CGPathProbe.appliedCount() == 6)
    }

    @Test("A rounded rectangle: four lines and four corner curves, bounded by its rectangle; corners clamped")
    func roundedRect() {
        let path = CGPathProbe.roundedRect(CGRect(x: 0, y: 0, width: 100, height: 60), 10, 20)
        let elements = CGPathProbe.elements(path)
        #expect(elements.map(\.type) == [0, 1, 3, 1, 3, 1, 3, 1, 3, 4])
        #expect(elements[0].points == [CGPoint(x: 10, y: 0)])
        #expect(elements[2].points.last == CGPoint(x: 100, y: 20))
        #expect(CGPathProbe.boxes(path).box == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(nearly(CGPathProbe.boxes(path).tight, CGRect(x: 0, y: 0, width: 100, height: 60)))
        // Corners wider than half a side are made half a side: a stadium, still in its rectangle.
        let oversized = CGPathProbe.roundedRect(CGRect(x: 0, y: 0, width: 100, height: 60), 80, 80)
        #expect(nearly(CGPathProbe.boxes(oversized).tight, CGRect(x: 0, y: 0, width: 100, height: 60)))
        #expect(CGPathProbe.elements(oversized)[0].points == [CGPoint(x: 50, y: 0)])
    }

    @Test("Arcs: counterclockwise by default, clockwise going down in angle; the tight box leaves out controls")
    func arcs() {
        let quarter = CGPathProbe.boxes(CGPathProbe.arc(from: 0, to: .pi / 2, clockwise: false))
        #expect(nearly(quarter.box, CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(nearly(quarter.tight, CGRect(x: 0, y: 0, width: 10, height: 10)))
        // Clockwise from 0 to π/2 is the other three quarters.
        let threeQuarters = CGPathProbe.arc(from: 0, to: .pi / 2, clockwise: true)
        #expect(CGPathProbe.elements(threeQuarters).map(\.type) == [0, 3, 3, 3])
        #expect(nearly(CGPathProbe.boxes(threeQuarters).tight, CGRect(x: -10, y: -10, width: 20, height: 20)))
        // A quarter over the top: the control points stand above the circle; the curve does not.
        let top = CGPathProbe.boxes(CGPathProbe.arc(from: .pi / 4, to: 3 * .pi / 4, clockwise: false))
        let half = 10 * CGFloat(2).squareRoot() / 2
        #expect(nearly(top.tight, CGRect(x: -half, y: half, width: 2 * half, height: 10 - half), within: 1e-3))
        #expect(top.box.maxY > 10.9)
        // A full turn and more is one circle; end == start is no sweep.
        let full = CGPathProbe.arc(from: 0, to: 5 * .pi, clockwise: false)
        #expect(CGPathProbe.elements(full).map(\.type) == [0, 3, 3, 3, 3])
        #expect(CGPathProbe.elements(CGPathProbe.arc(from: 1, to: 1, clockwise: false)).map(\.type) == [0])
        // Clockwise from π/2 to 0 is the quarter, sweeping down.
        let down = CGPathProbe.elements(CGPathProbe.arc(from: .pi / 2, to: 0, clockwise: true))
        #expect(down.map(\.type) == [0, 3])
        #expect(down[0].points == [CGPoint(x: 0, y: 10)])
        #expect(down[1].points.last == CGPoint(x: 10, y: 0))
    }

    @Test("A tangent arc rounds the corner between two lines; points in a line give a line")
    func tangentArcs() {
        let (corner, collinear) = CGPathProbe.tangentArcs()
        #expect(corner.map(\.type) == [0, 1, 3])
        #expect(nearly(corner[1].points[0], CGPoint(x: 5, y: 0)))
        #expect(nearly(corner[2].points[2], CGPoint(x: 10, y: 5)))
        #expect(collinear == [Element(type: 0, points: [.zero]), Element(type: 1, points: [CGPoint(x: 10, y: 0)])])
    }

    @Test("Quadratic and cubic curves: the tight box is at the curves' extremes")
    func curves() {
        let (quad, cubic) = CGPathProbe.curves()
        #expect(quad.0 == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(nearly(quad.1, CGRect(x: 0, y: 0, width: 10, height: 5)))
        #expect(cubic.0 == CGRect(x: 0, y: -40, width: 30, height: 80))
        // y(t) = 120t(1−t)(1−2t): extremes ±11.547 at t = (3 ∓ √3)/6.
        #expect(nearly(cubic.1, CGRect(x: 0, y: -11.547, width: 30, height: 23.094), within: 1e-3))
    }

    @Test("Transforms apply to every point, however they are given")
    func transforms() {
        let boxes = CGPathProbe.transformed()
        #expect(boxes["init(rect:transform:)"] == CGRect(x: 5, y: 5, width: 20, height: 40))
        #expect(nearly(boxes["quarter turn"] ?? .null, CGRect(x: -20, y: 0, width: 20, height: 10)))
        #expect(boxes["copy(using:)"] == CGRect(x: 100, y: 0, width: 10, height: 20))
        #expect(boxes["copy(using: nil)"] == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(boxes["mutableCopy(using:)"] == CGRect(x: 5, y: 5, width: 20, height: 40))
        #expect(boxes["addRect(_:transform:)"] == CGRect(x: -10, y: 0, width: 10, height: 20))
        #expect(boxes["addPath(_:transform:)"] == CGRect(x: 0, y: -20, width: 10, height: 20))
        #expect(nearly(boxes["ellipse"] ?? .null, CGRect(x: 5, y: 5, width: 20, height: 40)))
    }

    @Test("contains: a hole wound the same way is inside by winding, outside by even-odd; reversed, outside by both")
    func contains() {
        let same = CGPathProbe.squareWithHole(reversed: false)
        let reversed = CGPathProbe.squareWithHole(reversed: true)
        let hole = CGPoint(x: 50, y: 50)
        let ring = CGPoint(x: 10, y: 10)
        let outside = CGPoint(x: 150, y: 50)
        #expect(CGPathProbe.contains(same, hole) == (true, false))
        #expect(CGPathProbe.contains(reversed, hole) == (false, false))
        #expect(CGPathProbe.contains(same, ring) == (true, true))
        #expect(CGPathProbe.contains(reversed, ring) == (true, true))
        #expect(CGPathProbe.contains(same, outside) == (false, false))
        let circle = CGPathProbe.ellipse(CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(CGPathProbe.contains(circle, CGPoint(x: 50, y: 50)) == (true, true))
        #expect(CGPathProbe.contains(circle, CGPoint(x: 99, y: 50)) == (true, true))
        #expect(CGPathProbe.contains(circle, CGPoint(x: 5, y: 5)) == (false, false))
        #expect(CGPathProbe.containsTransformed() == (false, true))
        // An open subpath is filled as if closed.
        #expect(
            CGPathProbe.contains(CGPathProbe.arc(from: 0, to: .pi, clockwise: false), CGPoint(x: 0, y: 5)) == (
                true, true
            ))
    }

    @Test("The current point: zero when empty, the subpath's start after a close, the arc's end after an arc")
    func currentPoint() {
        let points = CGPathProbe.currentPoints()
        #expect(points[0] == .zero)
        #expect(points[1] == CGPoint(x: 1, y: 2))
        #expect(points[2] == CGPoint(x: 9, y: 9))
        #expect(nearly(points[3], CGPoint(x: 0, y: 10)))
        #expect(nearly(points[4], CGPoint(x: -10, y: 0)))
    }

    @Test("isEmpty: segments with no current point and null rectangles add nothing; a zero-size one adds a path")
    func emptiness() {
        #expect(CGPathProbe.emptiness() == [true, false, true, true, false, true])
    }

    @Test("Limits: an empty path's boxes are null; a negative rectangle is standardized; a zero-size one is a point")
    func limits() {
        let empty = CGPathProbe.boxes(CGPathProbe.rect(.null))
        #expect(empty.box.isNull)
        #expect(empty.tight.isNull)
        let negative = CGPathProbe.rect(CGRect(x: 10, y: 10, width: -5, height: -5))
        #expect(CGPathProbe.boxes(negative).box == CGRect(x: 5, y: 5, width: 5, height: 5))
        #expect(CGPathProbe.elements(negative).first?.points == [CGPoint(x: 5, y: 5)])
        let point = CGPathProbe.rect(CGRect(x: 3, y: 4, width: 0, height: 0))
        #expect(CGPathProbe.boxes(point).box == CGRect(x: 3, y: 4, width: 0, height: 0))
        #expect(CGPathProbe.elements(point).map(\.type) == [0, 1, 1, 1, 4])
        #expect(CGPathProbe.contains(point, CGPoint(x: 3, y: 4)) == (false, false))
        let negativeEllipse = CGPathProbe.ellipse(CGRect(x: 10, y: 10, width: -10, height: -20))
        #expect(CGPathProbe.boxes(negativeEllipse).box == CGRect(x: 0, y: -10, width: 10, height: 20))
    }

    @Test("isRect: a rectangle, however it was added, gives itself; other shapes do not")
    func isRect() {
        let cases = CGPathProbe.isRectCases()
        #expect(
            cases == [
                CGRect(x: 1, y: 2, width: 3, height: 4), CGRect(x: 5, y: 5, width: 5, height: 5),
                CGRect(x: 0, y: 0, width: 5, height: 5), CGRect(x: 0, y: 0, width: 5, height: 5), nil, nil, nil,
                CGRect(x: 0, y: 0, width: 5, height: 5),
            ])
    }

    @Test("A mutable copy changes alone; paths are equal and hash alike when their elements are")
    func copiesAndEquality() {
        let copy = CGPathProbe.mutableCopyIndependence()
        #expect(copy.original == 5)
        #expect(copy.copy == 12)
        #expect(copy.equalBefore)
        #expect(!copy.equalAfter)
        let equality = CGPathProbe.equality()
        #expect(equality.same)
        #expect(equality.sameHash)
        #expect(equality.lines)
        #expect(!equality.different)
        #expect(equality.copy)
        #expect(equality.inSet == 2)
    }

    @Test("Line caps, joins, fill rules and element kinds have Core Graphics' raw values")
    func rawValues() {
        #expect(CGPathProbe.rawValues() == [[0, 1, 2], [0, 1, 2], [0, 1], [0, 1, 2, 3, 4]])
    }
}
