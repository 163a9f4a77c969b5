public import NSEBenchCore

/// What a media download produced.
///
/// An HTTP error status is not a failure of the transfer: a 404 comes back with ``status`` 404 and no
/// ``error``; an extension decides what it makes of it (see ``isSuccess``).
public struct MediaDownloadResult: Sendable, Hashable {
    /// The HTTP status, or 0 when no response arrived.
    public var status: Int
    /// Body bytes written to the file, whatever the outcome.
    public var bytes: Int
    /// The response's `Content-Type`, if it sent one.
    public var contentType: String?
    /// The file holding the body; nil when nothing was written.
    public var filePath: String?
    /// Why the transfer failed; nil when it completed (whatever its status).
    public var error: MediaDownloadError?
    /// When each phase happened.
    public var timings: MediaDownloadTimings
    /// The fault the embedded media server injected into the response and named in it; nil when none
    /// was named (a normal response, a real fault, or a host other than nse-bench's).
    public var injectedFault: FaultKind?
    /// The tag the request carried for the embedded server (``RequestTagger``); nil when untagged.
    public var requestTag: String?
    /// The body length the response announced (`Content-Length`); nil when unknown.
    public var announcedBytes: Int?
    /// Every field of the response's head, in the order written, when the download
    /// ``MediaDownload/keepsHeaderFields``; nil otherwise, or when no head came.
    public var headerFields: [HTTPHeaderField]? = nil

    /// A result.
    public init(
        status: Int, bytes: Int, contentType: String? = nil, filePath: String? = nil, error: MediaDownloadError? = nil,
        timings: MediaDownloadTimings = MediaDownloadTimings(), injectedFault: FaultKind? = nil,
        requestTag: String? = nil, announcedBytes: Int? = nil
    ) {
        self.announcedBytes = announcedBytes
        self.requestTag = requestTag
        self.injectedFault = injectedFault
        self.status = status
        self.bytes = bytes
        self.contentType = contentType
        self.filePath = filePath
        self.error = error
        self.timings = timings
    }

    /// Whether the transfer completed with a 2xx status: the file holds the media.
    public var isSuccess: Bool { error == nil && (200..<300).contains(status) }

    /// Why the download is unusable, for a report: the error, or the HTTP status; nil on success.
    public var failureDescription: String? {
        if let error { return error.description }
        if !isSuccess { return "HTTP status \(status)" }
        return nil
    }
}

/// When each phase of a download happened, in absolute ``InvocationClock`` nanoseconds; nil for a phase
/// the download did not reach (or the downloader does not measure).
///
/// Why it exists beside NSEBenchSystem's `DownloadTimings`: it is the runtime's own, transport-neutral
/// form, the one every ``MediaDownloading`` reports in (the libcurl transport through its adapter, the
/// simulated phone's URLSession, test fakes), and it comes back from an extension worker process inside
/// the record (`Codable`). So it holds only the instants the invocation's phases are measured from, all
/// optional. ``InvocationPhases/downloadTimings`` keeps it per invocation, and the measurement turns it
/// into the ``Phase/connect`` and ``Phase/firstByte`` durations and ``harnessWait``.
public struct MediaDownloadTimings: Sendable, Hashable, Codable {
    /// The extension asked for the download (the transport took the request).
    public var requested: UInt64?
    /// The transport started the transfer: its connection attempt begins here.
    public var started: UInt64?
    /// The connection (TCP, and TLS for `https`) was established.
    public var connected: UInt64?
    /// The first byte of the response arrived.
    public var firstByte: UInt64?
    /// The transfer ended, completed or failed.
    public var completed: UInt64?

    /// Timings; every phase defaults to not reached.
    public init(
        requested: UInt64? = nil, started: UInt64? = nil, connected: UInt64? = nil, firstByte: UInt64? = nil,
        completed: UInt64? = nil
    ) {
        self.requested = requested
        self.started = started
        self.connected = connected
        self.firstByte = firstByte
        self.completed = completed
    }

    /// How long the download waited inside the harness (the transport's queue and its loop's inbox)
    /// before its connection attempt began: harness delay, never the network's. Nil when the
    /// downloader does not say when it was asked, or the transfer never started.
    public var harnessWait: UInt64? {
        guard let requested, let started else { return nil }
        return started >= requested ? started - requested : 0
    }
}
