/// When the steps of one invocation happened, in absolute ``InvocationClock`` nanoseconds.
public struct InvocationTimes: Sendable, Hashable, Codable {
    /// The scheduled arrival: the budget runs from here.
    public var arrival: UInt64
    /// Arrival plus the time budget.
    public var deadline: UInt64
    /// When `didReceive` was called; nil when the invocation was killed before it started.
    public var started: UInt64?
    /// When `serviceExtensionTimeWillExpire` was called.
    public var expiryCalled: UInt64?
    /// When the honoured call of the content handler happened.
    public var delivered: UInt64?
    /// When the outcome was final.
    public var finished: UInt64

    /// Times of an invocation.
    public init(
        arrival: UInt64, deadline: UInt64, started: UInt64? = nil, expiryCalled: UInt64? = nil,
        delivered: UInt64? = nil, finished: UInt64
    ) {
        self.arrival = arrival
        self.deadline = deadline
        self.started = started
        self.expiryCalled = expiryCalled
        self.delivered = delivered
        self.finished = finished
    }

    /// From arrival to the honoured handler call, in nanoseconds; nil when nothing was honoured.
    public var timeToDeliver: UInt64? { delivered.map { $0 >= arrival ? $0 - arrival : 0 } }

    /// From the honoured handler call to the deadline, in nanoseconds: negative for a best attempt
    /// delivered in the grace period; nil when nothing was honoured.
    public var slack: Int64? { delivered.map { Nanoseconds.signedDifference(deadline, $0) } }
}
