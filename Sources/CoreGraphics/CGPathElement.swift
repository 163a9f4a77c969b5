/// The kind of a path element, as Core Graphics numbers them.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a subpath at `points[0]`.
    case moveToPoint = 0
    /// A straight line to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier curve to `points[1]`, its control point `points[0]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier curve to `points[2]`, its control points `points[0]` and `points[1]`.
    case addCurveToPoint = 3
    /// Closes the subpath with a line to its start (no points).
    case closeSubpath = 4

    /// How many points an element of this kind has.
    var pointCount: Int {
        switch self {
        case .moveToPoint, .addLineToPoint: 1
        case .addQuadCurveToPoint: 2
        case .addCurveToPoint: 3
        case .closeSubpath: 0
        }
    }
}

/// One element of a path, as `CGPath.applyWithBlock` hands it: its kind and its points (as many as the
/// kind has). The points are the path's for the call only: copy them, never keep the pointer.
public struct CGPathElement {
    /// The kind of element.
    public var type: CGPathElementType
    /// The element's points.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of `type` whose points are at `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The function `CGPath.apply(info:function:)` calls with each element, and the `info` it was given. A
/// Swift function here (Apple's is `@convention(c)`, which a Swift `CGPathElement` cannot be passed to), so
/// what iOS accepts, a global function or a closure that captures nothing, is accepted.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// How the ends of a stroked line are drawn.
public enum CGLineCap: Int32, Sendable {
    /// Squared off at the end point.
    case butt = 0
    /// A half circle past the end point.
    case round = 1
    /// Squared off half the line's width past the end point.
    case square = 2
}

/// How the corners of a stroked path are drawn.
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner (up to the miter limit).
    case miter = 0
    /// A rounded corner.
    case round = 1
    /// A corner cut off square.
    case bevel = 2
}

/// Which points a filled path holds.
public enum CGPathFillRule: Int, Sendable {
    /// Those the path winds around a non-zero number of times.
    case winding = 0
    /// Those a ray from which crosses the path an odd number of times.
    case evenOdd = 1
}
