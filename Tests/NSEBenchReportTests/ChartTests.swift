import NSEBenchCore
import Testing

@testable import NSEBenchReport

@Suite("Axis ticks, scales and SVG paths")
struct ChartTests {
    @Test("ticks are steps of 1, 2 or 5 times a power of ten that cover the data")
    func tickChoice() {
        let ticks = AxisTicks(minimum: 0, maximum: 31_200, count: 5)
        #expect(ticks.step == 10_000)
        #expect(ticks.values == [0, 10_000, 20_000, 30_000, 40_000])
        #expect(AxisTicks(minimum: 0, maximum: 1, count: 5).values == [0, 0.2, 0.4, 0.6000000000000001, 0.8, 1])
        #expect(AxisTicks(minimum: 3, maximum: 47, count: 8).step == 10)
        #expect(AxisTicks(minimum: 3, maximum: 47, count: 10).step == 5)
        #expect(AxisTicks.niceStep(for: 0.013) == 0.02)
        #expect(AxisTicks.niceStep(for: 7) == 10)
    }

    @Test("an empty or non-finite range still gets an axis")
    func degenerateRanges() {
        let single = AxisTicks(minimum: 5, maximum: 5)
        #expect(single.lower <= 5 && single.upper > 5)
        let zero = AxisTicks(minimum: 0, maximum: 0)
        #expect(zero.lower == 0 && zero.upper >= 1)
        let infinite = AxisTicks(minimum: -.infinity, maximum: .nan)
        #expect(infinite.values.first == 0)
        let reversed = AxisTicks(minimum: 10, maximum: 0)
        #expect(reversed.lower == 0 && reversed.upper == 10)
    }

    @Test("labels carry as many decimals as the step and shorten large values")
    func labels() {
        #expect(AxisTicks.label(0.25, step: 0.05) == "0.25")
        #expect(AxisTicks.label(0.2, step: 0.2) == "0.2")
        #expect(AxisTicks.label(35_000, step: 5_000) == "35000")
        #expect(AxisTicks.label(2_500_000, step: 500_000) == "2.5M")
        #expect(AxisTicks.label(400_000, step: 100_000) == "400k")
        #expect(AxisTicks.label(0, step: 1_000_000) == "0")
        #expect(AxisTicks.label(60, step: 20) == "60")
    }

    @Test("a linear scale maps the domain onto the range, reversed for SVG's y")
    func scale() {
        let y = LinearScale(domain: (0, 1), range: (200, 0))
        #expect(y(0) == 200)
        #expect(y(1) == 0)
        #expect(y(0.25) == 150)
        #expect(LinearScale(domain: (3, 3), range: (0, 100))(3) == 50)
    }

    @Test("paths write one decimal and skip points on the same pixel")
    func paths() {
        #expect(SVGPath.polyline([(0, 10), (5, 2.25)]) == "M0 10L5 2.3")
        #expect(SVGPath.polyline([(1, 1), (1.01, 1.02), (2, 2)]) == "M1 1L2 2")
        #expect(SVGPath.polyline([]) == "")
        #expect(SVGPath.steps([(0, 0), (1, 1)]) == "M0 0L1 0L1 1")
        #expect(SVGPath.number(-0.01) == "0")
        #expect(SVGPath.number(.nan) == "0")
    }

    @Test("a chart has axes with units, a legend entry per series and marker, and its lines")
    func lineChart() {
        var chart = LineChart(
            id: "t", title: "T", x: ChartAxis(title: "time to deliver", unit: "ms"),
            y: ChartAxis(title: "share", unit: "%", bounds: (0, 1), labelFactor: 100))
        chart.series.append(.init(name: "run <a>", points: [(0, 0), (100, 1)], style: .series(0)))
        chart.markers.append(.init(label: "deadline 30 s", x: 30, style: ChartStyle(color: "#f00", dash: "4 2")))
        let svg = chart.svg()
        #expect(svg.contains("time to deliver (ms)"))
        #expect(svg.contains("share (%)"))
        #expect(svg.contains(">100</text>"))
        #expect(svg.contains("run &lt;a&gt;"))
        #expect(!svg.contains("run <a>"))
        #expect(svg.contains("deadline 30 s"))
        #expect(svg.contains("class=\"series\""))
        #expect(svg.contains("class=\"marker\""))
    }

    @Test("a chart without data says so instead of drawing empty axes")
    func emptyChart() {
        let chart = LineChart(
            id: "e", title: "Empty", x: ChartAxis(title: "x", unit: "s"), y: ChartAxis(title: "y", unit: ""))
        #expect(!chart.hasData)
        #expect(chart.html().contains("data-empty-chart=\"e\""))
        #expect(!chart.html().contains("<svg"))
        let bars = BarChart(id: "b", title: "Bars", x: ChartAxis(title: "share", unit: "%"))
        #expect(bars.html().contains("No data recorded"))
    }

    @Test("legends wrap onto new rows rather than run past the chart")
    func legendWraps() {
        let entries = (0..<12).map {
            LegendEntry(label: "a rather long series name \($0)", style: .series($0), mark: .line)
        }
        let legend = LegendLayout.svg(entries, left: 0, top: 0, width: 700)
        #expect(legend.height > 18 * 3)
    }

    @Test("bar labels longer than the margin are cut, with the whole label kept in the hover title")
    func longBarLabels() {
        var chart = BarChart(
            id: "b", title: "B", x: ChartAxis(title: "share", unit: "%", bounds: (0, 1), labelFactor: 100))
        let label = String(repeating: "n", count: 80)
        chart.rows = [
            .init(label: label, segments: [.init(name: "s", value: 0.5, valueText: "50%", style: .series(0))])
        ]
        let svg = chart.svg()
        #expect(svg.contains("<title>\(label)</title>"))
        #expect(svg.contains(String(repeating: "n", count: BarChart.longestLabel - 1) + "…"))
    }
}
