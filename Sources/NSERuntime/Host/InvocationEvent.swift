public import NSEBenchCore

/// A step of an invocation, as the host saw it: the trace behind a stage log, and what tests wait on.
public struct InvocationEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// The host admitted the invocation (or found its budget spent).
        case started
        /// `didReceive` is being called.
        case didReceiveCalled
        /// `serviceExtensionTimeWillExpire` is being called.
        case expiryCalled
        /// The extension called the content handler.
        case handlerCalled
        /// The extension broke the handler's contract.
        case violation(Violation)
        /// The outcome is fixed; the extension's work may still run (wind-down).
        case outcomeFixed(InvocationOutcome)
        /// The wind-down ended with work still running: it was cancelled and is ignored from now on.
        case workAbandoned
        /// The record is complete and `invoke` returns it.
        case completed(InvocationOutcome)
    }

    /// The invocation's id.
    public var id: Int
    /// When it happened, in ``InvocationClock`` nanoseconds.
    public var time: UInt64
    /// What happened.
    public var kind: Kind

    /// An event.
    public init(id: Int, time: UInt64, kind: Kind) {
        self.id = id
        self.time = time
        self.kind = kind
    }
}
