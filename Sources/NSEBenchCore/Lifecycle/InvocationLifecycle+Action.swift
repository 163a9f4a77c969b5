extension InvocationLifecycle {
    /// A timer the host runs for the invocation.
    public enum TimerKind: Sendable, Hashable {
        /// Fires at ``InvocationLifecycle/deadline``; started when the notification arrives.
        case deadline
        /// Fires when the grace period ends; started with the expiry call.
        case grace
    }

    /// What the host must do after an event.
    public enum Action: Sendable, Hashable {
        /// Nothing.
        case none
        /// Call `didReceive(_:withContentHandler:)`.
        case callDidReceive
        /// The handler was honoured before the deadline with this outcome: cancel the deadline timer and
        /// present the content (the original, for ``InvocationOutcome/discarded``). The invocation finishes when
        /// the host reports ``InvocationLifecycle/extensionReturned(at:)``; a host that cannot tell when the
        /// extension's work ends reports it right away.
        case deliver(InvocationOutcome)
        /// Call `serviceExtensionTimeWillExpire()` and start the grace timer, to fire at `graceEndsAt`.
        case callServiceExtensionTimeWillExpire(graceEndsAt: Duration)
        /// The extension broke the handler's contract; the count is already in ``InvocationLifecycle/violations``.
        case recordViolation(Violation)
        /// The invocation is over with this outcome: cancel the named timer if any, release the invocation and
        /// record its result.
        case finish(InvocationOutcome, cancelling: TimerKind?)
    }
}
