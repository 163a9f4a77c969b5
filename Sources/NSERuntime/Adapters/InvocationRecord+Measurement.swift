public import NSEBenchCore

extension InvocationRecord {
    /// The pure measurement the run aggregates: outcome, violations, times and phase durations.
    public var measurement: InvocationMeasurement {
        // Sized for every phase at once: growing from a one-entry literal reallocated it up to three times.
        var phaseDurations = [String: UInt64](minimumCapacity: SummarySchema.phases.count + 1)  // + harness
        phaseDurations["queued"] = phases.queued
        func span(_ span: PhaseSpan?) -> UInt64? { span.map { $0.end >= $0.start ? $0.end - $0.start : 0 } }
        if let decrypt = span(phases.decrypt) { phaseDurations["decrypt"] = decrypt }
        if let download = span(phases.download) { phaseDurations["download"] = download }
        if let attach = span(phases.attach) { phaseDurations["attach"] = attach }
        if let harnessWait = phases.harnessWait { phaseDurations["harness"] = harnessWait }
        if let timings = phases.downloadTimings, let started = timings.started {
            if let connected = timings.connected, connected >= started {
                phaseDurations["connect"] = connected - started
            }
            if let firstByte = timings.firstByte, firstByte >= started {
                phaseDurations["first_byte"] = firstByte - started
            }
        }
        var measurement = InvocationMeasurement(
            id: id, outcome: outcome, violations: violations,
            timeToDeliver: outcome.finishedBeforeDeadline || outcome == .expiredBestAttempt ? timeToDeliver : nil,
            slack: slack, phases: phaseDurations, miss: missEvidence.verdict)
        if !outcome.finishedBeforeDeadline, let ended = phases.downloadTimings?.completed ?? phases.download?.end,
            ended > times.deadline
        {
            let late = ended - times.deadline
            let wait = phases.harnessWait ?? 0
            measurement.lateDownloadExcess = late > wait ? late - wait : 0
        }
        return measurement
    }
}
