import NSEBenchSystem

/// ``InvocationClock`` on the system's monotonic clock (`CLOCK_MONOTONIC`), the time base of the event
/// loop's timers, so that deadlines and download phase timings share one origin.
public struct MonotonicInvocationClock: InvocationClock {
    /// The system's monotonic clock.
    public init() {}

    /// Nanoseconds on `CLOCK_MONOTONIC`.
    public func now() -> UInt64 {
        MonotonicClock.now()
    }
}
