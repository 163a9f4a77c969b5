/// One side's figure for a metric: the pooled rate, or the median of the runs' values.
public struct MetricValue: Sendable, Equatable {
    /// Rates: successes over trials pooled across runs; times and measures: the median run.
    public let value: Double
    /// Times and measures: each run's value, in file order.
    public let runs: [Double]
    /// Rates: invocations counted in the numerator, pooled.
    public let successes: Int?
    /// Rates: invocations, pooled.
    public let trials: Int?
    /// Rates: the Wilson 95 % interval of the pooled share.
    public let interval: ProportionInterval?

    public init(value: Double, runs: [Double], successes: Int?, trials: Int?, interval: ProportionInterval?) {
        self.value = value
        self.runs = runs
        self.successes = successes
        self.trials = trials
        self.interval = interval
    }
}

/// One metric of one scenario, both sides, and the verdict.
public struct MetricComparison: Sendable, Equatable {
    public let metric: ComparedMetric
    public let baseline: MetricValue?
    public let candidate: MetricValue?
    public let verdict: Verdict
    /// The test that was run, if any.
    public let test: SignificanceTest?
    /// The tolerances applied.
    public let threshold: ResolvedThreshold

    public init(
        metric: ComparedMetric, baseline: MetricValue?, candidate: MetricValue?, verdict: Verdict,
        test: SignificanceTest?, threshold: ResolvedThreshold
    ) {
        self.metric = metric
        self.baseline = baseline
        self.candidate = candidate
        self.verdict = verdict
        self.test = test
        self.threshold = threshold
    }

    /// Candidate minus baseline, in the metric's unit (a fraction for rates).
    public var absoluteChange: Double? {
        guard let baseline, let candidate else { return nil }
        return candidate.value - baseline.value
    }

    /// The change as a fraction of the baseline; nil when the baseline is 0.
    public var relativeChange: Double? {
        guard let baseline, let absoluteChange, baseline.value != 0 else { return nil }
        return absoluteChange / baseline.value.magnitude
    }
}
