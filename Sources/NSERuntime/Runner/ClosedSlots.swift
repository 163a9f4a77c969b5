import NSEBenchCore
import Synchronization

/// What is left of a closed run: the invocations still to start (with `--invocations`) or the time
/// its starts end (with `--duration`). The admission loop fills the slots; a slot whose invocation
/// finished claims the next one itself, so both draw from here.
final class ClosedSlots: Sendable {
    /// One invocation a slot claimed.
    struct Claim: Equatable {
        /// Its place among this instance's invocations, 0, 1, 2, ... in the order they were claimed.
        let local: Int
        /// When it arrives: when it was claimed (monotonic nanoseconds).
        let arrival: UInt64
    }

    private struct Counts {
        /// Invocations still to start; nil when the run is bounded by time.
        var remaining: Int?
        /// Invocations claimed so far.
        var claimed = 0
    }

    private let counts: Mutex<Counts>
    /// Monotonic nanoseconds after which no invocation starts; nil when bounded by count.
    private let until: UInt64?

    /// The slots of `segment`'s share of a closed run of `length` starting at `start` (monotonic
    /// nanoseconds).
    init(length: RunLength, segment: ExecutionSegment, start: UInt64) {
        switch length {
        case .invocations(let count):
            counts = Mutex(Counts(remaining: segment.share(of: count)))
            until = nil
        case .duration(let nanoseconds):
            counts = Mutex(Counts(remaining: nil))
            until = start &+ nanoseconds
        }
    }

    /// Claims the next invocation, arriving at `now()` read under the lock (so that places follow
    /// arrivals, whichever slots claim at once); nil when none is left to start, the run's time is up,
    /// or the run is `stopping`.
    func claim(stopping: Bool, now: () -> UInt64) -> Claim? {
        guard !stopping else { return nil }
        return counts.withLock { counts -> Claim? in
            let arrival = now()
            guard !isPastEnd(arrival) else { return nil }
            if let remaining = counts.remaining {
                guard remaining > 0 else { return nil }
                counts.remaining = remaining - 1
            }
            defer { counts.claimed += 1 }
            return Claim(local: counts.claimed, arrival: arrival)
        }
    }

    /// Whether no invocation will start any more (stopping aside).
    func isExhausted(now: UInt64) -> Bool {
        isPastEnd(now) || counts.withLock { $0.remaining == 0 }
    }

    private func isPastEnd(_ now: UInt64) -> Bool {
        guard let until else { return false }
        return now >= until
    }
}
