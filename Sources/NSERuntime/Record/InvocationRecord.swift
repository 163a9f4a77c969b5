public import NSEBenchCore

/// Everything measured about one invocation: how it ended, what the user saw, what the extension broke,
/// what it delivered of what was asked, and where the time went.
public struct InvocationRecord: Sendable, Hashable, Codable {
    /// The invocation's id.
    public var id: Int
    /// The extension's name.
    public var extensionName: String
    /// How it ended.
    public var outcome: InvocationOutcome
    /// What the user sees.
    public var visible: VisibleNotification
    /// Contract violations (second, late or text-less handler calls).
    public var violations: Violations
    /// The enrichments the payload asked for and those the shown content carries (empty when the
    /// original is shown).
    public var enrichment: EnrichmentResult
    /// When each step happened.
    public var times: InvocationTimes
    /// How long each phase took.
    public var phases: InvocationPhases
    /// What the downloads fetched; nil when the extension downloaded nothing.
    public var download: DownloadSummary?
    /// The errors the extension reported by stage (a failed decryption, a refused attachment).
    public var stageErrors: [InvocationStage: String]
    /// The most memory counted for the process: baseline, payload and metered buffers, in bytes.
    public var peakMemory: Int
    /// Why the extension crashed (a simulated crash, an error thrown by its work, an injected crash).
    public var crashReason: String?
    /// Whether the host injected the crash (``CrashInjection``).
    public var injectedCrash: Bool
    /// The fault injected into the payload's `encrypted_data`, if any.
    public var injectedFault: InjectedCryptoFault?
    /// Whether the extension's work was still running when the wind-down ended and was abandoned.
    public var workAbandoned: Bool
    /// The shortest total timeout any of its downloads set (the extension's own: `timeoutIntervalForResource`,
    /// or a built-in's), in nanoseconds of the harness's clock; nil when none set one.
    public var ownTimeout: UInt64? = nil
    /// Whether a side call (a receipt, a delivered metric) was still running when the deadline came.
    public var sideCallAtDeadline: Bool? = nil
    /// The harness failure that ended the invocation before or outside its extension's code (no extension
    /// process could take it, or it ended without a record): its `crashed` outcome says nothing about
    /// the extension. A download's harness failure is its ``DownloadSummary/harnessFailure``.
    public var lostToHarness: HarnessFailure? = nil

    /// From arrival to the honoured handler call, in nanoseconds.
    public var timeToDeliver: UInt64? { times.timeToDeliver }
    /// From the honoured handler call to the deadline, in nanoseconds; negative in the grace period.
    public var slack: Int64? { times.slack }
    /// Body bytes downloaded.
    public var bytesDownloaded: Int { download?.bytes ?? 0 }
    /// The last download's HTTP status.
    public var httpStatus: Int? { download?.status }
    /// The last download's failure, as text.
    public var downloadErrorText: String? { download?.errorText }
    /// The harness failure the invocation met, if any: what it measured is the harness, not the target.
    public var harnessFailure: HarnessFailure? { lostToHarness ?? download?.harnessFailure }

    /// Marks the invocation's failed download as the harness's `failure` (the embedded server found gone
    /// after a refused connection): the error text says so, and ``harnessFailure`` is set. A record
    /// without a failed download, or already marked, is left as it is.
    public mutating func blameHarness(_ failure: HarnessFailure) {
        guard var download, download.errorKind != nil, download.harnessFailure == nil else { return }
        download.harnessFailure = failure
        download.errorText = failure.errorText(detail: download.errorText ?? "")
        self.download = download
    }
}
