/// A path's elements, as a path keeps them, and the shapes Core Graphics adds to a path, each made of
/// moves, lines, cubic Béziers and closes in Core Graphics' order, transformed as they are added.
struct CGPathElements: Sendable, Hashable {
    /// One element: its kind and its points.
    struct Item: Sendable, Hashable {
        let type: CGPathElementType
        let points: [CGPoint]
    }

    /// The elements, in order.
    private(set) var items: [Item] = []
    /// The start of the current subpath, where a close goes back to.
    private(set) var subpathStart: CGPoint = .zero
    /// The point the last element ended at; nil while there are no elements.
    private(set) var currentPoint: CGPoint?

    /// Equal when the elements are.
    static func == (lhs: CGPathElements, rhs: CGPathElements) -> Bool { lhs.items == rhs.items }

    /// Hashes the elements.
    func hash(into hasher: inout Hasher) { hasher.combine(items) }

    /// Appends an element of `type` whose points are `points` transformed by `t`.
    mutating func append(_ type: CGPathElementType, _ points: [CGPoint], _ t: CGAffineTransform = .identity) {
        let placed = t.isIdentity ? points : points.map { $0.applying(t) }
        switch type {
        case .moveToPoint:
            subpathStart = placed[0]
            currentPoint = placed[0]
        case .closeSubpath:
            // Nothing to close on an empty path, or after a close.
            guard currentPoint != nil, items.last?.type != .closeSubpath else { return }
            currentPoint = subpathStart
        case .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint:
            // Core Graphics adds no segment without a current point (it logs "no current point").
            guard currentPoint != nil else { return }
            if items.last?.type == .closeSubpath { subpathStart = currentPoint ?? subpathStart }
            currentPoint = placed.last
        }
        items.append(Item(type: type, points: placed))
    }

    /// Appends every element of `other`, transformed by `t`.
    mutating func append(contentsOf other: CGPathElements, _ t: CGAffineTransform) {
        for item in other.items { append(item.type, item.points, t) }
    }

    /// A closed rectangle, counterclockwise in y-up coordinates from its minimum corner (as Core Graphics,
    /// on the standardized rectangle); nothing for the null rectangle or one that is not made of numbers.
    mutating func addRect(_ rect: CGRect, _ t: CGAffineTransform) {
        guard let r = Self.usable(rect) else { return }
        append(.moveToPoint, [CGPoint(x: r.minX, y: r.minY)], t)
        append(.addLineToPoint, [CGPoint(x: r.maxX, y: r.minY)], t)
        append(.addLineToPoint, [CGPoint(x: r.maxX, y: r.maxY)], t)
        append(.addLineToPoint, [CGPoint(x: r.minX, y: r.maxY)], t)
        append(.closeSubpath, [], t)
    }

    /// A closed ellipse of four cubic Béziers, from the middle of its right side counterclockwise in y-up
    /// coordinates (clockwise on a flipped, UIKit screen), as Core Graphics draws one.
    mutating func addEllipse(in rect: CGRect, _ t: CGAffineTransform) {
        guard let r = Self.usable(rect) else { return }
        let center = CGPoint(x: r.midX, y: r.midY)
        append(.moveToPoint, [CGPoint(x: r.maxX, y: r.midY)], t)
        appendArcCurves(center: center, radii: (r.width / 2, r.height / 2), start: 0, delta: 2 * .pi, t)
        append(.closeSubpath, [], t)
    }

    /// A closed rectangle with elliptical corners of `cornerWidth` × `cornerHeight`: a plain rectangle when
    /// either is 0 or less. Core Graphics stops on corners larger than half a side; they are made half a
    /// side here.
    mutating func addRoundedRect(_ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, _ t: CGAffineTransform) {
        guard let r = Self.usable(rect) else { return }
        let rx = min(cornerWidth, r.width / 2)
        let ry = min(cornerHeight, r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r, t) }
        let radii = (rx, ry)
        append(.moveToPoint, [CGPoint(x: r.minX + rx, y: r.minY)], t)
        append(.addLineToPoint, [CGPoint(x: r.maxX - rx, y: r.minY)], t)
        appendArcCurves(
            center: CGPoint(x: r.maxX - rx, y: r.minY + ry), radii: radii, start: -.pi / 2, delta: .pi / 2, t)
        append(.addLineToPoint, [CGPoint(x: r.maxX, y: r.maxY - ry)], t)
        appendArcCurves(center: CGPoint(x: r.maxX - rx, y: r.maxY - ry), radii: radii, start: 0, delta: .pi / 2, t)
        append(.addLineToPoint, [CGPoint(x: r.minX + rx, y: r.maxY)], t)
        appendArcCurves(
            center: CGPoint(x: r.minX + rx, y: r.maxY - ry), radii: radii, start: .pi / 2, delta: .pi / 2, t)
        append(.addLineToPoint, [CGPoint(x: r.minX, y: r.minY + ry)], t)
        appendArcCurves(center: CGPoint(x: r.minX + rx, y: r.minY + ry), radii: radii, start: .pi, delta: .pi / 2, t)
        append(.closeSubpath, [], t)
    }

    /// An arc of `delta` radians from `start` (positive: counterclockwise in y-up coordinates), preceded
    /// by a line from the current point to its start, or a move there on a path with no current point.
    mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, start: CGFloat, delta: CGFloat, _ t: CGAffineTransform
    ) {
        let (cosine, sine) = Self.cosineAndSine(start)
        let first = CGPoint(x: center.x + radius * cosine, y: center.y + radius * sine)
        append(currentPoint == nil ? .moveToPoint : .addLineToPoint, [first], t)
        appendArcCurves(center: center, radii: (radius, radius), start: start, delta: delta, t)
    }

    /// The arc from `start` to `end`: counterclockwise in y-up coordinates (increasing angles), or, when
    /// `clockwise`, decreasing ones, as Core Graphics reads `clockwise` (on a flipped, UIKit screen, a
    /// clockwise arc is seen counterclockwise). The sweep is less than a full turn, `end` taken modulo
    /// 2π, but a whole circle when `end` is a turn or more past `start` in that direction.
    mutating func addArc(
        center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool, _ t: CGAffineTransform
    ) {
        let turn = 2 * CGFloat.pi
        let forward = clockwise ? start - end : end - start
        let sweep =
            forward >= turn
            ? turn : (forward.truncatingRemainder(dividingBy: turn) + turn).truncatingRemainder(dividingBy: turn)
        addRelativeArc(center: center, radius: radius, start: start, delta: clockwise ? -sweep : sweep, t)
    }

    /// The arc of `radius` tangent to the line from the current point to `tangent1End` and to the line from
    /// there to `tangent2End`, preceded by a line to where it starts; a line to `tangent1End` when the
    /// points are in a line or the radius is 0. Nothing on a path with no current point.
    mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat, _ t: CGAffineTransform) {
        guard let placed = currentPoint else { return }
        // The current point is in the path's space; the arc is built in the caller's, before `t`.
        let p0 = t.isIdentity ? placed : placed.applying(t.inverted())
        let (ax, ay) = (p0.x - p1.x, p0.y - p1.y)
        let (bx, by) = (p2.x - p1.x, p2.y - p1.y)
        let (la, lb) = (hypot(ax, ay), hypot(bx, by))
        let cross = ax * by - ay * bx
        guard radius > 0, la > 0, lb > 0, abs(cross) > 1e-12 * la * lb else {
            return append(.addLineToPoint, [p1], t)
        }
        let cosine = max(-1, min(1, (ax * bx + ay * by) / (la * lb)))
        let half = acos(cosine) / 2
        let distance = radius / tan(half)
        let (ua, ub) = ((ax / la, ay / la), (bx / lb, by / lb))
        let start = CGPoint(x: p1.x + ua.0 * distance, y: p1.y + ua.1 * distance)
        let end = CGPoint(x: p1.x + ub.0 * distance, y: p1.y + ub.1 * distance)
        let bisector = (ua.0 + ub.0, ua.1 + ub.1)
        let length = hypot(bisector.0, bisector.1)
        let toCenter = radius / sin(half)
        let center = CGPoint(x: p1.x + bisector.0 / length * toCenter, y: p1.y + bisector.1 / length * toCenter)
        let startAngle = atan2(start.y - center.y, start.x - center.x)
        let endAngle = atan2(end.y - center.y, end.x - center.x)
        var delta = endAngle - startAngle
        if delta > .pi { delta -= 2 * .pi }
        if delta < -.pi { delta += 2 * .pi }
        append(.addLineToPoint, [start], t)
        appendArcCurves(center: center, radii: (radius, radius), start: startAngle, delta: delta, t)
    }

    /// Cubic Béziers along an elliptical arc of `delta` radians from `start`, a quarter turn at most each.
    private mutating func appendArcCurves(
        center: CGPoint, radii: (CGFloat, CGFloat), start: CGFloat, delta: CGFloat, _ t: CGAffineTransform
    ) {
        guard delta != 0, delta.isFinite else { return }
        let count = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / CGFloat(count)
        let k = 4 / 3 * tan(step / 4)
        func point(_ angle: CGFloat) -> CGPoint {
            let (cosine, sine) = Self.cosineAndSine(angle)
            return CGPoint(x: center.x + radii.0 * cosine, y: center.y + radii.1 * sine)
        }
        for index in 0..<count {
            let a = start + step * CGFloat(index)
            let b = index == count - 1 ? start + delta : a + step
            let (p0, p3) = (point(a), point(b))
            let (cosA, sinA) = Self.cosineAndSine(a)
            let (cosB, sinB) = Self.cosineAndSine(b)
            let c1 = CGPoint(x: p0.x - k * radii.0 * sinA, y: p0.y + k * radii.1 * cosA)
            let c2 = CGPoint(x: p3.x + k * radii.0 * sinB, y: p3.y - k * radii.1 * cosB)
            append(.addCurveToPoint, [c1, c2, p3], t)
        }
    }

    /// The cosine and sine of `angle`, exact at multiples of a quarter turn (so an ellipse's and a rounded
    /// rectangle's points fall on their rectangle's sides, as Core Graphics').
    private static func cosineAndSine(_ angle: CGFloat) -> (CGFloat, CGFloat) {
        let quarters = angle / (.pi / 2)
        let nearest = quarters.rounded()
        guard abs(quarters - nearest) < 1e-12, let n = Int(exactly: nearest) else { return (cos(angle), sin(angle)) }
        switch ((n % 4) + 4) % 4 {
        case 0: return (1, 0)
        case 1: return (0, 1)
        case 2: return (-1, 0)
        default: return (0, -1)
        }
    }

    /// `rect` standardized, or nil when it is null or not made of finite numbers.
    private static func usable(_ rect: CGRect) -> CGRect? {
        guard !rect.isNull else { return nil }
        let fields = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
        guard fields.allSatisfy(\.isFinite) else { return nil }
        return rect.standardized
    }
}
