/// Number formatting for reports, without Foundation: fixed decimals, explicit signs, and each
/// metric in the unit people read it in.
enum ReportNumbers {
    /// `value` rounded to `digits` decimals (half away from zero), never in exponent notation.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        let scale = powerOfTen(digits)
        let scaled = (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 0x1p63 else { return "\(value)" }
        let units = UInt64(scaled)
        let whole = units / scale
        let fraction = units % scale
        var text = (value < 0 && units != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return text
    }

    /// Like ``fixed(_:_:)`` with a `+` in front of positive values.
    static func signed(_ value: Double, _ digits: Int) -> String {
        let text = fixed(value, digits)
        return text.hasPrefix("-") || text.allSatisfy({ $0 == "0" || $0 == "." }) ? text : "+" + text
    }

    /// A metric's value in its display unit: `95.20%`, `812.4 ms`, `1234.5/s`, `12.34 s`, `393.2 MiB`.
    static func value(_ value: Double, of metric: ComparedMetric) -> String {
        let unit = DisplayUnit(metric)
        return fixed(value * unit.scale, unit.digits) + unit.suffix
    }

    /// A change in the display unit, with the relative change for times and measures:
    /// `-10.00 pp`, `+50.0 ms (+50.0%)`.
    static func change(_ comparison: MetricComparison) -> String {
        guard let absolute = comparison.absoluteChange else { return "" }
        let unit = DisplayUnit(comparison.metric)
        if comparison.metric.kind == .rate { return signed(absolute * 100, 2) + " pp" }
        let text = signed(absolute * unit.scale, unit.digits) + unit.suffix
        guard let relative = comparison.relativeChange else { return text }
        return text + " (" + signed(relative * 100, 1) + "%)"
    }

    /// `p = 0.0039`, or `p < 0.0001`.
    static func pValue(_ p: Double) -> String {
        p < 0.000_1 ? "p < 0.0001" : "p = " + fixed(p, 4)
    }

    /// A number as CSV and machine readers want it: shortest round-trip text, empty for nil.
    static func raw(_ value: Double?) -> String {
        guard let value else { return "" }
        if value == value.rounded(), value.magnitude < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// How a metric is shown: a scale from the CSV's unit, decimals and a suffix.
private struct DisplayUnit {
    let scale: Double
    let digits: Int
    let suffix: String

    init(_ metric: ComparedMetric) {
        switch metric.kind {
        case .rate:
            (scale, digits, suffix) = (100, 2, "%")
        case .time:
            (scale, digits, suffix) = (1, 1, " ms")
        case .places:
            (scale, digits, suffix) = (1, 0, "")
        case .measure:
            if metric.name.hasSuffix("_bytes") {
                (scale, digits, suffix) = (1.0 / 1_048_576, 1, " MiB")
            } else if metric.name.hasSuffix("_per_s") {
                (scale, digits, suffix) = (1, 1, "/s")
            } else if metric.name.hasSuffix("_s") {
                (scale, digits, suffix) = (1, 2, " s")
            } else {
                (scale, digits, suffix) = (1, 1, "")
            }
        }
    }
}
