/// When each step of one invocation happened, as durations since the host's clock origin (for instance the
/// run's start). `nil` for a step that did not happen.
public struct InvocationTimeline: Sendable, Hashable {
    /// When the notification arrived: the time budget runs from here.
    public internal(set) var arrivedAt: Duration
    /// When `didReceive` was called.
    public internal(set) var startedAt: Duration?
    /// When `serviceExtensionTimeWillExpire` was called.
    public internal(set) var expiryCalledAt: Duration?
    /// When the grace period ends (or ended), from the expiry call.
    public internal(set) var graceEndsAt: Duration?
    /// When the honoured call of the content handler happened.
    public internal(set) var deliveredAt: Duration?
    /// When the host reported that the extension's work had returned.
    public internal(set) var returnedAt: Duration?
    /// When the invocation finished.
    public internal(set) var finishedAt: Duration?

    init(arrivedAt: Duration) {
        self.arrivedAt = arrivedAt
    }

    /// Time spent waiting for a slot: from arrival to `didReceive`.
    public var queueDuration: Duration? { startedAt.map { $0 - arrivedAt } }

    /// Time from arrival to the honoured delivery.
    public var deliveryLatency: Duration? { deliveredAt.map { $0 - arrivedAt } }
}
