/// A run's results in fixed memory: outcome counts, violation counts and one histogram per timing
/// (time to deliver, slack, each phase). Mergeable, so shards and repeated runs combine exactly.
public struct RunAggregate: Sendable, Equatable {
    /// Invocations recorded.
    public private(set) var invocations = 0
    public private(set) var outcomes: [InvocationOutcome: Int] = [:]
    public private(set) var violations = Violations()
    /// Keyed `deliver`, `slack`, and each ``SummarySchema/phases`` name.
    public private(set) var histograms: [String: Histogram]

    public init() {
        var histograms: [String: Histogram] = ["deliver": Histogram(), "slack": Histogram()]
        for phase in SummarySchema.phases { histograms[phase.name] = Histogram() }
        self.histograms = histograms
    }

    /// The names of the histograms, in a stable order.
    public static var histogramNames: [String] { ["deliver", "slack"] + SummarySchema.phases.map(\.name) }

    /// Adds one invocation. O(1) apart from the phase dictionary's few entries.
    public mutating func record(_ measurement: InvocationMeasurement) {
        invocations += 1
        outcomes[measurement.outcome, default: 0] += 1
        violations.add(measurement.violations)
        if let delivered = measurement.timeToDeliver { histograms["deliver"]?.record(delivered) }
        histograms["slack"]?.record(signed: measurement.slack ?? 0)
        for (phase, duration) in measurement.phases { histograms[phase]?.record(duration) }
    }

    /// Adds another aggregate's counts and histograms.
    public mutating func merge(_ other: RunAggregate) throws(HistogramError) {
        invocations += other.invocations
        for (outcome, count) in other.outcomes { outcomes[outcome, default: 0] += count }
        violations.add(other.violations)
        for (name, histogram) in other.histograms {
            if histograms[name] == nil {
                histograms[name] = histogram
            } else {
                try histograms[name]!.merge(histogram)
            }
        }
    }

    /// How many invocations ended with `outcome`.
    public func count(_ outcome: InvocationOutcome) -> Int { outcomes[outcome] ?? 0 }

    /// Share of invocations that satisfy `predicate`, 0 when none were recorded.
    public func rate(_ predicate: (InvocationOutcome) -> Bool) -> Double {
        guard invocations > 0 else { return 0 }
        let matching = outcomes.filter { predicate($0.key) }.values.reduce(0, +)
        return Double(matching) / Double(invocations)
    }

    /// Delivered before the deadline (enriched, degraded, discarded).
    public var finishedBeforeDeadlineRate: Double { rate(\.finishedBeforeDeadline) }
    /// The user saw the original content.
    public var fallbackRate: Double { rate(\.fellBack) }
    /// Delivered in time with everything asked for.
    public var enrichedRate: Double { rate { $0 == .enriched } }
}
