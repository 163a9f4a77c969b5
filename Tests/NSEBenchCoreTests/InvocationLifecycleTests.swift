import Testing

@testable import NSEBenchCore

@Suite("Invocation lifecycle")
struct InvocationLifecycleTests {
    private let limits = InvocationLimits(timeBudget: .seconds(30), gracePeriod: .seconds(5))
    private let complete = EnrichmentResult(
        requested: [.decryptedText, .attachment], delivered: [.decryptedText, .attachment]
    )
    private let noAttachment = EnrichmentResult(requested: [.decryptedText, .attachment], delivered: [.decryptedText])

    /// Arrived at 10 s (deadline 40 s) and started at 11 s.
    private func working() -> InvocationLifecycle {
        var machine = InvocationLifecycle(arrivedAt: .seconds(10), limits: limits)
        #expect(machine.started(at: .seconds(11)) == .callDidReceive)
        #expect(machine.state == .working)
        return machine
    }

    /// Working, then the deadline at 40 s: grace until 45 s.
    private func expiring() -> InvocationLifecycle {
        var machine = working()
        #expect(
            machine.deadlineReached(at: .seconds(40)) == .callServiceExtensionTimeWillExpire(graceEndsAt: .seconds(45)))
        #expect(machine.state == .expiring)
        return machine
    }

    // MARK: deliveries before the deadline

    @Test func enrichedDeliveryThenReturn() {
        var machine = working()
        #expect(machine.deadline == .seconds(40))
        #expect(
            machine.contentDelivered(at: .seconds(12), hasAlertText: true, enrichment: complete) == .deliver(.enriched))
        #expect(machine.state == .delivered(.enriched))
        #expect(machine.outcome == .enriched)
        #expect(!machine.isFinished)

        #expect(machine.extensionReturned(at: .seconds(13)) == .finish(.enriched, cancelling: nil))
        #expect(machine.state == .finished(.enriched))
        #expect(machine.violations.isEmpty)
        #expect(machine.timeline.queueDuration == .seconds(1))
        #expect(machine.timeline.deliveryLatency == .seconds(2))
        #expect(machine.timeline.returnedAt == .seconds(13))
        #expect(machine.timeline.finishedAt == .seconds(13))
        #expect(machine.timeline.expiryCalledAt == nil)
    }

    @Test func nothingRequestedIsEnriched() {
        var machine = working()
        let action = machine.contentDelivered(at: .seconds(12), hasAlertText: true, enrichment: .nothingRequested)
        #expect(action == .deliver(.enriched))
    }

    @Test func missingEnrichmentIsDegraded() {
        var machine = working()
        #expect(
            machine.contentDelivered(at: .seconds(39), hasAlertText: true, enrichment: noAttachment)
                == .deliver(.degraded))
        #expect(machine.enrichment?.missing == .attachment)
        #expect(machine.deadlineReached(at: .seconds(40)) == .none, "no expiry call after a delivery")
        #expect(machine.extensionReturned(at: .seconds(41)) == .finish(.degraded, cancelling: nil))
    }

    @Test func handedBackAsItArrivedIsUnchanged() {
        var machine = working()
        let nothing = EnrichmentResult(requested: [.decryptedText], delivered: [])
        #expect(nothing.isUnchanged)
        #expect(!noAttachment.isUnchanged, "decrypted text without the image is partial, not the original")
        #expect(!EnrichmentResult.nothingRequested.isUnchanged, "nothing asked for: the original is what was asked")
        #expect(
            machine.contentDelivered(at: .seconds(12), hasAlertText: true, enrichment: nothing)
                == .deliver(.unchanged))
        #expect(machine.outcome?.whatTheUserSees == .original)
        #expect(machine.violations.isEmpty, "handing back the original breaks no rule")
        #expect(machine.extensionReturned(at: .seconds(13)) == .finish(.unchanged, cancelling: nil))
    }

    @Test func aPayloadThatIsNotMutableNeverStarts() {
        var machine = InvocationLifecycle(arrivedAt: .seconds(10), limits: limits)
        #expect(machine.arrivedNotMutable(at: .seconds(10)) == .finish(.notMutable, cancelling: .deadline))
        #expect(machine.state == .finished(.notMutable))
        #expect(machine.timeline.startedAt == nil, "didReceive is never called")
        #expect(machine.started(at: .seconds(11)) == .none)
        #expect(machine.outcome?.fellBack == true)

        var started = working()
        #expect(started.arrivedNotMutable(at: .seconds(12)) == .none, "only before the start")
        #expect(started.state == .working)
    }

    @Test func noAlertTextInTimeIsDiscarded() {
        var machine = working()
        #expect(
            machine.contentDelivered(at: .seconds(12), hasAlertText: false, enrichment: complete)
                == .deliver(.discarded))
        #expect(machine.violations == Violations(alertTextRemoved: 1))
        #expect(machine.outcome?.whatTheUserSees == .original)
        #expect(machine.timeline.deliveredAt == .seconds(12))
    }

    // MARK: expiry

    @Test func bestAttemptDuringGrace() {
        var machine = expiring()
        #expect(machine.timeline.expiryCalledAt == .seconds(40))
        #expect(machine.timeline.graceEndsAt == .seconds(45))
        let action = machine.contentDelivered(at: .seconds(41), hasAlertText: true, enrichment: noAttachment)
        #expect(action == .finish(.expiredBestAttempt, cancelling: .grace))
        #expect(machine.state == .finished(.expiredBestAttempt))
        #expect(machine.timeline.deliveredAt == .seconds(41))
        #expect(machine.violations.isEmpty)
    }

    @Test func bestAttemptWithoutAlertTextShowsTheOriginal() {
        var machine = expiring()
        let action = machine.contentDelivered(at: .seconds(41), hasAlertText: false, enrichment: complete)
        #expect(action == .finish(.expiredOriginal, cancelling: .grace))
        #expect(machine.violations == Violations(alertTextRemoved: 1))
    }

    @Test func aBestAttemptAsItArrivedShowsTheOriginal() {
        var machine = expiring()
        let nothing = EnrichmentResult(requested: [.attachment], delivered: [])
        let action = machine.contentDelivered(at: .seconds(41), hasAlertText: true, enrichment: nothing)
        #expect(action == .finish(.expiredOriginal, cancelling: .grace))
        #expect(machine.timeline.deliveredAt == .seconds(41), "delivered, but the user sees the original")
        #expect(machine.violations.isEmpty)
    }

    @Test func graceEndsWithNothingDelivered() {
        var machine = expiring()
        #expect(machine.graceEnded(at: .seconds(45)) == .finish(.expiredOriginal, cancelling: nil))
        #expect(machine.state == .finished(.expiredOriginal))
        #expect(machine.timeline.deliveredAt == nil)
    }

    /// iOS does not notice an extension that returns without calling the handler: it waits for the deadline.
    @Test func returningWithoutDeliveringWaitsForTheDeadline() {
        var machine = working()
        #expect(machine.extensionReturned(at: .seconds(12)) == .none)
        #expect(machine.state == .working)
        #expect(machine.timeline.returnedAt == .seconds(12))
        #expect(
            machine.deadlineReached(at: .seconds(40)) == .callServiceExtensionTimeWillExpire(graceEndsAt: .seconds(45)))
        #expect(machine.extensionReturned(at: .seconds(41)) == .none)
        #expect(machine.graceEnded(at: .seconds(45)) == .finish(.expiredOriginal, cancelling: nil))
    }

    @Test func graceRunsFromTheExpiryCallWhenTheTimerIsLate() {
        var machine = working()
        #expect(
            machine.deadlineReached(at: .milliseconds(40_250))
                == .callServiceExtensionTimeWillExpire(graceEndsAt: .milliseconds(45_250)))
    }

    // MARK: deliveries judged by their time

    @Test func deliveryAfterTheDeadlineBeforeTheTimerIsABestAttempt() {
        var machine = working()
        let action = machine.contentDelivered(at: .seconds(41), hasAlertText: true, enrichment: complete)
        #expect(action == .finish(.expiredBestAttempt, cancelling: .deadline))
        #expect(machine.timeline.expiryCalledAt == nil, "too late to call expiry: the content is already in")
        #expect(machine.deadlineReached(at: .seconds(41)) == .none)
    }

    @Test func deliveryAfterGraceBeforeTheTimersIsLate() {
        var machine = working()
        let action = machine.contentDelivered(at: .seconds(46), hasAlertText: true, enrichment: complete)
        #expect(action == .finish(.expiredOriginal, cancelling: .deadline))
        #expect(machine.violations == Violations(lateDelivery: 1))
        #expect(machine.timeline.deliveredAt == nil)
    }

    @Test func deliveryAfterGraceBeforeTheGraceTimerIsLate() {
        var machine = expiring()
        let action = machine.contentDelivered(at: .seconds(45), hasAlertText: true, enrichment: complete)
        #expect(action == .finish(.expiredOriginal, cancelling: .grace))
        #expect(machine.violations == Violations(lateDelivery: 1))
    }

    // MARK: kills and crashes

    @Test func memoryKillWhileWorkingGetsNoExpiryCall() {
        var machine = working()
        #expect(machine.memoryExceeded(at: .seconds(20)) == .finish(.killed, cancelling: .deadline))
        #expect(machine.state == .finished(.killed))
        #expect(machine.deadlineReached(at: .seconds(40)) == .none, "a killed extension gets no expiry call")
        #expect(machine.timeline.expiryCalledAt == nil)
    }

    @Test func memoryKillWhileExpiring() {
        var machine = expiring()
        #expect(machine.memoryExceeded(at: .seconds(42)) == .finish(.killed, cancelling: .grace))
        #expect(machine.graceEnded(at: .seconds(45)) == .none)
    }

    @Test func memoryKillBeforeStart() {
        var machine = InvocationLifecycle(arrivedAt: .zero, limits: limits)
        #expect(machine.memoryExceeded(at: .seconds(1)) == .finish(.killed, cancelling: .deadline))
        #expect(machine.started(at: .seconds(2)) == .none)
    }

    @Test func budgetSpentWaitingForASlotIsAKillWithoutExpiry() {
        var machine = InvocationLifecycle(arrivedAt: .seconds(10), limits: limits)
        #expect(machine.deadlineReached(at: .seconds(40)) == .finish(.killed, cancelling: nil))
        #expect(machine.timeline.startedAt == nil)
        #expect(machine.started(at: .seconds(41)) == .none)
    }

    @Test func startingAfterTheDeadlineIsTooLate() {
        var machine = InvocationLifecycle(arrivedAt: .seconds(10), limits: limits)
        #expect(machine.started(at: .seconds(40)) == .finish(.killed, cancelling: .deadline))
        #expect(machine.timeline.startedAt == nil)
    }

    @Test func crashWhileWorking() {
        var machine = working()
        #expect(
            machine.crashed(at: .seconds(15), reason: "decryption threw") == .finish(.crashed, cancelling: .deadline))
        #expect(machine.crashReason == "decryption threw")
        #expect(machine.outcome?.fellBack == true)
    }

    @Test func crashWhileExpiring() {
        var machine = expiring()
        #expect(machine.crashed(at: .seconds(41), reason: "SIGSEGV") == .finish(.crashed, cancelling: .grace))
    }

    @Test func crashAfterDeliveryKeepsTheDeliveredOutcome() {
        var machine = working()
        _ = machine.contentDelivered(at: .seconds(12), hasAlertText: true, enrichment: complete)
        #expect(machine.crashed(at: .seconds(13), reason: "late cleanup") == .finish(.enriched, cancelling: nil))
        #expect(machine.crashReason == "late cleanup")
        #expect(machine.state == .finished(.enriched))
    }

    @Test func memoryKillAfterDeliveryKeepsTheDeliveredOutcome() {
        var machine = working()
        _ = machine.contentDelivered(at: .seconds(12), hasAlertText: true, enrichment: noAttachment)
        #expect(machine.memoryExceeded(at: .seconds(13)) == .finish(.degraded, cancelling: nil))
    }

    // MARK: contract violations

    @Test func secondCallIsADoubleDelivery() {
        var machine = working()
        _ = machine.contentDelivered(at: .seconds(12), hasAlertText: true, enrichment: complete)
        let action = machine.contentDelivered(at: .seconds(13), hasAlertText: true, enrichment: noAttachment)
        #expect(action == .recordViolation(.doubleDelivery))
        #expect(machine.state == .delivered(.enriched), "the first call is the one honoured")
        #expect(machine.enrichment == complete)
        _ = machine.extensionReturned(at: .seconds(14))
        #expect(
            machine.contentDelivered(at: .seconds(40), hasAlertText: true, enrichment: complete)
                == .recordViolation(.doubleDelivery))
        #expect(machine.violations == Violations(doubleDelivery: 2))
        #expect(machine.handlerCalls == 3)
    }

    @Test func secondCallAfterABestAttemptIsADoubleDelivery() {
        var machine = expiring()
        _ = machine.contentDelivered(at: .seconds(41), hasAlertText: true, enrichment: complete)
        #expect(
            machine.contentDelivered(at: .seconds(42), hasAlertText: true, enrichment: complete)
                == .recordViolation(.doubleDelivery))
    }

    @Test func firstCallAfterTheEndIsLateThenDouble() {
        var machine = expiring()
        _ = machine.graceEnded(at: .seconds(45))
        #expect(
            machine.contentDelivered(at: .seconds(50), hasAlertText: true, enrichment: complete)
                == .recordViolation(.lateDelivery))
        #expect(
            machine.contentDelivered(at: .seconds(51), hasAlertText: true, enrichment: complete)
                == .recordViolation(.doubleDelivery))
        #expect(machine.violations == Violations(doubleDelivery: 1, lateDelivery: 1))
        #expect(machine.state == .finished(.expiredOriginal))
    }

    @Test func callAfterAKillIsLate() {
        var machine = working()
        _ = machine.memoryExceeded(at: .seconds(20))
        #expect(
            machine.contentDelivered(at: .seconds(21), hasAlertText: true, enrichment: complete)
                == .recordViolation(.lateDelivery))
        #expect(machine.state == .finished(.killed))
    }

    // MARK: stray events

    @Test func eventsAfterTheEndChangeNothing() {
        var machine = expiring()
        _ = machine.graceEnded(at: .seconds(45))
        let before = machine.timeline
        #expect(machine.started(at: .seconds(46)) == .none)
        #expect(machine.deadlineReached(at: .seconds(46)) == .none)
        #expect(machine.graceEnded(at: .seconds(46)) == .none)
        #expect(machine.memoryExceeded(at: .seconds(46)) == .none)
        #expect(machine.crashed(at: .seconds(46), reason: "after") == .none)
        #expect(machine.extensionReturned(at: .seconds(46)) == .none)
        #expect(machine.state == .finished(.expiredOriginal))
        #expect(machine.timeline == before)
        #expect(machine.crashReason == nil)
        #expect(machine.violations.isEmpty)
    }

    @Test func eventsOutOfPlaceAreIgnored() {
        var machine = InvocationLifecycle(arrivedAt: .zero, limits: limits)
        #expect(machine.contentDelivered(at: .seconds(1), hasAlertText: true, enrichment: complete) == .none)
        #expect(machine.graceEnded(at: .seconds(1)) == .none)
        #expect(machine.extensionReturned(at: .seconds(1)) == .none)
        #expect(machine.state == .received)
        #expect(machine.handlerCalls == 0)

        _ = machine.started(at: .seconds(1))
        #expect(machine.started(at: .seconds(2)) == .none)
        #expect(machine.graceEnded(at: .seconds(2)) == .none)
        #expect(machine.state == .working)

        _ = machine.deadlineReached(at: .seconds(30))
        #expect(machine.deadlineReached(at: .seconds(31)) == .none, "one expiry call only")
        #expect(machine.timeline.expiryCalledAt == .seconds(30))
    }
}

@Suite("Invocation outcome")
struct InvocationOutcomeTests {
    @Test(arguments: [
        (InvocationOutcome.enriched, "enriched", VisibleContent.rich, false, true),
        (.degraded, "degraded", .partial, false, true),
        (.unchanged, "unchanged", .original, true, true),
        (.discarded, "discarded", .original, true, true),
        (.expiredBestAttempt, "expired_best_attempt", .partial, false, false),
        (.expiredOriginal, "expired_original", .original, true, false),
        (.killed, "killed", .original, true, false),
        (.crashed, "crashed", .original, true, false),
        (.notMutable, "not_mutable", .original, true, false),
    ])
    func classes(
        outcome: InvocationOutcome, csvName: String, sees: VisibleContent, fellBack: Bool, beforeDeadline: Bool
    ) {
        #expect(outcome.rawValue == csvName)
        #expect(outcome.description == csvName)
        #expect(InvocationOutcome(rawValue: csvName) == outcome)
        #expect(outcome.whatTheUserSees == sees)
        #expect(outcome.fellBack == fellBack)
        #expect(outcome.finishedBeforeDeadline == beforeDeadline)
    }

    @Test func everyOutcomeIsInTheTable() {
        #expect(InvocationOutcome.allCases.count == 9)
    }

    @Test func violationsCountAndAdd() {
        var counts = Violations()
        counts.record(.doubleDelivery)
        counts.record(.doubleDelivery)
        counts.record(.alertTextRemoved)
        #expect(counts[.doubleDelivery] == 2)
        #expect(counts[.lateDelivery] == 0)
        #expect(counts.total == 3)
        counts.add(Violations(lateDelivery: 4))
        #expect(counts == Violations(doubleDelivery: 2, lateDelivery: 4, alertTextRemoved: 1))
        #expect(Violation.allCases.map(\.rawValue) == ["double_delivery", "late_delivery", "alert_text_removed"])
    }

    @Test func enrichmentMissingAndCount() {
        let result = EnrichmentResult(
            requested: [.decryptedText, .attachment], delivered: [.rewrittenText, .attachment])
        #expect(result.missing == .decryptedText)
        #expect(!result.isComplete)
        #expect(result.requested.count == 2)
        #expect(EnrichmentResult.nothingRequested.isComplete)
    }
}
