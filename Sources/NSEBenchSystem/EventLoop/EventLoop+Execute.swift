/// Handing work to the loop from any thread.
extension EventLoop {
    /// Runs `work` on the loop thread, after the current iteration's I/O and timers. Callable from
    /// any thread, the loop thread included; work runs in the order it was submitted.
    ///
    /// Cheap: one uncontended lock (about 10 ns) and an append; only the call that finds the loop
    /// asleep also writes its eventfd.
    ///
    /// - Throws: ``EventLoopError/shutDown(loop:)`` once ``shutdown()`` has begun (the work is
    ///   not run), or ``EventLoopError/system(_:)`` if waking the loop failed.
    public func execute(_ work: @escaping @Sendable () -> Void) throws(EventLoopError) {
        try execute(within: nil, work)
    }

    /// Runs `work` on the loop thread within `maximumDelay` nanoseconds, in order with all other
    /// work; nil means as soon as possible (``execute(_:)``).
    ///
    /// For work that may wait a little (a timer 30 s ahead, a cancellation): a loop asleep is not
    /// woken now but by a timerfd at the latest time the work allows, unless it wakes earlier by
    /// itself, so that work submitted meanwhile shares one wakeup. On a machine where the loop and
    /// the submitting threads share a core, each immediate wakeup is a context switch: the run's
    /// timer loop took two per invocation (a deadline set, a deadline cancelled).
    public func execute(within maximumDelay: UInt64?, _ work: @escaping @Sendable () -> Void) throws(EventLoopError) {
        try submit(.work(work), within: maximumDelay)
    }

    /// Queues `item` for the loop thread within `maximumDelay` (see ``execute(within:_:)``). A throw means
    /// the item was not queued: a job the caller then hands elsewhere must never also run here.
    func submit(_ item: EventLoopWork, within maximumDelay: UInt64?) throws(EventLoopError) {
        try shared.withLock { (state) throws(EventLoopError) in
            guard state.acceptingWork else { throw .shutDown(loop: name) }
            state.queue.append(item)
            do throws(SystemError) {
                try wakeIfSleeping(within: maximumDelay, &state)
            } catch {
                state.queue.removeLast()
                throw .system(error)
            }
        }
    }

    /// Makes the loop run the work already queued within `maximumDelay` (nil: now), for a caller whose
    /// queued work was allowed more time before.
    func hurry(within maximumDelay: UInt64?) throws(EventLoopError) {
        try shared.withLock { (state) throws(EventLoopError) in
            guard state.acceptingWork else { throw .shutDown(loop: name) }
            do throws(SystemError) { try wakeIfSleeping(within: maximumDelay, &state) } catch { throw .system(error) }
        }
    }

    /// Makes sure a loop that may be asleep runs its queue within `maximumDelay` (nil: now). Called
    /// with `shared` locked: shutdown closes the descriptors under the same lock.
    func wakeIfSleeping(within maximumDelay: UInt64?, _ state: inout SharedState) throws(SystemError) {
        guard state.loopMaySleep else { return }
        if let maximumDelay {
            let (due, overflow) = MonotonicClock.now().addingReportingOverflow(maximumDelay)
            let latest = overflow ? UInt64.max : due
            if let until = state.sleepingUntil, until <= latest { return }
            if let armed = state.deferredWakeAt, armed <= latest { return }
            try TimerFD.arm(deferredWakeup, at: latest)
            state.deferredWakeAt = latest
            return
        }
        // Cleared once the wakeup is written: after a failed write the next caller tries again.
        try EventFD.signal(wakeup)
        state.loopMaySleep = false
    }
}
