extension Comparator {
    /// A rate: pooled over runs, two-proportion test, minimum effect.
    static func compareRate(
        _ metric: ComparedMetric, _ baseline: [SummaryRun], _ candidate: [SummaryRun], threshold: ResolvedThreshold
    ) -> MetricComparison? {
        let before = pooled(metric, baseline)
        let after = pooled(metric, candidate)
        guard before != nil || after != nil else { return nil }
        func result(_ verdict: Verdict, _ test: SignificanceTest?) -> MetricComparison {
            MetricComparison(
                metric: metric, baseline: before, candidate: after, verdict: verdict, test: test, threshold: threshold)
        }
        guard let before, let after, let beforeSuccesses = before.successes, let beforeTrials = before.trials,
            let afterSuccesses = after.successes, let afterTrials = after.trials
        else { return result(.missing(before == nil ? .baseline : .candidate), nil) }
        let test = TwoProportionTest(
            successes: beforeSuccesses, trials: beforeTrials, versus: afterSuccesses, trials: afterTrials)
        let significance = test.map(SignificanceTest.twoProportion)
        let change = after.value - before.value
        if threshold.reportOnly { return result(.unchanged(.reportOnly), significance) }
        if change == 0 { return result(.unchanged(.noChange), significance) }
        // A hair of slack so that exactly one percentage point (0.96 - 0.95 in binary) still counts.
        if change.magnitude < (threshold.minimumEffect ?? 0) - 1e-12 {
            return result(.unchanged(.belowMinimumEffect), significance)
        }
        guard let test, test.pValue < threshold.alpha, change != 0 else {
            return result(.unchanged(.notSignificant), significance)
        }
        return result(direction(of: change, polarity: metric.polarity), significance)
    }

    /// Successes and trials summed over the runs that have a value; nil when none has invocations.
    static func pooled(_ metric: ComparedMetric, _ runs: [SummaryRun]) -> MetricValue? {
        var successes = 0
        var trials = 0
        for run in runs where run.invocations > 0 {
            switch metric.source {
            case .countRatio(let successColumn, let trialColumn):
                guard let count = run.numbers[successColumn], let part = run.numbers[trialColumn], part > 0 else {
                    continue
                }
                successes += min(Int(count), Int(part))
                trials += Int(part)
                continue
            case .rateColumn(let column):
                guard let rate = run.numbers[column] else { continue }
                successes += Int((rate * Double(run.invocations)).rounded())
            case .countShare(let column):
                guard let count = run.numbers[column] else { continue }
                successes += min(Int(count), run.invocations)
            case .value, .tally:
                continue
            }
            trials += run.invocations
        }
        guard trials > 0 else { return nil }
        return MetricValue(
            value: Double(successes) / Double(trials), runs: [], successes: successes, trials: trials,
            interval: ProportionInterval.wilson(successes: successes, trials: trials))
    }
}
