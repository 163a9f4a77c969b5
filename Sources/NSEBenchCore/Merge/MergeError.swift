/// Why instance results do not merge into one run's, naming what differs.
public enum MergeError: Error, Equatable, CustomStringConvertible {
    /// Nothing to merge.
    case noInstances
    /// A setting column differs: each instance's value, in the order given.
    case settingsDiffer(column: String, values: [InstanceValue])
    /// The segments overlap, miss some, or come from different splits.
    case segments([String])
    /// An instance's `segment` column is not `i/N`.
    case badSegment(instance: String, ExecutionSegmentError)
    /// Instances marked partial (interrupted), refused without `--allow-partial`.
    case partial(instances: [String])
    /// Histograms that do not combine.
    case histogram(instance: String, HistogramError)
    /// A tally column (`crash_reasons`) that does not read.
    case badTally(instance: String, column: String, CrashTallyError)

    /// One instance's value of a column.
    public struct InstanceValue: Sendable, Equatable {
        public let instance: String
        public let value: String
        public init(instance: String, value: String) {
            self.instance = instance
            self.value = value
        }
    }

    public var description: String {
        switch self {
        case .noInstances: "no instance results to merge"
        case .settingsDiffer(let column, let values):
            "the instances ran different settings: \(column) is "
                + values.map { "\"\($0.value)\" in \($0.instance)" }.joined(separator: ", ")
        case .segments(let problems): problems.joined(separator: "; ")
        case .badSegment(let instance, let error): "\(instance): \(error)"
        case .partial(let instances):
            "partial results (interrupted before the end) in \(instances.joined(separator: ", ")); pass "
                + "--allow-partial to merge them into a result marked partial"
        case .histogram(let instance, let error): "\(instance): \(error)"
        case .badTally(let instance, let column, let error): "\(instance): \(column): \(error)"
        }
    }
}
