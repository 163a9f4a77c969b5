public import Foundation

/// A path of lines and curves, as UIKit's: a Core Graphics path (``cgPath``) in UIKit's coordinates (y grows
/// downwards, so an arc `clockwise` turns clockwise on screen), and the line values a stroke would use.
/// Shared code makes one for a layer's shadow path or a shape layer's mask; nothing is drawn here, so
/// ``fill()``, ``stroke()`` and ``addClip()`` do nothing.
///
/// A rounded rectangle's corners are circular arcs here; iOS draws them as a continuous curve of the same
/// radius (the path's ``bounds`` are the same).
open class UIBezierPath: NSObject, NSCopying {
    private var path: CGMutablePath

    /// The path as Core Graphics': a copy, so changing this path later does not change it.
    open var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }
    /// The width of a stroke: 1.
    open var lineWidth: CGFloat = 1
    /// How a stroke's ends look.
    open var lineCapStyle = CGLineCap.butt
    /// How a stroke's segments join.
    open var lineJoinStyle = CGLineJoin.miter
    /// How far a mitred join may reach: 10.
    open var miterLimit: CGFloat = 10
    /// How finely curves are drawn: 0.6.
    open var flatness: CGFloat = 0.6
    /// Whether filling uses the even-odd rule rather than non-zero winding.
    open var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// An empty path.
    public override init() {
        path = CGMutablePath()
        super.init()
    }

    /// A copy of `cgPath`.
    public convenience init(cgPath: CGPath) {
        self.init()
        self.cgPath = cgPath
    }

    /// A closed rectangle, clockwise from its top left corner.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// An ellipse inside `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle with every corner rounded by `cornerRadius`, at most half its shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(
            roundedRect: rect, byRoundingCorners: .allCorners,
            cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with `corners` rounded by `cornerRadii`' width, at most half its shorter side; the others
    /// square.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let rect = rect.standardized
        let largest = max(0, min(cornerRadii.width, rect.width / 2, rect.height / 2))
        func radius(of corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? largest : 0 }
        path.move(to: CGPoint(x: rect.minX + radius(of: .topLeft), y: rect.minY))
        let turns: [(CGPoint, CGPoint, UIRectCorner)] = [
            (CGPoint(x: rect.maxX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY), .topRight),
            (CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY), .bottomRight),
            (CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.minY), .bottomLeft),
            (CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY), .topLeft),
        ]
        for (corner, next, name) in turns {
            let cornerRadius = radius(of: name)
            if cornerRadius > 0 {
                path.addArc(tangent1End: corner, tangent2End: next, radius: cornerRadius)
            } else {
                path.addLine(to: corner)
            }
        }
        path.closeSubpath()
    }

    /// An arc of a circle around `center`, from `startAngle` to `endAngle` (radians, 0 along the x axis),
    /// turning clockwise on screen when `clockwise`.
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path from an archive: as on iOS, a subclass must implement it; here there is no archive to read.
    public required init?(coder: NSCoder) {
        path = CGMutablePath()
        super.init()
    }

    /// The smallest rectangle holding every point of the path, control points included (`.null` when empty), as
    /// UIKit's.
    open var bounds: CGRect { path.boundingBox }
    /// Where the path is now: the end of its last segment.
    open var currentPoint: CGPoint { path.currentPoint }
    /// Whether it has no elements.
    open var isEmpty: Bool { path.isEmpty }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// A straight line to `point`.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// A cubic Bézier curve to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier curve to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// An arc of a circle around `center`, joined to the current point by a line; `clockwise` on screen, which
    /// in Core Graphics' unflipped terms is counterclockwise.
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line to its start.
    open func close() { path.closeSubpath() }

    /// Removes every element.
    open func removeAllPoints() { path = CGMutablePath() }

    /// Adds `bezierPath`'s elements.
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Transforms every point of the path.
    open func apply(_ transform: CGAffineTransform) {
        let transformed = CGMutablePath()
        transformed.addPath(path, transform: transform)
        path = transformed
    }

    /// Whether `point` is inside the path, by its fill rule.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Sets the dash pattern: `count` lengths from `pattern` (a solid line when nil or none), starting at `phase`.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashPattern = pattern.map { Array(UnsafeBufferPointer(start: $0, count: max(0, count))) } ?? []
        dashPhase = phase
    }

    /// Writes the dash pattern's lengths to `pattern` (when given), their number to `count` and the phase to
    /// `phase`.
    open func getLineDash(
        _ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
        phase: UnsafeMutablePointer<CGFloat>?
    ) {
        if let pattern { for (index, length) in dashPattern.enumerated() { pattern[index] = length } }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    /// A copy of the path and its line values, independent of it: a `UIBezierPath` (a subclass of the app's
    /// own overrides this to copy as its own class, since its initializers are its own).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.path = path.mutableCopy() ?? CGMutablePath()
        (copy.lineWidth, copy.lineCapStyle, copy.lineJoinStyle, copy.miterLimit, copy.flatness) = (
            lineWidth, lineCapStyle, lineJoinStyle, miterLimit, flatness
        )
        (copy.usesEvenOddFillRule, copy.dashPattern, copy.dashPhase) = (usesEvenOddFillRule, dashPattern, dashPhase)
        return copy
    }

    /// Fills the path: nothing is drawn here.
    open func fill() {}
    /// Strokes the path: nothing is drawn here.
    open func stroke() {}
    /// Clips drawing to the path: nothing is drawn here.
    open func addClip() {}
}
