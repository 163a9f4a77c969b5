public import NSEBenchCore

/// Why a media download failed: a kind to count failures by, and the transport's message.
///
/// ```swift
/// MediaDownloadError(.timedOut, "timed out after 20 s: 118 KB of 200 KB received")
/// ```
public struct MediaDownloadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The request's total ``MediaDownload/timeout`` ran out.
        case timedOut = "timed_out"
        /// No data arrived for ``MediaDownload/idleTimeout``.
        case idleTimedOut = "idle_timed_out"
        /// The connection could not be established (refused, unreachable, connect timeout, no DNS).
        case connectFailed = "connect_failed"
        /// The connection broke before the response was complete.
        case connectionLost = "connection_lost"
        /// The body was larger than ``MediaDownload/maximumBytes``.
        case tooLarge = "too_large"
        /// The TLS handshake or certificate check failed.
        case tls
        /// The destination file could not be written.
        case file
        /// The calling task was cancelled.
        case cancelled
        /// The phone sent nothing: the request's settings allowed none of its networks (Low Data Mode,
        /// cellular, expensive). Never the transport's: a simulated phone's session decides it.
        case networkUnavailable = "network_unavailable"
        /// Anything else the transport reports.
        case other
    }

    /// What went wrong.
    public var kind: Kind
    /// The transport's message, naming what it saw.
    public var message: String
    /// The harness's own failure behind the error (descriptors exhausted, the scratch disk full), when
    /// it is one: the download measured the harness, not the network.
    public var harnessFailure: HarnessFailure?

    /// An error of `kind` with the transport's `message`; `harnessFailure` when the harness, not the
    /// network, caused it.
    public init(_ kind: Kind, _ message: String, harnessFailure: HarnessFailure? = nil) {
        self.kind = kind
        self.message = message
        self.harnessFailure = harnessFailure
    }

    /// `kind: message`, or `harness: <what failed>: message` for a harness failure.
    public var description: String {
        harnessFailure.map { $0.errorText(detail: message) } ?? "\(kind.rawValue): \(message)"
    }
}
