import Synchronization

/// What an extension reported about its invocation through its ``InvocationContext``: stage timings,
/// downloads and errors. Read by the host when it completes the record.
/// Every field lives in `state`, a `Mutex`.
final class InvocationMeasurements: Sendable {
    struct Snapshot {
        var spans: [InvocationStage: PhaseSpan] = [:]
        var downloadTimings: MediaDownloadTimings?
        var download: DownloadSummary?
        var stageErrors: [InvocationStage: String] = [:]
        /// The download in flight, if one is: the last started whose result has not come back.
        var inFlightDownload: MediaDownloadProgress?
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

    func recordError(_ stage: InvocationStage, _ message: String) {
        state.withLock { $0.stageErrors[stage] = message }
    }

    /// A download began; its progress stands in for its result until that comes back.
    func downloadStarted(_ progress: MediaDownloadProgress) {
        state.withLock { $0.inFlightDownload = progress }
    }

    /// The download's result came back (and was or will be reported by the extension, or not).
    func downloadEnded(_ progress: MediaDownloadProgress) {
        state.withLock { state in
            if state.inFlightDownload === progress { state.inFlightDownload = nil }
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
                injectedFault: result.injectedFault, requestTag: result.requestTag)
            state.downloadTimings = result.timings
        }
    }
}
