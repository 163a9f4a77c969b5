import NSEBenchCore
import Synchronization

/// A histogram many tasks record into.
final class LagHistogram: Sendable {
    private let histogram = Mutex(Histogram())

    func record(_ nanoseconds: UInt64) { histogram.withLock { $0.record(nanoseconds) } }

    var p99: UInt64 { histogram.withLock { $0.value(atPercentile: 99) } }
}
