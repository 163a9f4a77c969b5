/// The name of one of a run's histograms (``RunAggregate/histograms``): time to deliver, slack at
/// delivery, or a ``Phase``. The one place that maps a histogram to its name in `histograms.csv` and
/// `histograms.hlog` (``name``) and back (``init(name:)``).
public enum HistogramKey: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Time to deliver, from the scheduled arrival, of the invocations that delivered.
    case deliver
    /// Time left before the deadline at delivery, 0 for those that missed it.
    case slack
    /// The durations of one phase.
    case phase(Phase)

    /// Every histogram a run keeps, in file order: `deliver`, `slack`, then each phase.
    public static let allCases: [HistogramKey] = [.deliver, .slack] + Phase.allCases.map { .phase($0) }

    /// The key named `name` in a file; nil for a name no histogram has.
    public init?(name: String) {
        guard let key = Self.byName[name] else { return nil }
        self = key
    }

    private static let byName: [String: HistogramKey] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// Its name in `histograms.csv` and `histograms.hlog`.
    public var name: String {
        switch self {
        case .deliver: "deliver"
        case .slack: "slack"
        case .phase(let phase): phase.name
        }
    }

    public var description: String { name }
}
