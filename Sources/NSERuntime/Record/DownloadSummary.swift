public import NSEBenchCore

/// What an invocation's media downloads fetched: the last download's response, and the bytes of all.
public struct DownloadSummary: Sendable, Hashable, Codable {
    /// The downloads the extension made.
    public var count: Int
    /// Body bytes received over all of them.
    public var bytes: Int
    /// The last download's HTTP status; 0 when no response arrived.
    public var status: Int
    /// The last download's `Content-Type`.
    public var contentType: String?
    /// The last download's failure, as text: the transport's error or the HTTP status; nil on success.
    public var errorText: String?
    /// The last download's failure kind; nil when the transfer completed.
    public var errorKind: MediaDownloadError.Kind?
    /// The harness failure any of the downloads met (descriptors exhausted, the scratch disk full),
    /// or that the run found afterwards (the embedded server gone); nil when the harness did not fail.
    public var harnessFailure: HarnessFailure?
    /// The network fault the embedded media server injected into the last download's response and
    /// named in it; nil when it named none (with `--target`, always nil).
    public var injectedFault: FaultKind?
    /// The tag the last download's request carried for the embedded server, by which the run finds a
    /// fault its response could not name; nil when untagged.
    public var requestTag: String?
    /// The last download's body bytes and the length its response announced (nil when unknown): how
    /// much of a body its own timeout cut short was still to come.
    public var lastBytes: Int?
    public var announcedBytes: Int?

    /// A summary.
    public init(
        count: Int, bytes: Int, status: Int, contentType: String? = nil, errorText: String? = nil,
        errorKind: MediaDownloadError.Kind? = nil, harnessFailure: HarnessFailure? = nil,
        injectedFault: FaultKind? = nil, requestTag: String? = nil, lastBytes: Int? = nil, announcedBytes: Int? = nil
    ) {
        self.lastBytes = lastBytes
        self.announcedBytes = announcedBytes
        self.requestTag = requestTag
        self.injectedFault = injectedFault
        self.harnessFailure = harnessFailure
        self.count = count
        self.bytes = bytes
        self.status = status
        self.contentType = contentType
        self.errorText = errorText
        self.errorKind = errorKind
    }
}
