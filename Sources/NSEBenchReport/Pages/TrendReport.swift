import NSEBenchCore

/// `nse-bench report SUMMARY...`: enriched rate, fallback rate and deliver p99 per commit, one line
/// per scenario, each point marked with the gate's verdict against the commit before.
public enum TrendReport {
    /// Verdict words and their marks.
    static let verdictStyles: [(word: String, style: ChartStyle)] = [
        ("regression", ChartStyle(color: "#b00020")), ("improvement", ChartStyle(color: "#009E73")),
        ("unchanged", ChartStyle(color: "#d0d0d0")), ("not comparable", ChartStyle(color: "#E69F00")),
        ("missing", ChartStyle(color: "#ffffff")), ("first commit", ChartStyle(color: "#ffffff")),
    ]

    public static func html(_ trend: TrendData) -> String {
        let categories = trend.commits.enumerated().map {
            (x: Double($0.offset), label: String($0.element.label.prefix(10)))
        }
        let scenarios = trend.scenarios
        var charts = ""
        for (metric, title, axis) in [
            (
                "enriched_rate", "Enriched rate per commit",
                ChartAxis(title: "enriched", unit: "%", bounds: (0, 1), labelFactor: 100)
            ),
            (
                "fallback_rate", "Fallback rate per commit",
                ChartAxis(title: "fell back to the original", unit: "%", bounds: (0, 1), labelFactor: 100)
            ),
            ("deliver_p99_ms", "Time to deliver p99 per commit", ChartAxis(title: "time to deliver p99", unit: "ms")),
        ] {
            var chart = LineChart(
                id: "trend-\(metric)", title: title, x: ChartAxis(title: "commit, oldest first", unit: ""), y: axis)
            chart.xCategories = categories
            for (index, scenario) in scenarios.enumerated() {
                var points: [(x: Double, y: Double)] = []
                for (position, commit) in trend.commits.enumerated() {
                    guard let entry = commit.entries.first(where: { $0.scenario == scenario }),
                        let value = value(entry, metric)
                    else { continue }
                    points.append((Double(position), value))
                    let word = entry.verdicts[metric] ?? "first commit"
                    guard word != "unchanged", word != "first commit", word != "missing" else { continue }
                    let style = verdictStyles.first { $0.word == word }?.style ?? ChartStyle(color: "#888")
                    chart.points.append(
                        .init(
                            x: Double(position), y: value, kind: word, title: "\(scenario) at \(commit.label): \(word)",
                            style: style))
                }
                chart.series.append(.init(name: scenario, points: points, style: .series(index)))
            }
            charts += chart.html()
        }
        var rows: [[String]] = []
        for (position, commit) in trend.commits.enumerated() {
            for entry in commit.entries {
                rows.append([
                    String(position + 1), commit.label, entry.scenario, Format.percent(entry.enrichedRate),
                    Format.percent(entry.fallbackRate), Format.milliseconds(entry.deliverP99),
                    TrendData.metrics.map { entry.verdicts[$0] ?? "—" }.joined(separator: " / "),
                    commit.outcome?.rawValue ?? "first",
                ])
            }
        }
        let table = HTML.table(
            header: [
                "#", "commit", "scenario", "enriched", "fallback", "deliver p99",
                "verdicts (enriched / fallback / p99)", "gate",
            ],
            rows: rows, numeric: [0, 3, 4, 5])
        let body = ReportPage.section(
            "trend", "Across commits",
            intro: "One summary.csv per commit, oldest first. A red dot is a regression against the commit "
                + "before, a green one an improvement, as nse-bench compare (the CI gate) judges them; unchanged "
                + "points are not marked.", charts + table)
        return ReportPage.document(
            title: "nse-bench trend", subtitle: "\(trend.commits.count) commits, \(scenarios.count) scenarios",
            body: body)
    }

    static func value(_ entry: TrendData.Entry, _ metric: String) -> Double? {
        switch metric {
        case "enriched_rate": entry.enrichedRate
        case "fallback_rate": entry.fallbackRate
        default: entry.deliverP99
        }
    }
}
