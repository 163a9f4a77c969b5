public import NSEBenchCore
import Synchronization

/// Measures how far behind an ``EventLoop`` runs: a timer every ``period`` records how late it fired,
/// and, after a stall, how late each probe the stall skipped would have been (the histogram's
/// correction for coordinated omission, ``Histogram/record(_:expectedInterval:)``): the lateness that
/// work arriving at any moment met, so a stall counts by its share of the run, not as one sample.
///
/// A loop busy with a long batch of I/O handles everything late, responses included, so a first byte
/// it reads is stamped late; the timer waits behind the same batch. The run's self-check reads this
/// for the transport loop: at 10,000 arrivals a second with a 1 s first byte, the server's own
/// lateness stayed under 8 ms (p99) while the client saw first bytes 230 ms late, and neither the
/// deadline timers (on their own loop) nor CPU utilisation (one busy thread is half of 2 cores) showed it.
///
/// ```swift
/// let probe = LoopLagProbe(loop: transportLoop)
/// try probe.start()
/// ...
/// let lag = probe.stop()   // Histogram of lateness, nanoseconds
/// ```
public final class LoopLagProbe: Sendable {
    /// The loop probed.
    public let loop: EventLoop
    /// Nanoseconds between probes.
    public let period: UInt64
    private let state = Mutex((lateness: LoopLagProbe.noLateness, running: false))
    /// An empty lateness histogram, up to 2^40 ns (18 minutes).
    private static var noLateness: Histogram { Histogram(highestTrackableValue: 1 << 40) }

    /// A probe of `loop` every `period` nanoseconds (default 10 ms, at least 1 ms: a stall records a
    /// probe for each period it lasted, 3.6 million for an hour at 1 ms).
    public init(loop: EventLoop, period: UInt64 = 10_000_000) {
        self.loop = loop
        self.period = max(period, 1_000_000)
    }

    /// Starts probing (the loop must accept work).
    public func start() throws(EventLoopError) {
        state.withLock { $0.running = true }
        let first = MonotonicClock.now() &+ period
        try loop.execute { [self] in schedule(at: first) }
    }

    /// Stops probing and returns the lateness of every probe so far, in nanoseconds.
    @discardableResult
    public func stop() -> Histogram {
        state.withLock { state in
            state.running = false
            return state.lateness
        }
    }

    /// Forgets the lateness recorded so far and goes on probing: a figure of what comes next alone.
    public func restart() {
        state.withLock { $0.lateness = Self.noLateness }
    }

    /// The lateness recorded so far.
    public var lateness: Histogram { state.withLock { $0.lateness } }

    /// Loop thread only.
    private func schedule(at deadline: UInt64) {
        _ = try? loop.scheduleTimer(at: deadline) { [self] in
            let now = MonotonicClock.now()
            let running = state.withLock { state in
                guard state.running else { return false }
                // With the probes the lateness kept from firing: a loop stalled 5 s of a 6 s run read
                // responses late for most of it, where one late probe among 600 stayed below the p99.
                state.lateness.record(now > deadline ? now - deadline : 0, expectedInterval: period)
                return true
            }
            guard running else { return }
            // After a stall, resume from now: the probes missed meanwhile were counted above.
            let next = deadline &+ period
            schedule(at: next > now ? next : now &+ period)
        }
    }
}
