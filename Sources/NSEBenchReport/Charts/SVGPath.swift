import NSEBenchCore

/// SVG path data and coordinates, with one decimal: enough for a screen, and small files.
public enum SVGPath {
    /// A coordinate as SVG text: one decimal, no trailing `.0`.
    public static func number(_ value: Double) -> String {
        let text = FixedPoint.text(value.isFinite ? value : 0, places: 1)
        if text.hasSuffix(".0") { return text == "-0.0" ? "0" : String(text.dropLast(2)) }
        return text
    }

    /// `M x y L x y ...` through `points` (already in pixels); "" for none. Consecutive points that land
    /// on the same pixel are written once, so a dense series costs no more than the chart is wide.
    ///
    /// ```swift
    /// SVGPath.polyline([(0, 10), (5, 2.25)])  // "M0 10L5 2.3"
    /// ```
    public static func polyline(_ points: [(x: Double, y: Double)]) -> String {
        var data = ""
        var last: (String, String)? = nil
        for point in points {
            let current = (number(point.x), number(point.y))
            if let last, last == current { continue }
            data += (last == nil ? "M" : "L") + current.0 + " " + current.1
            last = current
        }
        return data
    }

    /// A step line through `points`: horizontal to each next x, then vertical (a CDF's shape).
    public static func steps(_ points: [(x: Double, y: Double)]) -> String {
        guard let first = points.first else { return "" }
        var stepped = [first]
        for point in points.dropFirst() {
            stepped.append((point.x, stepped[stepped.count - 1].y))
            stepped.append(point)
        }
        return polyline(stepped)
    }
}
