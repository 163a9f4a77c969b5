/// What a text or Markdown report says, before either format lays it out: a headline, a summary,
/// and per scenario its notes and a table with regressions first.
public struct ReportContent: Sendable {
    /// One scenario's part of the report.
    public struct Section: Sendable {
        public let scenario: String
        /// `baseline 1 run, candidate 3 runs`.
        public let runs: String
        /// Why it was not compared, what was allowed, which rows are untrustworthy.
        public let notes: [String]
        /// Metric, baseline, candidate, change, verdict; empty when nothing was compared.
        public let rows: [[String]]
        /// Crashes in the baseline, in the candidate, the place's status (new, gone or both) and where it crashed
        /// (``crashPlaceColumns``), for every place in the extension's code either side crashed at.
        public let crashPlaceRows: [[String]]
    }

    /// The header of each section's table.
    public static let columns = ["metric", "baseline", "candidate", "change", "verdict"]

    /// The header of each section's table of crash places.
    public static let crashPlaceColumns = ["baseline", "candidate", "status", "where it crashed"]

    /// What introduces the table of crash places.
    public static let crashPlacesTitle =
        "Places in the extension's code that crashed (crashes there on each side; a place is matched by its "
        + "file's name, function and failure, without line, column, folder or signal):"

    /// `nse-bench compare: regression`.
    public let headline: String
    /// `2 regressions, 1 improvement, 35 unchanged in 1 scenario compared; exit status 2`.
    public let summary: String
    public let baselineSource: String
    public let candidateSource: String
    public let sections: [Section]

    /// What the text, Markdown and HTML reports of `comparison` say.
    public init(_ comparison: Comparison) {
        let outcome = comparison.outcome
        headline = "nse-bench compare: " + Self.headlineWord(outcome)
        summary = Self.summary(comparison)
        baselineSource = comparison.baselineSource
        candidateSource = comparison.candidateSource
        sections = comparison.scenarios.map(Self.section)
    }

    private static func headlineWord(_ outcome: ComparisonOutcome) -> String {
        outcome == .untrustworthyRuns ? "harness error (invalid or partial runs)" : outcome.rawValue
    }

    private static func summary(_ comparison: Comparison) -> String {
        let compared = comparison.scenarios.count { $0.presence == .both }
        let oneSided = comparison.scenarios.count - compared
        var parts = [
            plural(comparison.count("regression"), "regression"),
            plural(comparison.count("improvement"), "improvement"),
            "\(comparison.count("unchanged")) unchanged",
        ]
        if comparison.count("missing") > 0 { parts.append("\(comparison.count("missing")) missing") }
        var text = parts.joined(separator: ", ") + " in " + plural(compared, "scenario") + " compared"
        if compared == 0 { text = "no scenario is in both files" }
        if oneSided > 0 { text += "; " + plural(oneSided, "scenario") + " in one file only" }
        return text + "; exit status \(comparison.outcome.exitCode.rawValue)"
    }

    private static func section(_ scenario: ScenarioComparison) -> Section {
        let runs = [("baseline", scenario.baselineRuns), ("candidate", scenario.candidateRuns)].map { side, runs in
            "\(side) \(plural(runs.count, "run")) (\(plural(runs.reduce(0) { $0 + $1.invocations }, "invocation")))"
        }.joined(separator: ", ")
        let rows = scenario.metrics.enumerated()
            .sorted { ($0.element.verdict.sortRank, $0.offset) < ($1.element.verdict.sortRank, $1.offset) }
            .map { row($0.element, in: scenario) }
        let places = scenario.crashPlaces.map {
            [String($0.baseline), String($0.candidate), $0.presence.rawValue, $0.reason]
        }
        return Section(
            scenario: scenario.scenario, runs: runs, notes: notes(scenario), rows: rows, crashPlaceRows: places)
    }

    private static func row(_ comparison: MetricComparison, in scenario: ScenarioComparison) -> [String] {
        let change =
            comparison.metric.kind == .places && comparison.absoluteChange != nil
            ? [CrashPlaceChange.Presence.new, .gone].map { presence in
                "\(scenario.crashPlaces.count { $0.presence == presence }) \(presence.rawValue)"
            }.joined(separator: ", ") : ReportNumbers.change(comparison)
        return [
            comparison.metric.name,
            comparison.baseline.map { ReportNumbers.value($0.value, of: comparison.metric) } ?? "",
            comparison.candidate.map { ReportNumbers.value($0.value, of: comparison.metric) } ?? "",
            change, verdict(comparison, untrustworthyCandidate: scenario.hasUntrustworthyCandidate),
        ]
    }

    /// `regression (p = 0.0039)`, `unchanged (not significant, p = 0.21)`, `missing in candidate`.
    static func verdict(_ comparison: MetricComparison, untrustworthyCandidate: Bool) -> String {
        var details: [String] = []
        switch comparison.verdict {
        case .regression, .improvement:
            if let p = comparison.test?.pValue { details.append(ReportNumbers.pValue(p)) }
            if untrustworthyCandidate { details.append("invalid run") }
        case .unchanged(let reason):
            details.append(reason.rawValue)
            if reason == .notSignificant, let p = comparison.test?.pValue { details.append(ReportNumbers.pValue(p)) }
        case .missing(let side):
            return "missing in \(side.rawValue)"
        }
        return comparison.verdict.word + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
    }

    private static func notes(_ scenario: ScenarioComparison) -> [String] {
        var notes: [String] = []
        switch scenario.presence {
        case .both: break
        case .baselineOnly: notes.append("Only in the baseline: not compared.")
        case .candidateOnly: notes.append("Only in the candidate: not compared.")
        }
        for difference in scenario.differences {
            let values =
                "baseline '\(difference.baseline.joined(separator: "', '"))', "
                + "candidate '\(difference.candidate.joined(separator: "', '"))'"
            if difference.isAllowed {
                notes.append("Host differs, compared anyway (--allow-env-mismatch): \(difference.column): \(values).")
            } else {
                let hint = difference.kind == .fingerprint ? " (--allow-env-mismatch compares across hosts)" : ""
                notes.append(
                    "Not comparable: \(difference.kind.rawValue) \(difference.column) differs: \(values)\(hint).")
            }
        }
        for (side, runs) in [("baseline", scenario.baselineRuns), ("candidate", scenario.candidateRuns)] {
            for run in runs where !run.isTrustworthy {
                var problems: [String] = []
                if !run.isValid {
                    problems.append("invalid" + (run.invalidReason.isEmpty ? "" : ": " + run.invalidReason))
                }
                if run.isPartial { problems.append("partial (interrupted before the end)") }
                let consequence =
                    scenario.presence == .both
                    ? "the harness may have distorted its figures, so compare exits 1" : "not compared"
                notes.append(
                    "The \(side) row on line \(run.line) is \(problems.joined(separator: "; ")); \(consequence).")
            }
        }
        if let note = tooFewRunsNote(scenario) { notes.append(note) }
        return notes
    }

    /// Said once per scenario when repeated runs were too few for Mann–Whitney to reach alpha.
    private static func tooFewRunsNote(_ scenario: ScenarioComparison) -> String? {
        for metric in scenario.metrics {
            guard case .tooFewRuns(let smallest) = metric.test else { continue }
            let alpha = metric.threshold.alpha
            var needed = Comparator.runsForSignificanceTest
            while MannWhitneyTest.smallestAttainablePValue(needed, needed) >= alpha { needed += 1 }
            return "With \(scenario.baselineRuns.count) and \(scenario.candidateRuns.count) runs no Mann-Whitney "
                + "p-value can go below \(ReportNumbers.fixed(smallest, 4)), above alpha \(plainDecimalText(alpha)); "
                + "tolerances alone judged times and measures (\(needed) runs a side allow the test)."
        }
        return nil
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
