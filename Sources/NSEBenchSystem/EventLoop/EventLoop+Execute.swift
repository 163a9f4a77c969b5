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
        try shared.withLock { (state) throws(EventLoopError) in
            guard state.acceptingWork else { throw .shutDown(loop: name) }
            state.queue.append(work)
            guard state.loopMaySleep else { return }
            state.loopMaySleep = false
            // Written under the lock: shutdown closes the eventfd under the same lock.
            do throws(SystemError) { try EventFD.signal(wakeup) } catch { throw .system(error) }
        }
    }
}
