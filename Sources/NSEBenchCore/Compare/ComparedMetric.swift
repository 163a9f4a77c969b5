/// One figure `compare` judges, derived from ``SummarySchema``: every `rate`, `time` and `measure`
/// column, plus the share of invocations behind every count column that has a polarity.
///
/// Counts are compared as shares of `invocations` (`killed` becomes `killed_rate`) so that runs of
/// different lengths compare, and so that the same two-proportion test as the rate columns applies.
/// `enriched` has no share of its own: `enriched_rate` is that share already.
public struct ComparedMetric: Sendable, Hashable {
    /// How a metric is judged.
    public enum Kind: String, Sendable, Hashable {
        /// A share of invocations: two-proportion test and a minimum effect.
        case rate
        /// A time in milliseconds: relative and absolute tolerances, Mann–Whitney over repeated runs.
        case time
        /// Another figure (throughput, CPU, memory, allocations): like a time, in its own unit.
        case measure
        /// Places in the extension's code that crashed (``CrashPlace``): a place the candidate crashed
        /// at and the baseline never did is a regression, one only the baseline had an improvement.
        case places
    }

    /// Where the metric's numbers come from in a `summary.csv` row.
    public enum Source: Sendable, Hashable {
        /// A rate column; a run's successes are `rate × invocations`, rounded.
        case rateColumn(String)
        /// A count column; its share of `invocations` is the rate (counts above `invocations`, such
        /// as repeated content-handler calls, are capped at it).
        case countShare(String)
        /// A share of part of the run (one network class): `successes` over `trials`, both count
        /// columns; a run without the part is left out.
        case countRatio(successes: String, trials: String)
        /// A time or measure column, as written.
        case value(String)
        /// A tally column (``CrashTally``); each side's value is how many places its runs crashed at.
        case tally(String)
    }

    /// The name used in reports and in the thresholds file, for example `deliver_p99_ms` or `killed_rate`.
    public let name: String
    public let kind: Kind
    public let polarity: SummarySchema.Polarity
    public let source: Source
    /// What it means, from the schema.
    public let meaning: String

    /// `crash_places`: the places in the extension's code where it crashed (`crash_reasons`).
    public static let crashPlaces = ComparedMetric(
        name: "crash_places", kind: .places, polarity: .smallerIsBetter,
        source: .tally(SummarySchema.crashReasonsColumn.name),
        meaning: "places in the extension's code where it crashed (a crash reason without its line and column); "
            + "one that crashed in the candidate and never in the baseline is a regression")

    /// Every compared metric, in report order: rates, shares of counts, times, measures, crash places.
    public static let all: [ComparedMetric] = {
        let columns = SummarySchema.columns
        var metrics = columns.filter { $0.kind == .rate }.map {
            ComparedMetric(
                name: $0.name, kind: .rate, polarity: $0.polarity,
                source: $0.share.map { .countRatio(successes: $0.successes, trials: $0.trials) }
                    ?? .rateColumn($0.name),
                meaning: $0.meaning)
        }
        metrics += columns.filter { $0.kind == .count && $0.polarity != .none && $0.name != "enriched" }.map {
            ComparedMetric(
                name: $0.name + "_rate", kind: .rate, polarity: $0.polarity, source: .countShare($0.name),
                meaning: "share of invocations: " + $0.meaning)
        }
        metrics += columns.filter { $0.kind == .time }.map {
            ComparedMetric(
                name: $0.name, kind: .time, polarity: $0.polarity, source: .value($0.name), meaning: $0.meaning)
        }
        metrics += columns.filter { $0.kind == .measure }.map {
            ComparedMetric(
                name: $0.name, kind: .measure, polarity: $0.polarity, source: .value($0.name), meaning: $0.meaning)
        }
        metrics.append(crashPlaces)
        return metrics
    }()

    /// The metric called `name`, or nil.
    public static func named(_ name: String) -> ComparedMetric? { all.first { $0.name == name } }
}
