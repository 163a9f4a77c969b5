public import NSEBenchCore

/// Timers on the loop's timing wheel. Loop thread only.
extension EventLoop {
    /// Runs `callback` on the loop thread once ``MonotonicClock/now()`` reaches `deadline`
    /// (nanoseconds); never earlier. Timers due together run in deadline order. A deadline already
    /// past runs in the loop's next timer pass. Loop thread only.
    ///
    /// A callback that keeps scheduling timers at deadlines already past keeps the loop in its
    /// timer pass; schedule at a deadline in the future to yield to I/O.
    @discardableResult
    public func scheduleTimer(at deadline: UInt64, _ callback: @escaping () -> Void) throws(EventLoopError) -> TimerID {
        try requireLoopThread("scheduleTimer")
        return wheel.schedule(at: deadline, TimerCallback(run: callback))
    }

    /// Cancels a timer that has not run yet and releases its callback at once. Returns false for
    /// a timer that already ran or was cancelled. Loop thread only.
    @discardableResult
    public func cancelTimer(_ id: TimerID) throws(EventLoopError) -> Bool {
        try requireLoopThread("cancelTimer")
        return wheel.cancel(id) != nil
    }

    /// How many timers are pending. Loop thread only.
    public func pendingTimerCount() throws(EventLoopError) -> Int {
        try requireLoopThread("pendingTimerCount")
        return wheel.count
    }

    /// Runs every timer due at `now`. Callbacks may schedule and cancel timers.
    func runDueTimers(now: UInt64) {
        while let (_, callback) = wheel.popDue(now: now) {
            callback.run()
        }
    }
}

/// A timer's callback as the wheel holds it. In a struct, not bare: a bare closure as the wheel's
/// generic payload is stored through a reabstraction thunk, one more object per pending timer (two per
/// invocation in flight: its deadline and its download's, issue #18).
struct TimerCallback {
    /// Runs the timer's work, on the loop thread.
    let run: () -> Void
}
