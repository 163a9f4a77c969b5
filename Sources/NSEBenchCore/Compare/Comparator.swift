/// The verdict engine: matches rows by scenario, checks they are comparable, and judges every
/// metric. Pure: no I/O, the same inputs always give the same ``Comparison``.
///
/// Several rows with the same scenario are repeated runs (`--repeat K`): rates pool their
/// invocations; times and measures take the median and, with three or more runs a side, a
/// Mann–Whitney test over the runs.
///
/// ```swift
/// let comparison = Comparator.compare(baseline: main, candidate: branch, options: CompareOptions())
/// comparison.outcome.exitCode  // .regression
/// ```
public enum Comparator {
    /// Compares every scenario of `baseline` with the same scenario of `candidate`.
    public static func compare(baseline: SummaryFile, candidate: SummaryFile, options: CompareOptions) -> Comparison {
        let baselineGroups = grouped(baseline.runs)
        let candidateGroups = grouped(candidate.runs)
        var scenarios: [ScenarioComparison] = []
        for (scenario, baselineRuns) in baselineGroups {
            let candidateRuns = candidateGroups.first { $0.scenario == scenario }?.runs ?? []
            scenarios.append(compareScenario(scenario, baselineRuns, candidateRuns, options: options))
        }
        for (scenario, candidateRuns) in candidateGroups
        where !baselineGroups.contains(where: { $0.scenario == scenario }) {
            scenarios.append(compareScenario(scenario, [], candidateRuns, options: options))
        }
        return Comparison(baselineSource: baseline.source, candidateSource: candidate.source, scenarios: scenarios)
    }

    /// Rows by scenario, scenarios in first-seen order.
    static func grouped(_ runs: [SummaryRun]) -> [(scenario: String, runs: [SummaryRun])] {
        var groups: [(scenario: String, runs: [SummaryRun])] = []
        for run in runs {
            if let index = groups.firstIndex(where: { $0.scenario == run.scenario }) {
                groups[index].runs.append(run)
            } else {
                groups.append((run.scenario, [run]))
            }
        }
        return groups
    }

    static func compareScenario(
        _ scenario: String, _ baseline: [SummaryRun], _ candidate: [SummaryRun], options: CompareOptions
    ) -> ScenarioComparison {
        let presence: ScenarioComparison.Presence =
            baseline.isEmpty ? .candidateOnly : candidate.isEmpty ? .baselineOnly : .both
        let differences =
            presence == .both
            ? Self.differences(baseline, candidate, allowEnvironmentMismatch: options.allowEnvironmentMismatch) : []
        var metrics: [MetricComparison] = []
        if presence == .both, differences.allSatisfy(\.isAllowed) {
            for metric in ComparedMetric.all {
                let threshold = options.thresholds.resolved(
                    for: metric, scenario: scenario, overrides: options.overrides)
                if let comparison = compareMetric(metric, baseline, candidate, threshold: threshold) {
                    metrics.append(comparison)
                }
            }
        }
        let places = metrics.isEmpty ? nil : crashPlaceChanges(baseline, candidate)
        return ScenarioComparison(
            scenario: scenario, presence: presence, baselineRuns: baseline.map(RunStatus.init),
            candidateRuns: candidate.map(RunStatus.init), differences: differences, metrics: metrics,
            crashPlaces: places ?? [])
    }

    /// One metric; nil when neither side has a value (nothing to show).
    static func compareMetric(
        _ metric: ComparedMetric, _ baseline: [SummaryRun], _ candidate: [SummaryRun], threshold: ResolvedThreshold
    ) -> MetricComparison? {
        switch metric.kind {
        case .rate: compareRate(metric, baseline, candidate, threshold: threshold)
        case .time, .measure: compareValues(metric, baseline, candidate, threshold: threshold)
        case .places: compareCrashPlaces(metric, baseline, candidate, threshold: threshold)
        }
    }

    /// Regression or improvement for a change that counts, by the metric's polarity.
    static func direction(of change: Double, polarity: SummarySchema.Polarity) -> Verdict {
        switch polarity {
        case .smallerIsBetter: change > 0 ? .regression : .improvement
        case .largerIsBetter: change < 0 ? .regression : .improvement
        case .none: .unchanged(.reportOnly)
        }
    }
}
