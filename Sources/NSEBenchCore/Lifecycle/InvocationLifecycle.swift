/// The life of one extension invocation, from the notification's arrival to its outcome, as a pure state
/// machine: the host feeds it events (with the time they happened) and does what the returned ``Action`` says.
/// No clock, no timers, no I/O: a test drives it with plain values.
///
/// ```
/// received ──started──▶ working ──delivered in time──▶ delivered(outcome) ──returned──▶ finished(outcome)
///    │                     │
///    │                     └──deadline──▶ expiring ──delivered──▶ finished(expired_best_attempt)
///    │                                        └──grace ended──▶ finished(expired_original)
///    ├──deadline (never started)──▶ finished(killed)
///    └──not mutable──▶ finished(not_mutable)
/// memory limit: finished(killed), no expiry call · crash: finished(crashed)
/// ```
///
/// The rules are iOS's (nse-reference.md):
/// - The budget runs from arrival; at the deadline the system calls `serviceExtensionTimeWillExpire` and a
///   grace period starts; a delivery in it is a best attempt; after it, the original is shown.
/// - The content handler is honoured once. Later calls are violations: ``Violation/doubleDelivery`` after an
///   honoured call, ``Violation/lateDelivery`` for a first call after the invocation finished without one.
/// - Content without alert text is ignored and the original shown (``InvocationOutcome/discarded`` before the
///   deadline, ``InvocationOutcome/expiredOriginal`` in the grace period), counted as
///   ``Violation/alertTextRemoved``.
/// - Content handed back as it arrived, when the payload asked for an enrichment, shows the original too:
///   ``InvocationOutcome/unchanged`` before the deadline, ``InvocationOutcome/expiredOriginal`` in the grace
///   period.
/// - A payload without `"mutable-content":1` never starts the extension: ``InvocationOutcome/notMutable``.
/// - A memory kill gets no expiry call. Neither does an invocation whose budget runs out before it starts:
///   iOS kills an extension that spends its budget starting up.
/// - An extension that returns without calling the handler changes nothing: iOS keeps waiting until the
///   deadline, calls `serviceExtensionTimeWillExpire`, and shows the original if the grace period passes.
///
/// Deliveries are judged by their timestamp, not by which event came first: a delivery stamped after the
/// deadline is not on time even if the deadline timer has not fired yet, so a late timer cannot change an
/// outcome. Timer events are trusted when they arrive. Events that make no sense in the current state (a
/// second `started`, a grace end while working, anything but a handler call after the end) return
/// ``Action/none`` and change nothing.
public struct InvocationLifecycle: Sendable {
    /// Where the invocation is.
    public enum State: Sendable, Hashable {
        /// Arrived; waiting for a slot. The deadline timer runs.
        case received
        /// `didReceive` was called; the content handler has not been.
        case working
        /// The handler was honoured before the deadline, fixing the outcome; the extension's work may still be
        /// running (it may call the handler again, or crash), until the host reports it returned.
        case delivered(InvocationOutcome)
        /// The deadline passed and `serviceExtensionTimeWillExpire` was called; the grace period runs.
        case expiring
        /// Over; nothing but a handler call (a violation) is still recorded.
        case finished(InvocationOutcome)
    }

    /// Where the invocation is.
    public private(set) var state: State
    /// The time budget and grace period.
    public let limits: InvocationLimits
    /// When each step happened.
    public private(set) var timeline: InvocationTimeline
    /// The contract violations so far.
    public private(set) var violations = Violations()
    /// What the honoured delivery carried; `nil` when nothing was honoured.
    public private(set) var enrichment: EnrichmentResult?
    /// The reason given with a crash, also one after delivery (which does not change the outcome).
    public private(set) var crashReason: String?
    /// Calls of the content handler so far, honoured or not.
    public private(set) var handlerCalls = 0

    /// An invocation whose notification arrived at `arrivedAt`; the host starts the deadline timer for
    /// ``deadline`` now.
    public init(arrivedAt: Duration, limits: InvocationLimits) {
        self.state = .received
        self.limits = limits
        self.timeline = InvocationTimeline(arrivedAt: arrivedAt)
    }

    /// When the time budget runs out: arrival plus ``InvocationLimits/timeBudget``.
    public var deadline: Duration { timeline.arrivedAt + limits.timeBudget }

    /// The outcome, once it is fixed (in ``State/delivered(_:)`` or ``State/finished(_:)``).
    public var outcome: InvocationOutcome? {
        switch state {
        case .delivered(let outcome), .finished(let outcome): outcome
        case .received, .working, .expiring: nil
        }
    }

    /// Whether the invocation is over.
    public var isFinished: Bool {
        if case .finished = state { return true }
        return false
    }

    /// The host admitted the invocation and is about to call `didReceive`.
    ///
    /// At or after the deadline it is too late: the invocation finishes as ``InvocationOutcome/killed`` without
    /// `didReceive`.
    public mutating func started(at time: Duration) -> Action {
        guard case .received = state else { return .none }
        guard time < deadline else { return finish(.killed, at: time, cancelling: .deadline) }
        timeline.startedAt = time
        state = .working
        return .callDidReceive
    }

    /// The payload has no `"mutable-content":1`: iOS shows it as it arrived and never starts the extension.
    /// Only before ``started(at:)``; the invocation finishes as ``InvocationOutcome/notMutable``.
    public mutating func arrivedNotMutable(at time: Duration) -> Action {
        guard case .received = state else { return .none }
        return finish(.notMutable, at: time, cancelling: .deadline)
    }

    /// The extension called the content handler.
    ///
    /// - Parameters:
    ///   - hasAlertText: whether the content has a title, subtitle or body; without, iOS shows the original.
    ///   - enrichment: what the payload asked for and what the content carries.
    public mutating func contentDelivered(
        at time: Duration, hasAlertText: Bool, enrichment: EnrichmentResult
    ) -> Action {
        if case .received = state { return .none }  // no handler exists before didReceive
        handlerCalls += 1
        guard handlerCalls == 1 else { return violation(.doubleDelivery) }
        switch state {
        case .received, .delivered:
            return .none  // .received is handled above; .delivered implies an earlier call
        case .working where time < deadline:
            return deliverInTime(at: time, hasAlertText: hasAlertText, enrichment: enrichment)
        case .working:
            // The deadline timer has not fired yet, but the call came after the deadline: judge by the time.
            return deliverAfterDeadline(
                at: time, graceEndsAt: deadline + limits.gracePeriod, hasAlertText: hasAlertText,
                enrichment: enrichment, cancelling: .deadline
            )
        case .expiring:
            return deliverAfterDeadline(
                at: time, graceEndsAt: timeline.graceEndsAt ?? time, hasAlertText: hasAlertText,
                enrichment: enrichment, cancelling: .grace
            )
        case .finished:
            return violation(.lateDelivery)
        }
    }

    /// The deadline timer fired.
    ///
    /// While working: call `serviceExtensionTimeWillExpire` and start the grace period. Still waiting for a
    /// slot: the invocation is ``InvocationOutcome/killed`` without the expiry call.
    public mutating func deadlineReached(at time: Duration) -> Action {
        switch state {
        case .received:
            return finish(.killed, at: time, cancelling: nil)
        case .working:
            let graceEndsAt = time + limits.gracePeriod
            timeline.expiryCalledAt = time
            timeline.graceEndsAt = graceEndsAt
            state = .expiring
            return .callServiceExtensionTimeWillExpire(graceEndsAt: graceEndsAt)
        case .delivered, .expiring, .finished:
            return .none
        }
    }

    /// The grace timer fired with nothing delivered: the original is shown.
    public mutating func graceEnded(at time: Duration) -> Action {
        guard case .expiring = state else { return .none }
        return finish(.expiredOriginal, at: time, cancelling: nil)
    }

    /// The extension went over the memory limit and the system killed it, without the expiry call.
    ///
    /// After a delivery the user already has the content: the invocation finishes with the delivered outcome.
    public mutating func memoryExceeded(at time: Duration) -> Action {
        endOfProcess(at: time, outcome: .killed)
    }

    /// The extension crashed, or its work threw, and the process is gone.
    ///
    /// After a delivery the user already has the content: the invocation finishes with the delivered outcome,
    /// and ``crashReason`` keeps the reason.
    public mutating func crashed(at time: Duration, reason: String) -> Action {
        guard !isFinished else { return .none }
        crashReason = reason
        return endOfProcess(at: time, outcome: .crashed)
    }

    /// The extension's work returned (its `didReceive` and everything it started).
    ///
    /// After a delivery this finishes the invocation. Before one it changes nothing, as on iOS: the system does
    /// not know the extension gave up, waits for the deadline, calls `serviceExtensionTimeWillExpire` and shows
    /// the original if the grace period passes.
    public mutating func extensionReturned(at time: Duration) -> Action {
        switch state {
        case .working, .expiring:
            if timeline.returnedAt == nil { timeline.returnedAt = time }
            return .none
        case .delivered(let outcome):
            if timeline.returnedAt == nil { timeline.returnedAt = time }
            return finish(outcome, at: time, cancelling: nil)
        case .received, .finished:
            return .none
        }
    }

    private mutating func deliverInTime(
        at time: Duration, hasAlertText: Bool, enrichment: EnrichmentResult
    ) -> Action {
        timeline.deliveredAt = time
        self.enrichment = enrichment
        let outcome: InvocationOutcome
        if !hasAlertText {
            violations.record(.alertTextRemoved)
            outcome = .discarded
        } else {
            outcome = enrichment.isComplete ? .enriched : enrichment.isUnchanged ? .unchanged : .degraded
        }
        state = .delivered(outcome)
        return .deliver(outcome)
    }

    private mutating func deliverAfterDeadline(
        at time: Duration, graceEndsAt: Duration, hasAlertText: Bool, enrichment: EnrichmentResult,
        cancelling timer: TimerKind
    ) -> Action {
        guard time < graceEndsAt else {
            violations.record(.lateDelivery)
            return finish(.expiredOriginal, at: time, cancelling: timer)
        }
        timeline.deliveredAt = time
        self.enrichment = enrichment
        guard hasAlertText else {
            violations.record(.alertTextRemoved)
            return finish(.expiredOriginal, at: time, cancelling: timer)
        }
        // A best attempt that is the content as it arrived shows the original.
        return finish(enrichment.isUnchanged ? .expiredOriginal : .expiredBestAttempt, at: time, cancelling: timer)
    }

    /// The extension process is gone: `outcome` unless a delivery already fixed one.
    private mutating func endOfProcess(at time: Duration, outcome: InvocationOutcome) -> Action {
        switch state {
        case .received, .working:
            return finish(outcome, at: time, cancelling: .deadline)
        case .expiring:
            return finish(outcome, at: time, cancelling: .grace)
        case .delivered(let delivered):
            return finish(delivered, at: time, cancelling: nil)
        case .finished:
            return .none
        }
    }

    private mutating func violation(_ violation: Violation) -> Action {
        violations.record(violation)
        return .recordViolation(violation)
    }

    private mutating func finish(_ outcome: InvocationOutcome, at time: Duration, cancelling timer: TimerKind?)
        -> Action
    {
        state = .finished(outcome)
        timeline.finishedAt = time
        return .finish(outcome, cancelling: timer)
    }
}
