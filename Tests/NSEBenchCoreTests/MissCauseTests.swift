import NSEBenchCore
import Testing

@Suite("Blame: the one cause that decided a miss")
struct MissCauseTests {
    static let second: UInt64 = 1_000_000_000
    static let budget = 30 * second

    func evidence(
        _ outcome: InvocationOutcome, finished: UInt64 = 32 * second, download: MissEvidence.Download? = nil
    ) -> MissEvidence {
        MissEvidence(outcome: outcome, budget: Self.budget, finished: finished, download: download)
    }

    @Test func anEnrichedInvocationHasNoBlame() {
        #expect(evidence(.enriched, finished: Self.second).verdict == nil)
    }

    @Test func howTheExtensionEndedDecidesBeforeAnyPhase() {
        let stalled = MissEvidence.Download(start: 0, end: nil)
        #expect(evidence(.crashed, download: stalled).verdict?.cause == .crash)
        #expect(evidence(.discarded, finished: Self.second).verdict?.cause == .alertTextRemoved)
        var killed = evidence(.killed)
        #expect(killed.verdict?.cause == .memory)
        killed.started = false
        #expect(killed.verdict?.cause == .queued)
    }

    @Test func aSideCallRunningAtTheDeadlineIsBlamedWhenTheMediaWasNot() {
        let mediaDone = MissEvidence.Download(
            start: Self.second, connected: Self.second, firstByte: 2 * Self.second, end: 3 * Self.second, status: 200)
        var waiting = evidence(.expiredBestAttempt, download: mediaDone)
        #expect(waiting.verdict?.cause == .expiry, "no side call: the deadline came with nothing running")
        waiting.sideCallAtDeadline = true
        #expect(waiting.verdict?.cause == .sideCall)
        #expect(waiting.verdict?.phaseTime == 0, "an event, not a phase")
        // The media's own download still running at the deadline decides first.
        var mediaLate = evidence(
            .expiredOriginal, download: MissEvidence.Download(start: 0, connected: Self.second, end: nil))
        mediaLate.sideCallAtDeadline = true
        #expect(mediaLate.verdict?.cause == .firstByte)
        // Delivered in time, a side call running at the deadline decides nothing.
        var unchanged = evidence(.unchanged, finished: Self.second)
        unchanged.sideCallAtDeadline = true
        #expect(unchanged.verdict?.cause == .enrichmentSkipped)
    }

    @Test func theHarnessIsBlamedWhateverTheOutcome() {
        var harness = evidence(.crashed)
        harness.harnessFailure = true
        #expect(harness.verdict?.cause == .harness)
        #expect(harness.verdict?.phaseTime == 0)
    }

    @Test func anExpiredDownloadIsBlamedOnThePhaseItWasInAtTheDeadline() {
        let connecting = MissEvidence.Download(start: Self.second, end: nil)
        let waiting = MissEvidence.Download(start: Self.second, connected: 2 * Self.second, end: nil)
        let receiving = MissEvidence.Download(
            start: Self.second, connected: 2 * Self.second, firstByte: 3 * Self.second, end: 31 * Self.second)
        #expect(evidence(.expiredBestAttempt, download: connecting).verdict?.cause == .connect)
        #expect(evidence(.expiredOriginal, download: waiting).verdict?.cause == .firstByte)
        #expect(evidence(.expiredBestAttempt, download: receiving).verdict?.cause == .body)
    }

    @Test func thePhaseTimeIsTheDecidingPhaseClippedToTheDeadline() {
        let waiting = MissEvidence.Download(start: Self.second, connected: 2 * Self.second, end: nil)
        let verdict = evidence(.expiredBestAttempt, finished: 32 * Self.second, download: waiting).verdict
        // From the connection (2 s) to the deadline (30 s), not to the end of grace.
        #expect(verdict?.phaseTime == 28 * Self.second)
        #expect(verdict?.budget == Self.budget)
    }

    @Test func aFailedDownloadIsBlamedOnItsFailure() {
        func cause(_ failure: MissEvidence.Download.Failure, connected: UInt64? = nil) -> MissCause? {
            let download = MissEvidence.Download(
                start: 0, connected: connected, end: 5 * Self.second, failure: failure)
            return evidence(.degraded, finished: 6 * Self.second, download: download).verdict?.cause
        }
        #expect(cause(.connectFailed) == .connect)
        #expect(cause(.tls) == .tls)
        #expect(cause(.connectionLost, connected: 1) == .connectionLost)
        #expect(cause(.timedOut, connected: 1) == .extensionTimeout)
        #expect(cause(.idleTimedOut, connected: 1) == .extensionTimeout)
        #expect(cause(.tooLarge, connected: 1) == .tooLarge)
        #expect(cause(.file, connected: 1) == .harness)
        #expect(cause(.other, connected: 1) == .downloadFailed)
        // Cancelled (at expiry, say): where it had got to.
        #expect(cause(.cancelled) == .connect)
        #expect(cause(.cancelled, connected: 1) == .firstByte)
    }

    @Test func aCompletedDownloadWithAnErrorStatusIsBlamedOnTheStatus() {
        let download = MissEvidence.Download(
            start: 0, connected: 1, firstByte: 2, end: Self.second, status: 503, injectedFault: true)
        let verdict = evidence(.degraded, finished: 2 * Self.second, download: download).verdict
        #expect(verdict?.cause == .httpStatus)
        #expect(verdict?.phaseTime == Self.second)
        #expect(verdict?.injected == true)
    }

    @Test func aRealFaultIsNotCountedAsInjected() {
        let download = MissEvidence.Download(start: 0, connected: 1, end: Self.second, failure: .connectionLost)
        #expect(evidence(.degraded, finished: 2 * Self.second, download: download).verdict?.injected == false)
    }

    @Test func decryptionAndAttachmentFailuresAreNamed() {
        var decrypt = evidence(.degraded, finished: Self.second)
        decrypt.decryptFailed = true
        decrypt.decrypt = 5_000
        decrypt.injectedCryptoFault = true
        #expect(
            decrypt.verdict == MissVerdict(cause: .decryptFailed, phaseTime: 5_000, budget: Self.budget, injected: true)
        )
        var attach = evidence(.degraded, finished: Self.second)
        attach.download = MissEvidence.Download(start: 0, connected: 1, firstByte: 2, end: 3, status: 200)
        attach.attachFailed = true
        #expect(attach.verdict?.cause == .attachmentRejected)
    }

    @Test func withNothingFailedTheDeadlineOrTheExtensionDecides() {
        let done = MissEvidence.Download(start: 0, connected: 1, firstByte: 2, end: Self.second, status: 200)
        #expect(evidence(.expiredBestAttempt, download: done).verdict?.cause == .expiry)
        #expect(evidence(.degraded, finished: 2 * Self.second).verdict?.cause == .enrichmentSkipped)
    }

    @Test func everyCauseHasASnakeCaseNameAndAColumn() {
        for cause in MissCause.allCases {
            #expect(cause.rawValue.allSatisfy { $0.isLowercase || $0 == "_" })
            #expect(cause.summaryColumn == "blame_\(cause.rawValue)")
            #expect(SummarySchema.column(named: cause.summaryColumn)?.kind == .count)
            #expect(SummarySchema.addedLater.contains(cause.summaryColumn))
        }
    }

    @Test func theAggregateCountsRanksAndSharesTheLostBudget() throws {
        var aggregate = RunAggregate()
        func miss(_ cause: MissCause, _ phaseTime: UInt64) -> InvocationMeasurement {
            InvocationMeasurement(
                id: 0, outcome: .degraded, timeToDeliver: 1, slack: 1,
                miss: MissVerdict(cause: cause, phaseTime: phaseTime, budget: 10))
        }
        aggregate.record(miss(.firstByte, 5))
        aggregate.record(miss(.firstByte, 5))
        aggregate.record(miss(.crash, 0))
        aggregate.record(InvocationMeasurement(id: 1, outcome: .enriched, timeToDeliver: 1, slack: 1))
        #expect(aggregate.blameRanking.map(\.cause) == [.firstByte, .crash])
        #expect(aggregate.lostBudgetShare(.firstByte) == 10.0 / 30.0)
        #expect(aggregate.lostBudgetShare(.crash) == nil)
        var merged = aggregate
        try merged.merge(aggregate)
        #expect(merged.count(.firstByte) == 4)
        #expect(merged.lostBudgetShare(.firstByte) == 10.0 / 30.0)
    }
}
