import Synchronization

/// How many connections closed for each ``ConnectionCloseReason``: part of a ``ServerStatistics``
/// snapshot.
public struct ConnectionCloseReasonCounts: Sendable, Equatable, CustomStringConvertible {
    private var counts: [Int]

    /// No connection closed yet.
    public init() {
        counts = Array(repeating: 0, count: ConnectionCloseReason.allCases.count)
    }

    init(_ counters: borrowing InlineArray<21, Atomic<Int>>) {
        self.init()
        for reason in ConnectionCloseReason.allCases {
            counts[reason.rawValue] = counters[reason.rawValue].load(ordering: .relaxed)
        }
    }

    /// Connections closed for `reason`.
    public subscript(reason: ConnectionCloseReason) -> Int {
        get { counts[reason.rawValue] }
        set { counts[reason.rawValue] = newValue }
    }

    /// Connections closed for any reason.
    public var total: Int { counts.reduce(0, +) }

    /// The reasons with a count, in declaration order: `peer closed 12, idle timeout 1`; `none` when
    /// no connection closed.
    public var description: String {
        let named = ConnectionCloseReason.allCases.filter { self[$0] > 0 }.map { "\($0) \(self[$0])" }
        return named.isEmpty ? "none" : named.joined(separator: ", ")
    }
}
