/// An absolute pass or fail on a run's own figures, as k6's thresholds are: `enriched_rate>=0.95`,
/// `deliver_p99_ms<25000`. Evaluated on the run's summary row, with no baseline.
///
/// ```swift
/// let threshold = try Threshold(parsing: "enriched_rate>=0.95")
/// threshold.holds(for: 0.97)   // true
/// ```
public struct Threshold: Sendable, Hashable, CustomStringConvertible {
    /// How the figure is compared with the bound.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case atLeast = ">="
        case atMost = "<="
        case equal = "=="
        case notEqual = "!="
        case above = ">"
        case below = "<"
    }

    /// A summary.csv column of a rate, time, count or measure.
    public var metric: String
    /// The comparison.
    public var comparison: Comparison
    /// The bound, in the column's unit (a fraction for rates, milliseconds for times).
    public var bound: Double

    /// The kinds of column a threshold may name.
    public static let metricKinds: Set<SummarySchema.Kind> = [.rate, .time, .count, .measure]

    /// The metrics a threshold may name, in summary.csv's order.
    public static var metrics: [String] {
        SummarySchema.columns.filter { metricKinds.contains($0.kind) }.map(\.name)
    }

    /// A threshold.
    public init(metric: String, comparison: Comparison, bound: Double) {
        self.metric = metric
        self.comparison = comparison
        self.bound = bound
    }

    /// Parses `METRIC OP NUMBER` (spaces allowed), OP one of `>=`, `<=`, `==`, `!=`, `>`, `<`.
    public init(parsing text: String) throws(ThresholdError) {
        // Two-character operators first, so `>=` is not read as `>` followed by `=0.95`.
        for comparison in Comparison.allCases {
            guard let range = text.firstRange(of: comparison.rawValue) else { continue }
            let metric = text[..<range.lowerBound].trimmingSpaces
            let number = text[range.upperBound...].trimmingSpaces
            guard Self.metrics.contains(metric) else { throw .unknownMetric(text: text, metric: metric) }
            guard let bound = Double(number), bound.isFinite else { throw .badBound(text: text, bound: number) }
            self.init(metric: metric, comparison: comparison, bound: bound)
            return
        }
        throw .noComparison(text: text)
    }

    /// Whether `value` passes.
    public func holds(for value: Double) -> Bool {
        switch comparison {
        case .atLeast: value >= bound
        case .atMost: value <= bound
        case .equal: value == bound
        case .notEqual: value != bound
        case .above: value > bound
        case .below: value < bound
        }
    }

    /// `metric OP bound`.
    public var description: String { "\(metric) \(comparison.rawValue) \(Self.format(bound))" }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// A threshold that does not parse; each case carries the text.
public enum ThresholdError: Error, Sendable, Hashable, CustomStringConvertible {
    case noComparison(text: String)
    case unknownMetric(text: String, metric: String)
    case badBound(text: String, bound: String)

    public var description: String {
        switch self {
        case .noComparison(let text):
            "\"\(text)\" has no comparison: write METRIC>=NUMBER (or <=, >, <, ==, !=)"
        case .unknownMetric(let text, let metric):
            "\"\(text)\": \"\(metric)\" is not a summary.csv metric (rates such as enriched_rate, times such as "
                + "deliver_p99_ms, counts such as expired_original)"
        case .badBound(let text, let bound):
            "\"\(text)\": \"\(bound)\" is not a number"
        }
    }

    /// What a valid threshold looks like, for a usage error.
    public var expected: String {
        "METRIC>=NUMBER, METRIC<NUMBER, ... over a summary.csv metric, such as enriched_rate>=0.95: \(description)"
    }
}

/// One threshold's result on a run.
public struct ThresholdVerdict: Sendable, Hashable, CustomStringConvertible {
    /// The threshold.
    public var threshold: Threshold
    /// The run's figure; nil when the row has none (a run with no deliveries has no p99): a failure.
    public var actual: Double?

    /// Whether the run passes it.
    public var passed: Bool { actual.map(threshold.holds(for:)) ?? false }

    /// Each threshold against `row` (summary.csv's values by column name).
    public static func evaluate(_ thresholds: [Threshold], row: [String: String]) -> [ThresholdVerdict] {
        thresholds.map { ThresholdVerdict(threshold: $0, actual: row[$0.metric].flatMap { Double($0) }) }
    }

    /// `✓ enriched_rate >= 0.95 (0.9812)` or `✗ ...`.
    public var description: String {
        "\(passed ? "pass" : "FAIL")  \(threshold)  (run: \(actual.map(Threshold.format) ?? "no value"))"
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
