/// The monotonic clock the host stamps every invocation event with, in nanoseconds.
///
/// The harness runs on ``MonotonicInvocationClock`` (`CLOCK_MONOTONIC`); tests substitute a clock they
/// advance by hand, so that a 30-second deadline takes no real time.
public protocol InvocationClock: Sendable {
    /// Nanoseconds now, on a clock that never goes back.
    func now() -> UInt64
}
