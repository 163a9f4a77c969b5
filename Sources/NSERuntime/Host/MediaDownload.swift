public import Foundation

/// One media download, with `URLSession`'s limits.
///
/// `URLSession`'s defaults are what most push SDKs run with (nse-reference.md): no limit on the whole
/// resource worth speaking of (7 days) and 60 seconds without data (`timeoutIntervalForRequest`). This
/// type models them as no total ``timeout`` and a 60-second ``idleTimeout``; with those, iOS's 30-second
/// expiry is the only real deadline, which is the behaviour nse-bench measures.
///
/// ```swift
/// // Batch's SDK: a 20-second resource timeout.
/// let request = MediaDownload(
///     url: mediaURL, destinationPath: tmp.path, timeout: 20 * 1_000_000_000)
/// ```
public struct MediaDownload: Sendable, Hashable {
    /// `URLSession`'s `timeoutIntervalForRequest` default: 60 seconds without data, in nanoseconds.
    public static let defaultIdleTimeout: UInt64 = 60 * 1_000_000_000
    /// The largest body accepted unless a request says otherwise: 64 MiB, above the largest attachment
    /// iOS shows (50 MB movies), so that no real attachment is cut short but a runaway body is.
    public static let defaultMaximumBytes = 64 << 20

    /// What to download.
    public var url: URL
    /// The file the body is written to (created or truncated).
    public var destinationPath: String
    /// The longest the whole download may take, in nanoseconds (`timeoutIntervalForResource`); nil for
    /// `URLSession`'s default, modelled as no limit.
    public var timeout: UInt64?
    /// The longest the download may go without receiving data, in nanoseconds
    /// (`timeoutIntervalForRequest`).
    public var idleTimeout: UInt64
    /// The largest body accepted; a larger one fails with ``MediaDownloadError/Kind/tooLarge``.
    public var maximumBytes: Int
    /// Where the downloader reports how far the download has got while it runs; nil for nowhere.
    /// The host sets it for every download an extension makes.
    public var progress: MediaDownloadProgress?
    /// The HTTP method: `GET` for media; a side call's own (`POST` for a receipt or a metric).
    public var method: String = "GET"
    /// The request body a side call sends (`URLRequest.httpBody`, an upload task's data); nil for none.
    public var body: [UInt8]? = nil
    /// Header lines sent with the request (`Name: value`), after the ones the transport writes: a
    /// simulated phone's request's own (``SimulatedDevice/PhoneRequest/headerLines``).
    public var headerLines: [String] = []
    /// Whether the result holds every field of the response's head (``MediaDownloadResult/headerFields``):
    /// for a simulated phone's request, whose `HTTPURLResponse` user code may read.
    public var keepsHeaderFields = false
    /// Whether the result holds every field of a redirect (a `3xx`) when ``keepsHeaderFields`` is off: for a
    /// built-in extension's download, which follows redirects as URLSession does (``MediaFetcher``).
    public var keepsRedirectHeaderFields = false
    /// The URL the chain started at, for a download that follows a redirect; nil for the first. The
    /// invocation's record sorts a hop by that URL (a side call's hop stays a side call) and does not take
    /// its timeout, what is left of the chain's, for the extension's own.
    public var redirectedFrom: URL? = nil

    /// A download with `URLSession`'s defaults unless told otherwise.
    public init(
        url: URL, destinationPath: String, timeout: UInt64? = nil, idleTimeout: UInt64 = Self.defaultIdleTimeout,
        maximumBytes: Int = Self.defaultMaximumBytes, progress: MediaDownloadProgress? = nil
    ) {
        self.url = url
        self.destinationPath = destinationPath
        self.timeout = timeout
        self.idleTimeout = idleTimeout
        self.maximumBytes = maximumBytes
        self.progress = progress
    }
}
