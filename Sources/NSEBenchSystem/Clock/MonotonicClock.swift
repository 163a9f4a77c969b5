import Glibc

/// The monotonic clock (`CLOCK_MONOTONIC`) in nanoseconds: the time base of ``EventLoop`` timers.
///
/// It never goes back and does not jump with wall-clock changes; zero is an arbitrary point
/// (boot). Reading it costs a vDSO call, about 20-40 ns, with no system call.
public enum MonotonicClock {
    /// Nanoseconds on the monotonic clock now.
    ///
    /// `clock_gettime` can fail only for an unknown clock (EINVAL) or a bad pointer (EFAULT),
    /// neither possible here, so its result is not checked.
    public static func now() -> UInt64 {
        var time = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000 &+ UInt64(truncatingIfNeeded: time.tv_nsec)
    }
}
