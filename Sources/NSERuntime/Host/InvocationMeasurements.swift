import Synchronization

/// What an extension reported about its invocation through its ``InvocationContext``: stage timings,
/// downloads and errors. Read by the host when it completes the record.
/// Every field lives in `state`, a `Mutex`.
final class InvocationMeasurements: Sendable {
    struct Snapshot {
        /// Each stage's span, by the record's own subscript by stage (its other phases stay unset here):
        /// held in place, where a `[InvocationStage: PhaseSpan]` cost an allocation and a hash for each.
        var spans = InvocationPhases(queued: 0)
        var downloadTimings: MediaDownloadTimings?
        var download: DownloadSummary?
        var stageErrors: [InvocationStage: String] = [:]
        /// The download in flight, if one is: the last started whose result has not come back.
        var inFlightDownload: MediaDownloadProgress?
        /// When the download in flight was asked for.
        var inFlightRequestedAt: UInt64?
        /// The finished downloads' waits inside the harness before their connection attempts, summed.
        var harnessWait: UInt64 = 0
        /// Whether any download was asked for.
        var downloaded = false
        /// The shortest total timeout a download was asked with; nil when none set one.
        var shortestTimeout: UInt64?
        /// Side calls (``SideEndpoint``: receipts, delivered metrics): when each was asked for and, once
        /// its result came back, when that was; indexed by the token ``sideCallStarted(at:timeout:)`` gave.
        var sideCalls: [(start: UInt64, end: UInt64?)] = []
        /// Whether one was running at the deadline's instant (not the deadline timer's, which can be late).
        var sideCallAtDeadline = false
    }

    private let state = Mutex(Snapshot())

    var snapshot: Snapshot { state.withLock { $0 } }

    /// Records `span` for `stage`; a stage reported twice keeps the first start and the last end.
    func record(_ stage: InvocationStage, _ span: PhaseSpan) {
        state.withLock { state in
            if let earlier = state.spans[stage] {
                state.spans[stage] = PhaseSpan(start: min(earlier.start, span.start), end: max(earlier.end, span.end))
            } else {
                state.spans[stage] = span
            }
        }
    }

    /// The download failed after its last result: that result's summary takes the failure (the last
    /// download's, whichever it was: an extension running two at once may see it on the other's). With
    /// no download summary yet, nothing: the stage's error alone says it.
    func recordDownloadFailure(_ error: MediaDownloadError) {
        state.withLock { state in
            state.download?.errorText = error.description
            state.download?.errorKind = error.kind
        }
    }

    /// A download that failed at `now` before anything was sent: the last download's failure and timings
    /// (asked, started and ended at `now`, so its blame never takes an earlier download's time for its
    /// own), but no request of the host (the timeline's requests count ``DownloadSummary/count``) and no
    /// bytes.
    func recordUnsentDownload(_ error: MediaDownloadError, at now: UInt64) {
        state.withLock { state in
            var download = state.download ?? DownloadSummary(count: 0, bytes: 0, status: 0)
            download.status = 0
            download.contentType = nil
            download.errorText = error.description
            download.errorKind = error.kind
            download.injectedFault = nil
            download.requestTag = nil
            download.lastBytes = 0
            download.announcedBytes = nil
            state.download = download
            state.downloadTimings = MediaDownloadTimings(requested: now, started: now, completed: now)
        }
    }

    func recordError(_ stage: InvocationStage, _ message: String) {
        state.withLock { $0.stageErrors[stage] = message }
    }

    /// A download was asked for at `requested`, with a total `timeout` (nil: none); its progress
    /// stands in for its result until that comes back.
    func downloadStarted(_ progress: MediaDownloadProgress, at requested: UInt64, timeout: UInt64?) {
        state.withLock { state in
            state.inFlightDownload = progress
            state.inFlightRequestedAt = requested
            state.downloaded = true
            if let timeout { state.shortestTimeout = min(state.shortestTimeout ?? .max, timeout) }
        }
    }

    /// The download's result came back (and was or will be reported by the extension, or not), after
    /// waiting `harnessWait` inside the harness before its connection attempt.
    func downloadEnded(_ progress: MediaDownloadProgress, harnessWait: UInt64?) {
        state.withLock { state in
            state.harnessWait &+= harnessWait ?? 0
            if state.inFlightDownload === progress {
                state.inFlightDownload = nil
                state.inFlightRequestedAt = nil
            }
        }
    }

    /// A side call (``SideEndpoint``) was asked for, with a total `timeout` (nil: none). It is not the
    /// media: it leaves the download in flight, the last response and the download stage alone.
    /// Returns the token that ends it.
    func sideCallStarted(at start: UInt64, timeout: UInt64?) -> Int {
        state.withLock { state in
            if let timeout { state.shortestTimeout = min(state.shortestTimeout ?? .max, timeout) }
            state.sideCalls.append((start, nil))
            return state.sideCalls.count - 1
        }
    }

    /// The side call `token` names came back at `end`, after waiting `harnessWait` inside the harness.
    func sideCallEnded(_ token: Int, at end: UInt64, harnessWait: UInt64?) {
        state.withLock { state in
            state.harnessWait &+= harnessWait ?? 0
            state.sideCalls[token].end = end
        }
    }

    /// The deadline timer fired for the deadline at `deadline`: notes whether a side call was running at
    /// that instant. The timer may fire late; a call that ended between the deadline and the timer still
    /// held the deadline.
    func deadlineReached(_ deadline: UInt64) {
        state.withLock { state in
            if state.sideCalls.contains(where: { $0.start <= deadline && ($0.end ?? .max) > deadline }) {
                state.sideCallAtDeadline = true
            }
        }
    }

    /// Adds a download: its bytes to the total, its response as the last one.
    func recordDownload(_ result: MediaDownloadResult) {
        state.withLock { state in
            let earlier = state.download
            state.download = DownloadSummary(
                count: (earlier?.count ?? 0) + 1, bytes: (earlier?.bytes ?? 0) + result.bytes, status: result.status,
                contentType: result.contentType, errorText: result.failureDescription, errorKind: result.error?.kind,
                // A harness failure of any download taints the invocation, whatever came after it.
                harnessFailure: result.error?.harnessFailure ?? earlier?.harnessFailure,
                injectedFault: result.injectedFault, requestTag: result.requestTag, lastBytes: result.bytes,
                announcedBytes: result.announcedBytes)
            state.downloadTimings = result.timings
        }
    }
}
