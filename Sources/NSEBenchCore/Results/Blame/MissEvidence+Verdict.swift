extension MissEvidence {
    /// The cause of the miss and its phase's share of the budget; nil for an enriched invocation.
    ///
    /// The order, first match wins:
    /// 1. `harness`, whatever the outcome: what was measured is the harness's;
    /// 2. how the extension ended: `crash`, `memory` (killed after starting), `queued` (killed before,
    ///    waiting for a slot), `cold_start` (killed before, its process still starting),
    ///    `alert_text_removed` (discarded), `not_mutable` (never started: the payload was not mutable);
    /// 3. for degraded, unchanged and expired invocations, the first failure in a payload's life:
    ///    `decrypt_failed`; a download running at the deadline (`connect`, `first_byte`, `body` by the
    ///    phase it was in); a failed download (by its failure; a cancelled one by the phase it had
    ///    reached); an HTTP error status; `attachment_rejected`;
    /// 4. otherwise, for an expired invocation, `side_call` when a side call (a receipt, a delivered metric)
    ///    was running at the deadline, else `expiry`; `enrichment_skipped` for a degraded or unchanged one.
    ///
    /// ```swift
    /// MissEvidence(outcome: .crashed, budget: 30_000_000_000, finished: 1_000_000).verdict?.cause  // .crash
    /// MissEvidence(outcome: .enriched, budget: 30_000_000_000, finished: 1_000_000).verdict  // nil
    /// ```
    public var verdict: MissVerdict? {
        guard let cause else { return nil }
        return MissVerdict(
            cause: cause, phaseTime: phaseTime(of: cause), budget: budget, injected: wasInjected(cause))
    }

    /// Whether the harness injected what `cause` names: a crypto fault for a failed decryption, a network
    /// fault the server named for a cause in the download.
    private func wasInjected(_ cause: MissCause) -> Bool {
        switch cause.phase {
        case .decrypt: injectedCryptoFault
        case .connect, .firstByte, .body, .download: download?.injectedFault ?? false
        case .queued, .coldStart, .attach, nil: false
        }
    }

    /// The deciding cause; nil for an enriched invocation.
    var cause: MissCause? {
        if outcome == .enriched { return nil }
        if harnessFailure { return .harness }
        switch outcome {
        case .enriched: return nil
        case .crashed: return .crash
        case .killed: return started ? .memory : coldStart != nil && queued < budget ? .coldStart : .queued
        case .discarded: return .alertTextRemoved
        case .notMutable: return .notMutable
        case .degraded, .unchanged, .expiredBestAttempt, .expiredOriginal: break
        }
        if decryptFailed { return .decryptFailed }
        let expired = !outcome.finishedBeforeDeadline
        if let download {
            if expired, download.wasRunning(at: budget) { return download.cause(at: budget) }
            if let failure = download.failure {
                return Self.cause(of: failure, download: download, finished: finished)
            }
            if download.end == nil { return download.cause(at: finished) }
            if !(200..<300).contains(download.status) { return .httpStatus }
        }
        if attachFailed { return .attachmentRejected }
        if expired, sideCallAtDeadline { return .sideCall }
        return expired ? .expiry : .enrichmentSkipped
    }

    private static func cause(of failure: Download.Failure, download: Download, finished: UInt64) -> MissCause {
        switch failure {
        case .connectFailed: .connect
        case .tls: .tls
        case .connectionLost: .connectionLost
        case .timedOut, .idleTimedOut: .extensionTimeout
        case .tooLarge: .tooLarge
        case .file: .harness
        case .cancelled: download.cause(at: download.end ?? finished)
        case .networkUnavailable: .networkUnavailable
        case .other: .downloadFailed
        }
    }

    /// Nanoseconds of the budget spent in `cause`'s phase, clipped to the budget.
    private func phaseTime(of cause: MissCause) -> UInt64 {
        guard let phase = cause.phase else { return 0 }
        func within(_ from: UInt64, _ to: UInt64?) -> UInt64 {
            let end = min(to ?? finished, budget)
            return end > from ? end - from : 0
        }
        switch phase {
        case .queued: return min(queued, budget)
        case .coldStart: return within(min(queued, budget), queued &+ (coldStart ?? 0))
        case .decrypt: return decrypt ?? 0
        case .attach: return attach ?? 0
        case .connect, .firstByte, .body, .download:
            guard let download else { return 0 }
            let end = download.end ?? finished
            switch phase {
            case .connect: return within(download.start, download.connected ?? end)
            case .firstByte: return within(download.connected ?? download.start, download.firstByte ?? end)
            case .body: return within(download.firstByte ?? download.start, end)
            default: return within(download.start, end)
            }
        }
    }
}
