/// One-shot timers at absolute ``InvocationClock`` instants: the host's deadline, grace and wind-down
/// timers, and the delays extensions wait for.
///
/// The harness adapts the event loop's `TimerService` (whose `DeadlineHandle` already has this shape);
/// tests use timers that fire when the test advances its clock.
public protocol InvocationTimers: Sendable {
    /// Runs `action` once, on a thread of the implementation's choosing, when the clock reaches
    /// `deadline` (nanoseconds), unless the returned timer is cancelled first. A deadline in the past
    /// fires as soon as the implementation can, never synchronously inside this call.
    func schedule(at deadline: UInt64, _ action: @escaping @Sendable () -> Void) -> any InvocationTimer
}

/// A pending timer from ``InvocationTimers/schedule(at:_:)``.
public protocol InvocationTimer: Sendable {
    /// Stops the action from running; callable from any thread.
    ///
    /// - Returns: true if this call stopped it; false if it had already run (or started running) or had
    ///   already been cancelled. Exactly one of "the action ran" and "a cancel returned true" happens.
    @discardableResult
    func cancel() -> Bool
}
