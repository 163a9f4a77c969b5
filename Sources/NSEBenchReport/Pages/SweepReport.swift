import NSEBenchCore

/// `nse-bench report SWEEP_DIR`: enriched and fallback rate against the swept setting, one curve
/// per extension, with the cliffs marked.
public enum SweepReport {
    static let levelStyles: [(level: Double, style: ChartStyle)] = [
        (0.99, ChartStyle(color: "#009E73")), (0.95, ChartStyle(color: "#E69F00")), (0.5, ChartStyle(color: "#b00020")),
    ]

    public static func html(_ sweep: SweepData, name: String) -> String {
        let xAxis = ChartAxis(title: "swept \(sweep.setting)", unit: sweep.unit)
        var enriched = LineChart(
            id: "sweep-enriched", title: "Enriched rate against \(sweep.setting)", x: xAxis,
            y: ChartAxis(title: "enriched", unit: "%", bounds: (0, 1), labelFactor: 100))
        var fallback = LineChart(
            id: "sweep-fallback", title: "Fallback rate against \(sweep.setting)", x: xAxis,
            y: ChartAxis(title: "fell back to the original", unit: "%", bounds: (0, 1), labelFactor: 100))
        for (index, name) in sweep.extensions.enumerated() {
            let points = sweep.points.filter { $0.extensionName == name }
            enriched.series.append(
                .init(name: name, points: points.map { ($0.value, $0.enrichedRate) }, style: .series(index)))
            fallback.series.append(
                .init(name: name, points: points.map { ($0.value, $0.fallbackRate) }, style: .series(index)))
        }
        for cliff in sweep.cliffs {
            // A level held across the whole range has no cliff to mark, only a range end.
            guard let value = cliff.value, cliff.finding != "beyond_range" else { continue }
            let style = levelStyles.first { $0.level == cliff.level }?.style ?? ChartStyle(color: "#444")
            enriched.points.append(
                .init(
                    x: value, y: cliff.level, kind: "cliff: last value ≥ \(Format.percent(cliff.level)) enriched",
                    title: "\(cliff.extensionName) stays ≥ \(Format.percent(cliff.level)) enriched up to "
                        + "\(RunSections.trim(value)) \(cliff.unit)", style: style))
        }
        let recordsValidity = sweep.cliffs.contains { $0.fromValidRuns != nil }
        let rows = sweep.cliffs.map { cliff in
            let value = cliff.value.map { "\(RunSections.trim($0)) \(cliff.unit)" }
            let where_: String =
                switch cliff.finding {
                case "beyond_range": "held across the range (to \(value ?? "its end"))"
                case "below_across_range": "never reached"
                default: value ?? "never reached"
                }
            return [cliff.extensionName, "≥ " + Format.percent(cliff.level), where_]
                + (recordsValidity ? [cliff.fromValidRuns == false ? "no: from runs marked invalid" : "yes"] : [])
        }
        let cliffs =
            sweep.cliffs.isEmpty
            ? "<p class=\"note\">No cliffs.csv in the sweep's folder.</p>"
            : HTML.table(
                header: ["extension", "enriched at least", "up to \(sweep.setting)"]
                    + (recordsValidity ? ["from valid runs"] : []), rows: rows, numeric: [2],
                caption: "Cliffs (cliffs.csv)")
        let validity =
            sweep.invalidPoints == 0
            ? ""
            : "<p class=\"note\"><strong>\(sweep.invalidPoints) of \(sweep.points.count) points came from runs the "
                + "self-check marked invalid</strong> (valid=false in sweep.csv, with the reason): their rates may "
                + "carry the harness's own delay, and so may the cliffs resting on them.</p>"
        let body = ReportPage.section(
            "sweep", "Sweep of \(sweep.setting)",
            intro: "Each point is one run (sweep.csv). A dot marks a cliff: the furthest \(sweep.setting) from the "
                + "range's good end at which the extension still arrives enriched at least that often.",
            validity + enriched.html() + fallback.html() + cliffs)
        return ReportPage.document(
            title: "nse-bench sweep: \(sweep.setting)",
            subtitle: "\(name) · \(sweep.extensions.count) extensions · \(sweep.points.count) points", body: body)
    }
}
