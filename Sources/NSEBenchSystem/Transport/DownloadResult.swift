public import NSEBenchCore

/// What a download produced: the response, the body or where it went, the failure if any, and when
/// each phase happened.
public struct DownloadResult: Sendable, Equatable {
    /// The HTTP status of the last response, or 0 when no response arrived. An error status is not
    /// a failure: a 404 with ``error`` nil is a completed transfer.
    public var status: Int
    /// Body bytes received (written to the destination), whatever the outcome.
    public var bytesReceived: Int
    /// The response's `Content-Type`, or nil when it sent none.
    public var contentType: String?
    /// The body in memory, or the file it was written to.
    public var body: DownloadBody
    /// Why the download failed, or nil when the transfer completed (whatever its status).
    public var error: DownloadError?
    /// When each phase happened, on the ``MonotonicClock``.
    public var timings: DownloadTimings
    /// The fault the server named in its `X-NSE-Bench-Fault` header (the embedded media server's
    /// injected faults); nil when it named none.
    public var serverFault: String? = nil
    /// The body length the response announced (`Content-Length`); nil when it announced none or no
    /// headers came. With ``bytesReceived`` it says how much of a failed body was still to come.
    public var announcedLength: Int? = nil
    /// Every field of the final response's head, in the order written, for a request that
    /// ``DownloadRequest/keepsHeaderFields``; nil otherwise, or when no head came.
    public var headerFields: [HTTPHeaderField]? = nil

    /// Whether the transfer completed (``error`` is nil); the status may still be an HTTP error.
    public var completed: Bool { error == nil }
}

/// Where a download's body ended up.
public enum DownloadBody: Sendable, Equatable {
    /// The body, for ``DownloadDestination/memory`` (what was received, on failure), and for a
    /// download that never started (empty).
    case bytes([UInt8])
    /// The file holding the body, for ``DownloadDestination/file(path:)`` once it was created.
    case file(path: String)

    /// The bytes for an in-memory body; empty for a file.
    public var bytes: [UInt8] {
        if case .bytes(let bytes) = self { return bytes }
        return []
    }
}
