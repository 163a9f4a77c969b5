/// A line chart as inline SVG: axes with units and round ticks, a legend that wraps, lines, vertical
/// markers (a deadline) and marked points (a verdict, a cliff). No script, no external resource.
///
/// ```swift
/// var chart = LineChart(id: "cdf", title: "Time to deliver",
///                       x: ChartAxis(title: "time to deliver", unit: "ms"),
///                       y: ChartAxis(title: "share delivered", unit: "%", bounds: (0, 1), labelFactor: 100))
/// chart.series.append(.init(name: "run", points: [(0, 0), (1200, 1)], style: .series(0)))
/// chart.svg()
/// ```
public struct LineChart: Sendable {
    /// One line.
    public struct Series: Sendable {
        public var name: String
        /// In data units, in x order.
        public var points: [(x: Double, y: Double)]
        public var style: ChartStyle
        public init(name: String, points: [(x: Double, y: Double)], style: ChartStyle) {
            self.name = name
            self.points = points
            self.style = style
        }
    }

    /// A vertical line across the plot at `x` (a deadline, a timeout), named in the legend.
    public struct Marker: Sendable {
        public var label: String
        public var x: Double
        public var style: ChartStyle
        public init(label: String, x: Double, style: ChartStyle) {
            self.label = label
            self.x = x
            self.style = style
        }
    }

    /// A dot at (x, y) with a hover title; dots of one `kind` share a legend entry.
    public struct Point: Sendable {
        public var x: Double
        public var y: Double
        public var kind: String
        public var title: String
        public var style: ChartStyle
        public init(x: Double, y: Double, kind: String, title: String, style: ChartStyle) {
            self.x = x
            self.y = y
            self.kind = kind
            self.title = title
            self.style = style
        }
    }

    /// Names the chart in the page (`data-chart`), for links and for the browser test.
    public var id: String
    public var title: String
    public var x: ChartAxis
    public var y: ChartAxis
    public var series: [Series] = []
    public var markers: [Marker] = []
    public var points: [Point] = []
    /// Category labels at x positions (commits), drawn slanted instead of numeric ticks.
    public var xCategories: [(x: Double, label: String)]? = nil
    public var width: Double = 760
    public var plotHeight: Double = 250

    public init(id: String, title: String, x: ChartAxis, y: ChartAxis) {
        self.id = id
        self.title = title
        self.x = x
        self.y = y
    }

    /// Whether there is anything to draw.
    public var hasData: Bool { series.contains { !$0.points.isEmpty } || !points.isEmpty }

    /// The chart's `<figure>`: the title as caption and the SVG; a "no data" note when ``hasData`` is false.
    public func html() -> String {
        guard hasData else {
            return "<figure class=\"no-data\" data-empty-chart=\"\(HTML.escape(id))\"><figcaption>"
                + "\(HTML.escape(title))</figcaption><p>No data recorded for this chart.</p></figure>"
        }
        return "<figure><figcaption>\(HTML.escape(title))</figcaption>\(svg())</figure>"
    }

    /// The SVG element.
    public func svg() -> String {
        let left = 78.0
        let right = 24.0
        var legendEntries = series.map { LegendEntry(label: $0.name, style: $0.style, mark: .line) }
        legendEntries += markers.map { LegendEntry(label: $0.label, style: $0.style, mark: .line) }
        var seenKinds: Set<String> = []
        for point in points where seenKinds.insert(point.kind).inserted {
            legendEntries.append(LegendEntry(label: point.kind, style: point.style, mark: .dot))
        }
        let legend = LegendLayout.svg(legendEntries, left: left, top: 8, width: width - left - right)
        let top = 8 + legend.height + 12
        let slanted = xCategories != nil
        let bottomMargin = slanted ? 96.0 : 52.0
        let height = top + plotHeight + bottomMargin
        let plotBottom = top + plotHeight
        let plotRight = width - right

        let xs =
            series.flatMap { $0.points.map(\.x) } + markers.map(\.x) + points.map(\.x)
            + (xCategories?.map(\.x) ?? [])
        let ys = series.flatMap { $0.points.map(\.y) } + points.map(\.y)
        let xTicks =
            x.bounds.map { AxisTicks(minimum: $0.lower, maximum: $0.upper) }
            ?? AxisTicks(minimum: xs.min() ?? 0, maximum: xs.max() ?? 1, count: 8)
        let yTicks =
            y.bounds.map { AxisTicks(minimum: $0.lower, maximum: $0.upper) }
            ?? AxisTicks(minimum: min(0, ys.min() ?? 0), maximum: ys.max() ?? 1, count: 5)
        let xDomain =
            slanted ? (lower: (xs.min() ?? 0) - 0.5, upper: (xs.max() ?? 1) + 0.5) : (xTicks.lower, xTicks.upper)
        let xScale = LinearScale(domain: xDomain, range: (left, plotRight))
        let yScale = LinearScale(domain: (yTicks.lower, yTicks.upper), range: (plotBottom, top))
        let n = SVGPath.number

        var svg =
            "<svg class=\"chart\" data-chart=\"\(HTML.escape(id))\" xmlns=\"http://www.w3.org/2000/svg\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" role=\"img\">"
        svg += "<title>\(HTML.escape(title))</title>"
        svg += legend.svg
        // Grid and y ticks.
        svg += "<g class=\"axis y\">"
        for tick in yTicks.values {
            let py = n(yScale(tick))
            svg += "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(py)\" x2=\"\(n(plotRight))\" y2=\"\(py)\"/>"
            svg +=
                "<text x=\"\(n(left - 8))\" y=\"\(n(yScale(tick) + 4))\" text-anchor=\"end\">"
                + "\(HTML.escape(AxisTicks.label(tick * y.labelFactor, step: yTicks.step * y.labelFactor)))</text>"
        }
        let yTitleY = n(top + plotHeight / 2)
        svg +=
            "<text class=\"axis-title\" transform=\"translate(16 \(yTitleY)) rotate(-90)\" text-anchor=\"middle\">"
            + "\(HTML.escape(y.label))</text></g>"
        // X ticks.
        svg += "<g class=\"axis x\">"
        if let categories = xCategories {
            // At most one label per 14 px, so slanted labels never overlap.
            let every = max(1, Int((14.0 * Double(categories.count)) / (plotRight - left)) + 1)
            for (index, category) in categories.enumerated() where index % every == 0 || index == categories.count - 1 {
                let px = xScale(category.x)
                svg +=
                    "<line class=\"tick\" x1=\"\(n(px))\" y1=\"\(n(plotBottom))\" x2=\"\(n(px))\" "
                    + "y2=\"\(n(plotBottom + 5))\"/>"
                svg +=
                    "<text transform=\"translate(\(n(px + 4)) \(n(plotBottom + 14))) rotate(40)\">"
                    + "\(HTML.escape(category.label))</text>"
            }
        } else {
            for tick in xTicks.values {
                let px = n(xScale(tick))
                svg += "<line class=\"grid\" x1=\"\(px)\" y1=\"\(n(top))\" x2=\"\(px)\" y2=\"\(n(plotBottom))\"/>"
                svg +=
                    "<text x=\"\(px)\" y=\"\(n(plotBottom + 18))\" text-anchor=\"middle\">"
                    + "\(HTML.escape(AxisTicks.label(tick * x.labelFactor, step: xTicks.step * x.labelFactor)))</text>"
            }
        }
        svg +=
            "<text class=\"axis-title\" x=\"\(n((left + plotRight) / 2))\" y=\"\(n(height - 10))\" "
            + "text-anchor=\"middle\">\(HTML.escape(x.label))</text></g>"
        svg +=
            "<rect class=\"frame\" x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(plotRight - left))\" "
            + "height=\"\(n(plotHeight))\"/>"
        // Markers, then lines, then points on top.
        for marker in markers {
            let px = n(xScale(marker.x))
            svg +=
                "<line class=\"marker\" x1=\"\(px)\" y1=\"\(n(top))\" x2=\"\(px)\" y2=\"\(n(plotBottom))\" "
                + "stroke=\"\(marker.style.color)\" stroke-width=\"2\""
                + (marker.style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")
                + "><title>\(HTML.escape(marker.label))</title></line>"
        }
        for line in series where !line.points.isEmpty {
            let path = SVGPath.polyline(line.points.map { (xScale($0.x), yScale($0.y)) })
            svg +=
                "<path class=\"series\" data-series=\"\(HTML.escape(line.name))\" d=\"\(path)\" fill=\"none\" "
                + "stroke=\"\(line.style.color)\" stroke-width=\"2\""
                + (line.style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>"
            if line.points.count == 1, let only = line.points.first {
                svg +=
                    "<circle class=\"point\" cx=\"\(n(xScale(only.x)))\" cy=\"\(n(yScale(only.y)))\" r=\"3\" "
                    + "fill=\"\(line.style.color)\"/>"
            }
        }
        for point in points {
            svg +=
                "<circle class=\"point\" cx=\"\(n(xScale(point.x)))\" cy=\"\(n(yScale(point.y)))\" r=\"5\" "
                + "fill=\"\(point.style.color)\" stroke=\"#222\"><title>\(HTML.escape(point.title))</title></circle>"
        }
        return svg + "</svg>"
    }
}
