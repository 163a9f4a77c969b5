/// A horizontal bar chart as inline SVG: one bar per row, each bar made of segments stacked left
/// to right (outcome shares), with the x axis's unit, round ticks, a legend of the segments and the
/// value of each segment wide enough to hold it.
public struct BarChart: Sendable {
    /// One part of a bar.
    public struct Segment: Sendable {
        public var name: String
        public var value: Double
        /// Shown on the segment when it is wide enough, and in its hover title.
        public var valueText: String
        public var style: ChartStyle
        public init(name: String, value: Double, valueText: String, style: ChartStyle) {
            self.name = name
            self.value = value
            self.valueText = valueText
            self.style = style
        }
    }

    /// One bar.
    public struct Row: Sendable {
        public var label: String
        public var segments: [Segment]
        public init(label: String, segments: [Segment]) {
            self.label = label
            self.segments = segments
        }
    }

    public var id: String
    public var title: String
    public var x: ChartAxis
    public var rows: [Row] = []
    public var width: Double = 760

    public init(id: String, title: String, x: ChartAxis) {
        self.id = id
        self.title = title
        self.x = x
    }

    /// Whether any bar has a segment above zero.
    public var hasData: Bool { rows.contains { $0.segments.contains { $0.value > 0 } } }

    /// The chart's `<figure>`, or a "no data" note.
    public func html() -> String {
        guard hasData else {
            return "<figure class=\"no-data\" data-empty-chart=\"\(HTML.escape(id))\"><figcaption>"
                + "\(HTML.escape(title))</figcaption><p>No data recorded for this chart.</p></figure>"
        }
        return "<figure><figcaption>\(HTML.escape(title))</figcaption>\(svg())</figure>"
    }

    /// Row labels longer than this are cut, with the whole label in the hover title.
    static let longestLabel = 30

    /// The SVG element.
    public func svg() -> String {
        let n = SVGPath.number
        let labels = rows.map { Self.shortened($0.label) }
        let left = min(260, max(60, Double(labels.map(\.count).max() ?? 0) * 7.6 + 16))
        let right = 24.0
        var legendEntries: [LegendEntry] = []
        var seen: Set<String> = []
        for segment in rows.flatMap(\.segments) where segment.value > 0 && seen.insert(segment.name).inserted {
            legendEntries.append(LegendEntry(label: segment.name, style: segment.style, mark: .box))
        }
        let legend = LegendLayout.svg(legendEntries, left: left, top: 8, width: width - left - right)
        let top = 8 + legend.height + 10
        let barHeight = 24.0
        let gap = 10.0
        let plotHeight = Double(rows.count) * (barHeight + gap) + gap
        let plotBottom = top + plotHeight
        let height = plotBottom + 52
        let plotRight = width - right
        let totals = rows.map { $0.segments.map(\.value).reduce(0, +) }
        let ticks =
            x.bounds.map { AxisTicks(minimum: $0.lower, maximum: $0.upper) }
            ?? AxisTicks(minimum: 0, maximum: totals.max() ?? 1, count: 6)
        let scale = LinearScale(domain: (ticks.lower, ticks.upper), range: (left, plotRight))

        var svg =
            "<svg class=\"chart\" data-chart=\"\(HTML.escape(id))\" xmlns=\"http://www.w3.org/2000/svg\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\">"
        svg += "<title>\(HTML.escape(title))</title>" + legend.svg
        svg += "<g class=\"axis x\">"
        for tick in ticks.values {
            let px = n(scale(tick))
            svg += "<line class=\"grid\" x1=\"\(px)\" y1=\"\(n(top))\" x2=\"\(px)\" y2=\"\(n(plotBottom))\"/>"
            svg +=
                "<text x=\"\(px)\" y=\"\(n(plotBottom + 18))\" text-anchor=\"middle\">"
                + "\(HTML.escape(AxisTicks.label(tick * x.labelFactor, step: ticks.step * x.labelFactor)))</text>"
        }
        svg +=
            "<text class=\"axis-title\" x=\"\(n((left + plotRight) / 2))\" y=\"\(n(height - 10))\" "
            + "text-anchor=\"middle\">\(HTML.escape(x.label))</text></g>"
        for (index, row) in rows.enumerated() {
            let y = top + gap + Double(index) * (barHeight + gap)
            svg +=
                "<text class=\"row-label\" x=\"\(n(left - 8))\" y=\"\(n(y + barHeight / 2 + 4))\" "
                + "text-anchor=\"end\"><title>\(HTML.escape(row.label))</title>\(HTML.escape(labels[index]))</text>"
            var start = ticks.lower
            for segment in row.segments where segment.value > 0 {
                let x0 = scale(start)
                let x1 = scale(start + segment.value)
                svg +=
                    "<rect class=\"bar\" data-segment=\"\(HTML.escape(segment.name))\" x=\"\(n(x0))\" "
                    + "y=\"\(n(y))\" width=\"\(n(max(0.5, x1 - x0)))\" height=\"\(n(barHeight))\" "
                    + "fill=\"\(segment.style.color)\"><title>\(HTML.escape(row.label)): "
                    + "\(HTML.escape(segment.name)) \(HTML.escape(segment.valueText))</title></rect>"
                if x1 - x0 >= LegendLayout.textWidth(segment.valueText) + 8 {
                    svg +=
                        "<text class=\"bar-value\" x=\"\(n((x0 + x1) / 2))\" y=\"\(n(y + barHeight / 2 + 4))\" "
                        + "text-anchor=\"middle\">\(HTML.escape(segment.valueText))</text>"
                }
                start += segment.value
            }
            if row.segments.count == 1, let only = row.segments.first, only.value > 0,
                scale(start) - scale(ticks.lower) < LegendLayout.textWidth(only.valueText) + 8
            {
                svg +=
                    "<text class=\"bar-value outside\" x=\"\(n(scale(start) + 6))\" "
                    + "y=\"\(n(y + barHeight / 2 + 4))\">\(HTML.escape(only.valueText))</text>"
            }
        }
        return svg + "</svg>"
    }

    static func shortened(_ label: String) -> String {
        label.count <= longestLabel ? label : String(label.prefix(longestLabel - 1)) + "…"
    }
}
