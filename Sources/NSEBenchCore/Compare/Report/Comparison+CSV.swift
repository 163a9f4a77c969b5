extension Comparison {
    /// The columns of ``csv()``.
    public static let csvColumns = [
        "scenario", "metric", "kind", "polarity", "baseline", "candidate", "absolute_change", "relative_change",
        "verdict", "reason", "test", "p_value", "baseline_runs", "candidate_runs", "baseline_successes",
        "baseline_trials", "candidate_successes", "candidate_trials", "baseline_ci_lower", "baseline_ci_upper",
        "candidate_ci_lower", "candidate_ci_upper", "alpha", "min_effect", "relative_tolerance", "absolute_tolerance",
        "untrustworthy_runs",
    ]

    /// The report as RFC 4180 CSV with raw numbers (fractions, not percentages), one row per metric
    /// per scenario, then one per place in the extension's code either side crashed at (metric
    /// `crash_place`, kind `place`: the crashes there on each side, the verdict `new`, `gone` or `both`,
    /// and where it crashed as reason). A scenario not compared gets one row with an empty metric, the
    /// verdict `not comparable`, `baseline only` or `candidate only`, and the differing columns as reason.
    public func csv() -> String {
        var text = CSVWriter.record(Self.csvColumns)
        for scenario in scenarios {
            let common = [
                "scenario": scenario.scenario, "baseline_runs": String(scenario.baselineRuns.count),
                "candidate_runs": String(scenario.candidateRuns.count),
                "untrustworthy_runs": scenario.hasUntrustworthyRuns ? "true" : "false",
            ]
            let rows =
                scenario.isComparable
                ? scenario.metrics.map { common.merging(Self.csvFields($0)) { $1 } }
                    + scenario.crashPlaces.map { common.merging(Self.csvFields($0)) { $1 } }
                : [common.merging(Self.csvFields(notCompared: scenario)) { $1 }]
            for row in rows { text += CSVWriter.record(Self.csvColumns.map { row[$0] ?? "" }) }
        }
        return text
    }

    private static func csvFields(notCompared scenario: ScenarioComparison) -> [String: String] {
        let reason = scenario.differences.filter { !$0.isAllowed }.map {
            "\($0.column): baseline \($0.baseline.joined(separator: " ")), candidate \($0.candidate.joined(separator: " "))"
        }
        return [
            "verdict": scenario.presence == .both ? "not comparable" : scenario.presence.rawValue,
            "reason": reason.joined(separator: "; "),
        ]
    }

    private static func csvFields(_ place: CrashPlaceChange) -> [String: String] {
        [
            "metric": "crash_place", "kind": "place", "polarity": SummarySchema.Polarity.smallerIsBetter.rawValue,
            "baseline": String(place.baseline), "candidate": String(place.candidate),
            "absolute_change": String(place.candidate - place.baseline), "verdict": place.presence.rawValue,
            "reason": place.reason, "p_value": ReportNumbers.raw(place.pValue),
        ]
    }

    private static func csvFields(_ metric: MetricComparison) -> [String: String] {
        let raw = ReportNumbers.raw
        var reason = ""
        switch metric.verdict {
        case .unchanged(let why): reason = why.rawValue
        case .missing(let side): reason = "no value in \(side.rawValue)"
        case .regression, .improvement: break
        }
        var fields = [
            "metric": metric.metric.name, "kind": metric.metric.kind.rawValue,
            "polarity": metric.metric.polarity.rawValue, "baseline": raw(metric.baseline?.value),
            "candidate": raw(metric.candidate?.value), "absolute_change": raw(metric.absoluteChange),
            "relative_change": raw(metric.relativeChange), "verdict": metric.verdict.word, "reason": reason,
            "test": metric.test?.name ?? "", "p_value": raw(metric.test?.pValue), "alpha": raw(metric.threshold.alpha),
            "min_effect": raw(metric.threshold.minimumEffect), "relative_tolerance": raw(metric.threshold.relative),
            "absolute_tolerance": raw(metric.threshold.absolute),
        ]
        for (side, value) in [("baseline", metric.baseline), ("candidate", metric.candidate)] {
            fields["\(side)_successes"] = raw(value?.successes.map(Double.init))
            fields["\(side)_trials"] = raw(value?.trials.map(Double.init))
            fields["\(side)_ci_lower"] = raw(value?.interval?.lower)
            fields["\(side)_ci_upper"] = raw(value?.interval?.upper)
        }
        return fields
    }
}

extension SignificanceTest {
    /// `two-proportion z`, `mann-whitney exact`, `mann-whitney normal` or `too few runs`.
    public var name: String {
        switch self {
        case .twoProportion: "two-proportion z"
        case .mannWhitney(let test): "mann-whitney \(test.method.rawValue)"
        case .tooFewRuns: "too few runs"
        case .exactPlaces: "one-sided exact"
        }
    }
}
