import NSEBenchCore

extension InvocationSession {
    /// The record of the invocation as it stands at `now`.
    func makeRecord(_ now: UInt64, _ state: State) -> InvocationRecord {
        let lifecycle = state.lifecycle
        let outcome = lifecycle.outcome ?? .killed
        let timeline = lifecycle.timeline
        let reported = measurements.snapshot
        // A download still in flight when the invocation ends (a stall, a slow body) has no result;
        // what it reached so far is what happened, and is recorded.
        var download = reported.download
        var downloadTimings = reported.downloadTimings
        if let progress = reported.inFlightDownload?.latest {
            download = DownloadSummary(
                count: (download?.count ?? 0) + 1, bytes: (download?.bytes ?? 0) + progress.bytes,
                status: progress.status, contentType: progress.contentType,
                errorText: "still downloading when the invocation ended", injectedFault: progress.injectedFault)
            downloadTimings = MediaDownloadTimings(
                started: progress.started, connected: progress.connected, firstByte: progress.firstByte)
        }
        // A download still waiting in the harness at the end waited there all along.
        var harnessWait = reported.harnessWait
        if let requested = reported.inFlightRequestedAt {
            let begun = reported.inFlightDownload?.latest?.started ?? now
            harnessWait &+= begun >= requested ? begun - requested : 0
        }
        let started = timeline.startedAt.map(Nanoseconds.count)
        let finished = timeline.finishedAt.map(Nanoseconds.count) ?? now
        // Queued until admitted (the cold start, if any, begins there), else until didReceive or the end.
        let queuedUntil = state.admittedAt ?? started ?? finished
        // A cold start ran only for an invocation admitted before its deadline.
        var coldStart: UInt64? = nil
        if input.coldStart != nil, let admitted = state.admittedAt, admitted < deadline {
            let up = started ?? finished
            coldStart = up > admitted ? up - admitted : 0
        }
        var visible = originalNotification(kind: outcome.whatTheUserSees)
        if !outcome.fellBack, var shown = state.shown {
            shown.kind = outcome.whatTheUserSees
            visible = shown
        }
        return InvocationRecord(
            id: input.id, extensionName: input.extensionFactory.name, outcome: outcome, visible: visible,
            violations: lifecycle.violations,
            enrichment: EnrichmentResult(
                requested: inspector.requested,
                delivered: outcome.fellBack ? [] : lifecycle.enrichment?.delivered ?? []),
            times: InvocationTimes(
                arrival: input.arrival, deadline: deadline, started: started,
                expiryCalled: timeline.expiryCalledAt.map(Nanoseconds.count),
                delivered: timeline.deliveredAt.map(Nanoseconds.count), finished: finished),
            phases: InvocationPhases(
                queued: queuedUntil > input.arrival ? queuedUntil - input.arrival : 0,
                decrypt: reported.spans[.decrypt], download: reported.spans[.download],
                downloadTimings: downloadTimings, harnessWait: reported.downloaded ? harnessWait : nil,
                attach: reported.spans[.attach],
                deliver: state.deliverSpan, coldStart: coldStart),
            download: download, stageErrors: reported.stageErrors, peakMemory: state.peakMemory,
            crashReason: lifecycle.crashReason ?? state.lateCrashReason,
            injectedCrash: state.injectedCrashStruck,
            injectedFault: input.injectedFault, workAbandoned: state.workAbandoned,
            ownTimeout: reported.shortestTimeout,
            sideCallAtDeadline: reported.sideCallAtDeadline ? true : nil
        )
    }

    /// The payload's own alert: what the user sees when the extension's work is lost.
    private func originalNotification(kind: VisibleContent) -> VisibleNotification {
        let alert = input.payload.alert
        return VisibleNotification(
            kind: kind, title: alert.title ?? "", subtitle: alert.subtitle ?? "", body: alert.body ?? "")
    }
}
