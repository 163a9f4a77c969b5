// What Core Graphics measures of a path: its bounding boxes, whether it is a rectangle, and whether it holds
// a point (curves flattened into short lines).

extension CGPath {
    /// The smallest rectangle holding every point of the path, control points among them; `CGRect.null`
    /// for an empty path.
    public var boundingBox: CGRect {
        Self.enclosing(elements.items.flatMap(\.points))
    }

    /// The smallest rectangle holding the path as drawn: its end points and each curve's extremes, not its
    /// control points; `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        var points: [CGPoint] = []
        var current = CGPoint.zero
        // A close returns to its subpath's start, where a curve after it begins.
        var subpathStart = CGPoint.zero
        for item in elements.items {
            switch item.type {
            case .moveToPoint:
                points.append(item.points[0])
                subpathStart = item.points[0]
            case .addLineToPoint: points.append(item.points[0])
            case .addQuadCurveToPoint, .addCurveToPoint:
                let curve = [current] + item.points
                points.append(item.points[item.points.count - 1])
                points += Self.extremes(of: curve)
            case .closeSubpath: current = subpathStart
            }
            current = item.points.last ?? current
        }
        return Self.enclosing(points)
    }

    /// Whether the path is one axis-aligned rectangle: a move and three lines, or four back to the start,
    /// then a close (or, with four lines, none). When it is and `rect` is given, the rectangle (standardized).
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var items = elements.items
        if items.last?.type == .closeSubpath { items.removeLast() }
        guard items.first?.type == .moveToPoint, items.count == 4 || items.count == 5,
            items.dropFirst().allSatisfy({ $0.type == .addLineToPoint })
        else { return false }
        let corners = items.map { $0.points[0] }
        if corners.count == 5 {
            guard corners[4] == corners[0] else { return false }
        } else if elements.items.last?.type != .closeSubpath {
            return false
        }
        let ring = Array(corners.prefix(4)) + [corners[0]]
        // Sides alternate: horizontal then vertical, or vertical then horizontal.
        let horizontal = zip(ring, ring.dropFirst()).map { $0.y == $1.y && $0.x != $1.x }
        let vertical = zip(ring, ring.dropFirst()).map { $0.x == $1.x && $0.y != $1.y }
        let startsHorizontal = horizontal[0] && vertical[1] && horizontal[2] && vertical[3]
        let startsVertical = vertical[0] && horizontal[1] && vertical[2] && horizontal[3]
        guard startsHorizontal || startsVertical else { return false }
        rect?.pointee = Self.enclosing(corners)
        return true
    }

    /// Whether `point` is inside the path filled with `rule`, the path transformed by `transform` first;
    /// every subpath is taken as closed, as a fill closes it. Curves are flattened into 32 lines each, so a
    /// point within a hair of a curve may be answered either way.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    )
        -> Bool
    {
        let polygons = polygons(transform).filter { $0.count > 2 }
        switch rule {
        case .winding: return Self.windingNumber(of: point, polygons) != 0
        case .evenOdd: return Self.crossesOddly(point, polygons)
        }
    }

    /// How many times the polygons wind around `point` (Sunday's algorithm): an upward edge with the point
    /// on its left counts +1, a downward one with the point on its right −1.
    private static func windingNumber(of point: CGPoint, _ polygons: [[CGPoint]]) -> Int {
        var winding = 0
        for polygon in polygons {
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) {
                let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                if a.y <= point.y, b.y > point.y, side > 0 { winding += 1 }
                if a.y > point.y, b.y <= point.y, side < 0 { winding -= 1 }
            }
        }
        return winding
    }

    /// Whether a ray from `point` to its right crosses the polygons' edges an odd number of times.
    private static func crossesOddly(_ point: CGPoint, _ polygons: [[CGPoint]]) -> Bool {
        var inside = false
        for polygon in polygons {
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) where (a.y > point.y) != (b.y > point.y) {
                let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if point.x < x { inside.toggle() }
            }
        }
        return inside
    }

    /// The subpaths as polygons, curves flattened, each point transformed by `transform`.
    private func polygons(_ transform: CGAffineTransform) -> [[CGPoint]] {
        var polygons: [[CGPoint]] = []
        var polygon: [CGPoint] = []
        var current = CGPoint.zero
        for item in elements.items {
            let points = item.points.map { $0.applying(transform) }
            switch item.type {
            case .moveToPoint:
                if !polygon.isEmpty { polygons.append(polygon) }
                polygon = [points[0]]
            case .addLineToPoint:
                if polygon.isEmpty { polygon = [current] }
                polygon.append(points[0])
            case .addQuadCurveToPoint, .addCurveToPoint:
                if polygon.isEmpty { polygon = [current] }
                let curve = [current] + points
                polygon += (1...32).map { Self.point(on: curve, at: CGFloat($0) / 32) }
            case .closeSubpath:
                if !polygon.isEmpty { polygons.append(polygon) }
                current = polygon.first ?? current
                polygon = []
                continue
            }
            current = points.last ?? current
        }
        if !polygon.isEmpty { polygons.append(polygon) }
        return polygons
    }

    /// The point at `t` of the Bézier whose points (start, controls, end) are `curve`: de Casteljau.
    private static func point(on curve: [CGPoint], at t: CGFloat) -> CGPoint {
        var points = curve
        while points.count > 1 {
            points = zip(points, points.dropFirst()).map {
                CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t)
            }
        }
        return points[0]
    }

    /// The points of the quadratic or cubic Bézier `curve` where x or y is at a local extreme.
    private static func extremes(of curve: [CGPoint]) -> [CGPoint] {
        var times: [CGFloat] = []
        for axis in [\CGPoint.x, \CGPoint.y] {
            let v = curve.map { $0[keyPath: axis] }
            if v.count == 3 {
                // B'(t) = 2[(1-t)(p1-p0) + t(p2-p1)] = 0.
                let denominator = v[0] - 2 * v[1] + v[2]
                if denominator != 0 { times.append((v[0] - v[1]) / denominator) }
            } else {
                // B'(t)/3 = a t² + b t + c.
                let a = -v[0] + 3 * v[1] - 3 * v[2] + v[3]
                let b = 2 * (v[0] - 2 * v[1] + v[2])
                let c = v[1] - v[0]
                times += roots(a, b, c)
            }
        }
        return times.filter { $0 > 0 && $0 < 1 }.map { point(on: curve, at: $0) }
    }

    /// The real roots of `a t² + b t + c`.
    private static func roots(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        guard abs(a) > 1e-12 else { return b != 0 ? [-c / b] : [] }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let root = discriminant.squareRoot()
        return [(-b + root) / (2 * a), (-b - root) / (2 * a)]
    }

    /// The smallest rectangle holding `points`; `CGRect.null` when there are none.
    private static func enclosing(_ points: [CGPoint]) -> CGRect {
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for point in points.dropFirst() {
            (minX, maxX) = (min(minX, point.x), max(maxX, point.x))
            (minY, maxY) = (min(minY, point.y), max(maxY, point.y))
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
