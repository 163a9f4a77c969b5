public import NSEBenchCore

/// Colours and words for outcomes, shared by every report so one outcome looks the same everywhere.
public enum OutcomeStyles {
    /// The colour of `outcome`: green for rich, warm colours for partial, greys and reds for the original.
    public static func style(_ outcome: InvocationOutcome) -> ChartStyle {
        switch outcome {
        case .enriched: ChartStyle(color: "#009E73")
        case .degraded: ChartStyle(color: "#E69F00")
        case .unchanged: ChartStyle(color: "#999999")
        case .discarded: ChartStyle(color: "#CC79A7")
        case .expiredBestAttempt: ChartStyle(color: "#56B4E9")
        case .expiredOriginal: ChartStyle(color: "#D55E00")
        case .killed: ChartStyle(color: "#6b6b6b")
        case .crashed: ChartStyle(color: "#000000")
        case .notMutable: ChartStyle(color: "#c8c8c8")
        }
    }

    /// Outcome shares of pooled `rows` as one bar: each outcome's count over the invocations.
    static func bar(label: String, rows: [SummaryRun]) -> BarChart.Row {
        let invocations = Double(rows.map(\.invocations).reduce(0, +))
        let segments = InvocationOutcome.allCases.map { outcome in
            let count = rows.map { Int($0.numbers[outcome.rawValue] ?? 0) }.reduce(0, +)
            let share = invocations > 0 ? Double(count) / invocations : 0
            return BarChart.Segment(
                name: outcome.rawValue, value: share, valueText: Format.percent(share), style: style(outcome))
        }
        return BarChart.Row(label: label, segments: segments)
    }

    /// One network class of a population as a bar: enriched, partial (delivered or shown without
    /// every enrichment) and the original shown, over the class's invocations (summary.csv's
    /// `net_<class>_…` counts).
    static func classBar(label: String, _ tally: NetworkClassTally) -> BarChart.Row {
        let total = Double(max(tally.invocations, 1))
        let parts: [(String, Int, ChartStyle)] = [
            // Colours of their own: "partial" and "original shown" each pool several outcomes.
            ("enriched", tally.enriched, style(.enriched)),
            ("partial", tally.invocations - tally.enriched - tally.fallback, ChartStyle(color: "#8C6D1F")),
            ("original shown", tally.fallback, ChartStyle(color: "#882255")),
        ]
        return BarChart.Row(
            label: label,
            segments: parts.map { name, count, style in
                let share = Double(count) / total
                return BarChart.Segment(name: name, value: share, valueText: Format.percent(share), style: style)
            })
    }

    /// The network classes of a population in `runs` (pooled), in the presets' order; empty for runs
    /// on one network.
    static func networkClasses(_ runs: [SummaryRun]) -> [(name: String, tally: NetworkClassTally)] {
        NetworkProfile.allNames.compactMap { name in
            let prefix = SummarySchema.networkClassPrefix(name)
            func sum(_ suffix: String) -> Int { runs.map { Int($0.numbers[prefix + suffix] ?? 0) }.reduce(0, +) }
            let invocations = sum("invocations")
            guard invocations > 0 else { return nil }
            return (
                name, NetworkClassTally(invocations: invocations, enriched: sum("enriched"), fallback: sum("fallback"))
            )
        }
    }
}

/// Numbers as the report writes them.
enum Format {
    /// A 0-1 share as a percentage with one decimal (`87.5%`).
    static func percent(_ share: Double) -> String { FixedPoint.text(share * 100, places: 1) + "%" }

    /// Milliseconds with one decimal.
    static func milliseconds(_ value: Double?) -> String {
        value.map { FixedPoint.text($0, places: 1) + " ms" } ?? "—"
    }

    /// A whole number with thousands separated by commas.
    static func count(_ value: Int) -> String {
        let digits = String(abs(value))
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}
