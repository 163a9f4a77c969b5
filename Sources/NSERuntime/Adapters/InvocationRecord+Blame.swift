public import NSEBenchCore

extension InvocationRecord {
    /// What ``MissCause`` is decided from: the outcome and the measured steps, as offsets from the
    /// scheduled arrival.
    public var missEvidence: MissEvidence {
        let arrival = times.arrival
        func offset(_ instant: UInt64) -> UInt64 { instant > arrival ? instant - arrival : 0 }
        var evidence = MissEvidence(
            outcome: outcome, harnessFailure: harnessFailure != nil, started: times.started != nil,
            budget: offset(times.deadline), finished: offset(times.finished), queued: phases.queued,
            coldStart: phases.coldStart, decrypt: phases.decrypt?.duration, decryptFailed: stageErrors[.decrypt] != nil,
            attach: phases.attach?.duration, attachFailed: stageErrors[.attach] != nil,
            injectedCryptoFault: injectedFault != nil)
        evidence.sideCallAtDeadline = sideCallAtDeadline ?? false
        if let download {
            let timings = phases.downloadTimings
            let start = timings?.started ?? phases.download?.start ?? times.started ?? arrival
            evidence.download = MissEvidence.Download(
                start: offset(start), connected: timings?.connected.map(offset),
                firstByte: timings?.firstByte.map(offset), end: timings?.completed.map(offset),
                failure: download.errorKind.map(Self.failure(of:)), status: download.status,
                injectedFault: download.injectedFault != nil)
            // A download that completed whose timings lack an end (a downloader that does not measure
            // phases) ended when its span did.
            if evidence.download?.end == nil, download.errorKind != nil || timings == nil {
                evidence.download?.end = phases.download.map { offset($0.end) } ?? evidence.finished
            }
        }
        return evidence
    }

    /// What invocations.csv's `injected_fault` says: the payload's crypto fault, the network fault the
    /// embedded server named in the last download's response, or both joined by `+`; empty for none.
    public var injectedFaultText: String {
        [injectedFault?.rawValue, download?.injectedFault?.rawValue].compactMap { $0 }.joined(separator: "+")
    }

    private static func failure(of kind: MediaDownloadError.Kind) -> MissEvidence.Download.Failure {
        switch kind {
        case .timedOut: .timedOut
        case .idleTimedOut: .idleTimedOut
        case .connectFailed: .connectFailed
        case .connectionLost: .connectionLost
        case .tooLarge: .tooLarge
        case .tls: .tls
        case .file: .file
        case .cancelled: .cancelled
        case .networkUnavailable: .networkUnavailable
        case .other: .other
        }
    }
}
