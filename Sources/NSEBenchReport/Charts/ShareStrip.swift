/// A small stacked bar as inline SVG, for a table cell: one row's shares (outcome shares of a run),
/// left to right, each segment a `<rect>` whose hover title gives its name and value. No axis or
/// legend of its own: the table around it carries them.
///
/// ```swift
/// ShareStrip(segments: OutcomeStyles.bar(label: "a", rows: [row]).segments).svg()
/// ```
public struct ShareStrip: Sendable {
    public var segments: [BarChart.Segment]
    public var width: Double = 160
    public var height: Double = 14

    public init(segments: [BarChart.Segment]) {
        self.segments = segments
    }

    /// The `<svg class="strip">`: segments above zero scaled to the strip's width over their sum (1 for
    /// shares that add up), a grey frame when every segment is zero.
    public func svg() -> String {
        let n = SVGPath.number
        let total = segments.map { max($0.value, 0) }.reduce(0, +)
        var svg =
            "<svg class=\"strip\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" "
            + "width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\">"
        guard total > 0 else {
            return svg + "<rect x=\"0.5\" y=\"0.5\" width=\"\(n(width - 1))\" height=\"\(n(height - 1))\" "
                + "fill=\"none\" stroke=\"#bbb\"/></svg>"
        }
        var start = 0.0
        for segment in segments where segment.value > 0 {
            let x0 = start / total * width
            let x1 = (start + segment.value) / total * width
            svg +=
                "<rect class=\"bar\" data-segment=\"\(HTML.escape(segment.name))\" x=\"\(n(x0))\" y=\"0\" "
                + "width=\"\(n(max(0.5, x1 - x0)))\" height=\"\(n(height))\" fill=\"\(segment.style.color)\">"
                + "<title>\(HTML.escape(segment.name)) \(HTML.escape(segment.valueText))</title></rect>"
            start += segment.value
        }
        return svg + "</svg>"
    }
}
