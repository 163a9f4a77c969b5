import NSEBenchCore
import Synchronization

/// What is left of a closed run: the invocations still to start (with `--invocations`) or the time
/// its starts end (with `--duration`). The admission loop fills the slots; a slot whose invocation
/// finished claims the next one itself, so both draw from here.
final class ClosedSlots: Sendable {
    /// Invocations still to start; nil when the run is bounded by time.
    private let remaining: Mutex<Int?>
    /// Monotonic nanoseconds after which no invocation starts; nil when bounded by count.
    private let until: UInt64?

    /// The slots of `segment`'s share of a closed run of `length` starting at `start` (monotonic
    /// nanoseconds).
    init(length: RunLength, segment: ExecutionSegment, start: UInt64) {
        switch length {
        case .invocations(let count):
            remaining = Mutex(segment.share(of: count))
            until = nil
        case .duration(let nanoseconds):
            remaining = Mutex(nil)
            until = start &+ nanoseconds
        }
    }

    /// Claims the next invocation, arriving `now`; nil when none is left to start, the run's time is
    /// up, or the run is `stopping`.
    func claim(now: UInt64, stopping: Bool) -> UInt64? {
        guard !stopping, !isPastEnd(now) else { return nil }
        return remaining.withLock { left -> UInt64? in
            guard let count = left else { return now }
            guard count > 0 else { return nil }
            left = count - 1
            return now
        }
    }

    /// Whether no invocation will start any more (stopping aside).
    func isExhausted(now: UInt64) -> Bool {
        isPastEnd(now) || remaining.withLock { $0 == 0 }
    }

    private func isPastEnd(_ now: UInt64) -> Bool {
        guard let until else { return false }
        return now >= until
    }
}
