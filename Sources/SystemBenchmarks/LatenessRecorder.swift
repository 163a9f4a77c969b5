import NSEBenchCore
import Synchronization

/// Collects how late timers ran, from any thread, and wakes one waiter when all have reported.
final class LatenessRecorder: Sendable {
    /// The figures so far.
    struct Summary: Sendable {
        var histogram = Histogram()
        /// Timers that ran before their deadline.
        var early = 0

        mutating func record(now: UInt64, deadline: UInt64) {
            if now < deadline { early += 1 }
            histogram.record(now >= deadline ? now - deadline : 0)
        }
    }

    private struct State {
        var summary = Summary()
        var waiter: UnsafeContinuation<Void, Never>?
    }

    private let expected: Int
    private let state = Mutex(State())

    init(expected: Int) { self.expected = expected }

    func record(now: UInt64, deadline: UInt64) {
        let waiter = state.withLock { state in
            state.summary.record(now: now, deadline: deadline)
            return Int(state.summary.histogram.totalCount) == expected ? state.waiter.take() : nil
        }
        waiter?.resume()
    }

    var summary: Summary { state.withLock { $0.summary } }

    /// Returns once `expected` timers have reported (at once if they already have). One waiter.
    func waitForAll() async {
        await withUnsafeContinuation { continuation in
            let done = state.withLock { state in
                guard Int(state.summary.histogram.totalCount) < expected else { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
