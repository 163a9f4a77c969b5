import CNSEBenchLinux
import Glibc

/// `timerfd(2)` on CLOCK_MONOTONIC (the clock of ``MonotonicClock``): a descriptor that becomes
/// readable at an absolute time, so a loop asleep in epoll can be woken later without waking it now.
enum TimerFD {
    /// A non-blocking, close-on-exec timer descriptor, disarmed.
    static func create() throws(SystemError) -> Int32 {
        try blockingSyscall("timerfd_create") { nseb_timerfd_create() }
    }

    /// Arms it to fire once at `deadline` (``MonotonicClock`` nanoseconds; a past deadline fires at
    /// once), replacing any earlier arming.
    static func arm(_ descriptor: Int32, at deadline: UInt64) throws(SystemError) {
        _ = try blockingSyscall("timerfd_settime") { nseb_timerfd_arm_absolute(descriptor, max(deadline, 1)) }
    }

    /// Reads the expiry count back to zero so a level-triggered epoll stops reporting it.
    static func drain(_ descriptor: Int32) throws(SystemError) {
        var expirations: UInt64 = 0
        _ = try withUnsafeMutableBytes(of: &expirations) { (bytes) throws(SystemError) in
            try Posix.read(descriptor, into: bytes)
        }
    }
}
