/// A path that changes, as Core Graphics': each method appends elements, its points transformed by
/// `transform` first. Segments (lines, curves, tangent arcs) added to a path with no current point are
/// dropped, as Core Graphics drops them (it logs "no current point").
public final class CGMutablePath: CGPath, @unchecked Sendable {
    // @unchecked: as CGPath's; the elements are behind its lock.

    /// An empty path.
    public init() { super.init(elements: CGPathElements()) }

    /// A path of `elements` (copies). Not an override of CGPath's initializer, so CGPath's shape
    /// initializers (`init(rect:transform:)`, ...) stay CGPath's alone, as on iOS.
    init(copying elements: CGPathElements) { super.init(elements: elements) }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.append(.moveToPoint, [point], transform) }
    }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.append(.addLineToPoint, [point], transform) }
    }

    /// A move to the first of `points`, then lines through the rest; nothing when there are none.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        mutate { elements in
            elements.append(.moveToPoint, [first], transform)
            for point in points.dropFirst() { elements.append(.addLineToPoint, [point], transform) }
        }
    }

    /// A closed rectangle: a move to its minimum corner, three lines and a close (the rectangle
    /// standardized; nothing for `CGRect.null`).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        mutate { $0.addRect(rect, transform) }
    }

    /// A closed rectangle for each of `rects`, in order.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        mutate { elements in
            for rect in rects { elements.addRect(rect, transform) }
        }
    }

    /// A closed ellipse in `rect`: four cubic Béziers from the middle of its right side.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        mutate { $0.addEllipse(in: rect, transform) }
    }

    /// A closed rectangle with elliptical corners of `cornerWidth` × `cornerHeight` (a plain rectangle when
    /// either is 0; corners larger than half a side are made half a side, where Core Graphics stops).
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        mutate { $0.addRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform) }
    }

    /// An arc of the circle about `center` from `startAngle` to `endAngle` (radians from the positive x
    /// axis), as cubic Béziers, preceded by a line from the current point to its start (a move on an empty
    /// path). `clockwise` is Core Graphics': decreasing angles in y-up coordinates, so on a flipped, UIKit
    /// screen a clockwise arc is seen counterclockwise (UIBezierPath's `clockwise` is the opposite).
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        mutate {
            $0.addArc(
                center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise, transform)
        }
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the line from
    /// `tangent1End` to `tangent2End`, preceded by a line to the arc's start (a line to `tangent1End` when
    /// the three points are in a line).
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        mutate { $0.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform) }
    }

    /// An arc of the circle about `center` from `startAngle`, sweeping `delta` radians (positive:
    /// counterclockwise in y-up coordinates), preceded by a line from the current point to its start (a
    /// move on an empty path).
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        mutate { $0.addRelativeArc(center: center, radius: radius, start: startAngle, delta: delta, transform) }
    }

    /// A quadratic Bézier from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        mutate { $0.append(.addQuadCurveToPoint, [control, end], transform) }
    }

    /// A cubic Bézier from the current point to `end`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        mutate { $0.append(.addCurveToPoint, [control1, control2, end], transform) }
    }

    /// Every element of `path`, in order.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let added = path.elements
        mutate { $0.append(contentsOf: added, transform) }
    }

    /// Closes the current subpath with a line to its start; nothing on an empty path or after a close.
    public func closeSubpath() {
        mutate { $0.append(.closeSubpath, []) }
    }
}
