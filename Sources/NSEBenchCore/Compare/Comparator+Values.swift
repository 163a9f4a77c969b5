extension Comparator {
    /// Repeated runs a side from which a time or measure must also pass Mann–Whitney.
    public static let runsForSignificanceTest = 3

    /// A time or measure: medians, relative and absolute tolerances, and Mann–Whitney over the runs
    /// when each side has at least ``runsForSignificanceTest``.
    static func compareValues(
        _ metric: ComparedMetric, _ baseline: [SummaryRun], _ candidate: [SummaryRun], threshold: ResolvedThreshold
    ) -> MetricComparison? {
        guard case .value(let column) = metric.source else { return nil }
        let beforeRuns = baseline.compactMap { $0.numbers[column] }
        let afterRuns = candidate.compactMap { $0.numbers[column] }
        let before = median(beforeRuns).map {
            MetricValue(value: $0, runs: beforeRuns, successes: nil, trials: nil, interval: nil)
        }
        let after = median(afterRuns).map {
            MetricValue(value: $0, runs: afterRuns, successes: nil, trials: nil, interval: nil)
        }
        guard before != nil || after != nil else { return nil }
        func result(_ verdict: Verdict, _ test: SignificanceTest?) -> MetricComparison {
            MetricComparison(
                metric: metric, baseline: before, candidate: after, verdict: verdict, test: test, threshold: threshold)
        }
        guard let before, let after else { return result(.missing(before == nil ? .baseline : .candidate), nil) }
        let test = significanceTest(beforeRuns, afterRuns, alpha: threshold.alpha)
        if threshold.reportOnly { return result(.unchanged(.reportOnly), test) }
        let change = after.value - before.value
        if change == 0 { return result(.unchanged(.noChange), test) }
        guard exceedsTolerances(change, baseline: before.value, threshold: threshold) else {
            return result(.unchanged(.withinTolerance), test)
        }
        if case .mannWhitney(let mannWhitney) = test, mannWhitney.pValue >= threshold.alpha {
            return result(.unchanged(.notSignificant), test)
        }
        return result(direction(of: change, polarity: metric.polarity), test)
    }

    /// Whether `change` is beyond both the absolute and the relative tolerance (a change from 0 is
    /// beyond any relative tolerance).
    static func exceedsTolerances(_ change: Double, baseline: Double, threshold: ResolvedThreshold) -> Bool {
        let slack = 1e-12
        guard change.magnitude > (threshold.absolute ?? 0) + slack else { return false }
        guard baseline != 0 else { return change != 0 }
        return change.magnitude / baseline.magnitude > (threshold.relative ?? 0) + slack
    }

    /// Mann–Whitney over the runs, when both sides have enough of them; ``SignificanceTest/tooFewRuns``
    /// when they have three or more but could never reach `alpha`.
    static func significanceTest(_ baseline: [Double], _ candidate: [Double], alpha: Double) -> SignificanceTest? {
        guard baseline.count >= runsForSignificanceTest, candidate.count >= runsForSignificanceTest else { return nil }
        let smallest = MannWhitneyTest.smallestAttainablePValue(baseline.count, candidate.count)
        guard smallest < alpha else { return .tooFewRuns(smallestPValue: smallest) }
        return MannWhitneyTest(baseline, candidate).map(SignificanceTest.mannWhitney)
    }

    /// The median, or nil for no values.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
