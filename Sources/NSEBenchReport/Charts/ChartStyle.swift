/// How a series, marker or bar segment is drawn: a colour, and for lines a dash pattern.
public struct ChartStyle: Sendable, Equatable {
    /// A CSS colour.
    public var color: String
    /// An SVG `stroke-dasharray` (nil for a solid line).
    public var dash: String?

    public init(color: String, dash: String? = nil) {
        self.color = color
        self.dash = dash
    }

    /// Colours that stay apart for the common kinds of colour blindness (Okabe and Ito's palette).
    public static let palette = [
        "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
    ]

    /// The `index`-th palette colour, cycling.
    public static func series(_ index: Int, dash: String? = nil) -> ChartStyle {
        ChartStyle(color: palette[index % palette.count], dash: dash)
    }
}

/// A chart's axis: what it measures and its unit, as the label shows them (`time to deliver (ms)`).
public struct ChartAxis: Sendable, Equatable {
    public var title: String
    public var unit: String
    /// Fixed bounds (a share from 0 to 1), or nil to fit the data.
    public var bounds: (lower: Double, upper: Double)?
    /// Multiplies tick values for their labels (100 shows a 0-1 share as percent).
    public var labelFactor: Double

    public init(title: String, unit: String, bounds: (lower: Double, upper: Double)? = nil, labelFactor: Double = 1) {
        self.title = title
        self.unit = unit
        self.bounds = bounds
        self.labelFactor = labelFactor
    }

    /// `title (unit)`.
    public var label: String { unit.isEmpty ? title : "\(title) (\(unit))" }

    public static func == (left: ChartAxis, right: ChartAxis) -> Bool {
        left.title == right.title && left.unit == right.unit && left.labelFactor == right.labelFactor
            && left.bounds?.lower == right.bounds?.lower && left.bounds?.upper == right.bounds?.upper
    }
}

/// One entry of a chart's legend.
struct LegendEntry {
    enum Mark { case line, box, dot }
    let label: String
    let style: ChartStyle
    let mark: Mark
}

/// Legends laid out in rows that wrap before the chart's right edge, so no label runs over another.
enum LegendLayout {
    /// Width of a label at the charts' 12 px font: a generous 7 px a character, so rows never overlap.
    static func textWidth(_ text: String) -> Double { Double(text.count) * 7 }

    /// SVG for `entries` from (`left`, `top`) within `width`, and the height it took.
    static func svg(_ entries: [LegendEntry], left: Double, top: Double, width: Double) -> (svg: String, height: Double)
    {
        guard !entries.isEmpty else { return ("", 0) }
        var svg = "<g class=\"legend\">"
        var x = left
        var y = top
        let rowHeight = 18.0
        for entry in entries {
            let itemWidth = 26 + textWidth(entry.label) + 16
            if x > left, x + itemWidth > left + width {
                x = left
                y += rowHeight
            }
            let mid = SVGPath.number(y + 6)
            switch entry.mark {
            case .line:
                svg +=
                    "<line x1=\"\(SVGPath.number(x))\" y1=\"\(mid)\" x2=\"\(SVGPath.number(x + 20))\" y2=\"\(mid)\" "
                    + "stroke=\"\(entry.style.color)\" stroke-width=\"2.5\""
                    + (entry.style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>"
            case .box:
                svg +=
                    "<rect x=\"\(SVGPath.number(x + 4))\" y=\"\(SVGPath.number(y))\" width=\"12\" height=\"12\" "
                    + "fill=\"\(entry.style.color)\"/>"
            case .dot:
                svg +=
                    "<circle cx=\"\(SVGPath.number(x + 10))\" cy=\"\(mid)\" r=\"5\" fill=\"\(entry.style.color)\" "
                    + "stroke=\"#222\"/>"
            }
            svg +=
                "<text x=\"\(SVGPath.number(x + 26))\" y=\"\(SVGPath.number(y + 10))\">\(HTML.escape(entry.label))</text>"
            x += itemWidth
        }
        return (svg + "</g>", y - top + rowHeight)
    }
}
