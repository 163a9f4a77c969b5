/// The part of ``EventLoop`` that other threads touch, kept behind one ``SleepingLock``.
extension EventLoop {
    struct SharedState: Sendable {
        typealias WorkQueue = ContiguousArray<EventLoopWork>

        /// Work handed in by ``EventLoop/execute(_:)`` and jobs by ``EventLoop/enqueue(_:)``, not yet
        /// taken by the loop.
        var queue: WorkQueue = []
        /// Set by the loop just before it may sleep in `epoll_wait`; the first `execute` that sees
        /// it clears it and writes the eventfd, so a burst of work costs one wakeup.
        var loopMaySleep = false
        /// While ``loopMaySleep``: when the loop wakes by itself (its next timer), nil for never.
        var sleepingUntil: UInt64?
        /// When the deferred-wakeup timerfd is armed to fire; nil when disarmed or fired.
        var deferredWakeAt: UInt64?
        /// False once shutdown began, or the loop stopped on an error: `execute` then throws.
        var acceptingWork = true
        var started = false
        var shutdownRequested = false
        /// The running thread, until ``EventLoop/shutdown()`` takes it to join.
        var thread: LoopThread?
        var descriptorsClosed = false
        /// The system call failure that stopped the loop, if any.
        var failure: SystemError?
        /// Set once the loop thread has released its registrations and is ending: no handler runs again.
        var stopped = false
    }
}
