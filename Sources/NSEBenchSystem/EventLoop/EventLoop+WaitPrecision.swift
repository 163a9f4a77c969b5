/// How precisely the loop sleeps until its next timer.
extension EventLoop {
    /// The system call the loop sleeps in, which sets how close to its deadline a timer runs.
    public enum WaitPrecision: Sendable, Equatable {
        /// `epoll_pwait2` with a nanosecond timeout and 1 ns timer slack: timers run tens of
        /// microseconds late. Falls back to ``milliseconds`` where the kernel lacks the call.
        case nanoseconds
        /// `epoll_wait` with the timeout rounded up to whole milliseconds: up to about a
        /// millisecond late; there to compare against, and the fallback.
        case milliseconds
    }
}
