public import NSEBenchCore

extension InvocationRecord {
    /// The pure measurement the run aggregates: outcome, violations, times and phase durations.
    public var measurement: InvocationMeasurement {
        var phaseDurations: PhaseDurations = [.queued: phases.queued]
        if let coldStart = phases.coldStart { phaseDurations[.coldStart] = coldStart }
        func span(_ span: PhaseSpan?) -> UInt64? { span.map { $0.end >= $0.start ? $0.end - $0.start : 0 } }
        if let decrypt = span(phases.decrypt) { phaseDurations[.decrypt] = decrypt }
        if let download = span(phases.download) { phaseDurations[.download] = download }
        if let attach = span(phases.attach) { phaseDurations[.attach] = attach }
        if let harnessWait = phases.harnessWait { phaseDurations[.harnessWait] = harnessWait }
        if let timings = phases.downloadTimings, let started = timings.started {
            if let connected = timings.connected, connected >= started {
                phaseDurations[.connect] = connected - started
            }
            if let firstByte = timings.firstByte, firstByte >= started {
                phaseDurations[.firstByte] = firstByte - started
            }
        }
        var measurement = InvocationMeasurement(
            id: id, outcome: outcome, violations: violations,
            timeToDeliver: outcome.finishedBeforeDeadline || outcome == .expiredBestAttempt ? timeToDeliver : nil,
            slack: slack, phases: phaseDurations, miss: missEvidence.verdict)
        measurement.ownTimeout = ownTimeout
        if harnessFailure == nil { measurement.crashReason = crashReason }
        // An unsent download (refused by the phone's networks) ended at once: no harness delay could change it.
        if !outcome.finishedBeforeDeadline, download?.errorKind != .networkUnavailable,
            let ended = phases.downloadTimings?.completed ?? phases.download?.end, ended > times.deadline
        {
            let late = ended - times.deadline
            let wait = phases.harnessWait ?? 0
            measurement.lateDownloadExcess = late > wait ? late - wait : 0
        } else if measurement.miss?.cause == .extensionTimeout, let needed = timeStillNeededAtTimeout {
            // The extension's own timeout decided it: the download would have made it had the harness's
            // delay been this much shorter (its queue never counts against the timeout, so no wait here).
            measurement.lateDownloadExcess = needed
        }
        return measurement
    }

    /// For a download its own resource timeout ended with part of an announced body received: how long
    /// the rest would have taken at the rate the body came, in nanoseconds. Nil when that cannot be
    /// told (no body byte yet, no announced length, an idle timeout).
    var timeStillNeededAtTimeout: UInt64? {
        guard let download, download.errorKind == .timedOut, let received = download.lastBytes, received > 0,
            let announced = download.announcedBytes, announced > received,
            let firstByte = phases.downloadTimings?.firstByte,
            let ended = phases.downloadTimings?.completed ?? phases.download?.end, ended > firstByte
        else { return nil }
        let rate = Double(received) / Double(ended - firstByte)  // bytes per nanosecond
        return UInt64((Double(announced - received) / rate).rounded(.up))
    }
}
