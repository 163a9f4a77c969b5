public import NSEBenchCore

/// One media download for ``CurlTransport``: where from, where to, and its limits; a `GET` unless
/// ``method`` and ``body`` say otherwise (a side call's `POST` of a receipt).
///
/// Defaults suit a simulated device: a fresh connection per download (``keepAlive`` false), a body
/// capped at 64 MiB, a small receive buffer, TLS verified. Downloads never go through a proxy, even
/// when `http_proxy` and friends are set. Timeouts default to none (libcurl's own
/// defaults: no total limit, 300 s to connect); set them, or give an absolute ``deadline``.
///
/// ```swift
/// var request = DownloadRequest(url: "http://127.0.0.1:8080/media/1KB.jpg?ttfb=1s")
/// request.totalTimeout = .seconds(10)
/// request.destination = .file(path: "/tmp/1KB.jpg")
/// ```
public struct DownloadRequest: Sendable, Hashable {
    /// libcurl's small receive buffer: 8,191 bytes, what ``ReceiveBufferPolicy`` gives a transfer
    /// admitted while many run.
    ///
    /// libcurl allocates the buffer size plus one, before connecting, and holds it for the whole
    /// transfer, so this is the largest size that fits jemalloc's 8 KiB class. Measured (libcurl
    /// 7.88, 10,000 in flight): heap per in-flight download 20, 24, 26 and 36 KB at 4,095, 8,191,
    /// 8,192 and 16,384 bytes (libcurl alone: 15, 19 and 31 KB at 4,095, 8,191 and 16,384); CPU per
    /// 1 MB download 890, 715 and 660 µs at 4,095, 8,191 and 16,384, so 8,191 keeps most of the
    /// throughput of libcurl's default at two thirds of its memory.
    public static let defaultReceiveBufferBytes = 8_191
    /// The smallest and largest receive buffers libcurl accepts (CURL_MIN/MAX_READ_SIZE).
    public static let receiveBufferRange = 1_024...(10 << 20)

    /// The URL, as libcurl parses it. Use an IP address (`127.0.0.1`) for load: a host name costs a
    /// resolver thread per lookup until libcurl's DNS cache holds it.
    public var url: String
    /// Where the body goes.
    public var destination: DownloadDestination
    /// The HTTP method, a token such as `GET`, `HEAD`, `POST` or `PUT`.
    public var method: String
    /// The request body, sent with `Content-Length` (never chunked; libcurl's own `Expect: 100-continue`
    /// is removed, and a simulated phone never passes one of its own);
    /// nil for none. `POST`, `PUT` and `PATCH` always send a length, 0 without a body, as URLSession
    /// does. Its upload is part of the transfer's time: the first byte comes after the last one sent.
    public var body: [UInt8]?
    /// The whole transfer (connect included), counted from admission: time spent queued for a
    /// transfer slot is never eaten out of it (CURLOPT_TIMEOUT_MS). Nil: no limit.
    public var totalTimeout: DurationValue?
    /// Establishing the connection (TCP and TLS) (CURLOPT_CONNECTTIMEOUT_MS). Nil: libcurl's 300 s.
    public var connectTimeout: DurationValue?
    /// An absolute budget in ``MonotonicClock`` nanoseconds that covers queueing and the transfer:
    /// a request still queued at this instant fails with
    /// ``DownloadError/deadlineExpiredWhileQueued(deadline:)``, and an admitted one gets at most
    /// the time left as its total timeout. Nil: no budget.
    public var deadline: UInt64?
    /// Abort a transfer that stays slower than this for this long (a stall).
    public var lowSpeed: LowSpeedLimit?
    /// The largest body accepted; a larger one (announced or received) aborts the transfer with
    /// ``DownloadError/tooLarge(limit:_:)``. Bodies are never buffered without bound.
    public var maximumBodyBytes: Int
    /// Whether the connection may be reused by a later download. False (the default) opens and
    /// closes a connection per download, as separate devices would (CURLOPT_FORBID_REUSE and
    /// CURLOPT_FRESH_CONNECT).
    public var keepAlive: Bool
    /// Whether to verify the server's certificate and host name (CURLOPT_SSL_VERIFYPEER/HOST).
    public var verifyTLS: Bool
    /// A PEM file of the certificates to trust instead of the system's (CURLOPT_CAINFO).
    public var caFile: String?
    /// libcurl's receive buffer for this transfer (CURLOPT_BUFFERSIZE), within
    /// ``receiveBufferRange``; nil (the default) lets the transport choose by how many transfers are
    /// in flight (``ReceiveBufferPolicy``).
    public var receiveBufferBytes: Int?
    /// Extra request header lines, such as `"Accept: image/*"`.
    public var headers: [String]
    /// The embedded media server's tag for this request (`RequestTagger`), sent after ``headers`` as
    /// ``FaultPlan/requestTagHeaderName``; nil sends none. A method token's bytes only (checked before
    /// the request takes a slot). Kept apart from ``headers`` so that a request in flight holds no header
    /// line of its own: a tag of up to 15 bytes is stored in the string itself, where a header line and
    /// its array were two objects per download in flight (issue #18).
    public var requestTag: String?
    /// Told the download's progress with each body chunk; nil for none.
    public var progress: DownloadProgressObserver?
    /// Whether the result holds every field of the response's head (``DownloadResult/headerFields``), for
    /// a simulated phone whose code may read them; off, a download makes no string for them.
    public var keepsHeaderFields = false
    /// Whether the result holds every field of a redirect's head (a `3xx`) when ``keepsHeaderFields`` is
    /// off: for a download that follows redirects, which reads the `Location` of the rare one.
    public var keepsRedirectHeaderFields = false

    /// Whether the result keeps the fields of a response with `status`.
    public func keepsHeaderFields(ofStatus status: Int) -> Bool {
        keepsHeaderFields || keepsRedirectHeaderFields && (300...399).contains(status)
    }

    /// A request for `url` with the defaults above.
    public init(
        url: String, destination: DownloadDestination = .memory, totalTimeout: DurationValue? = nil,
        connectTimeout: DurationValue? = nil, deadline: UInt64? = nil, lowSpeed: LowSpeedLimit? = nil,
        maximumBodyBytes: Int = 64 << 20, keepAlive: Bool = false, verifyTLS: Bool = true, caFile: String? = nil,
        receiveBufferBytes: Int? = nil, headers: [String] = [],
        progress: DownloadProgressObserver? = nil, method: String = "GET", body: [UInt8]? = nil
    ) {
        self.url = url
        self.method = method
        self.body = body
        self.destination = destination
        self.totalTimeout = totalTimeout
        self.connectTimeout = connectTimeout
        self.deadline = deadline
        self.lowSpeed = lowSpeed
        self.maximumBodyBytes = maximumBodyBytes
        self.keepAlive = keepAlive
        self.verifyTLS = verifyTLS
        self.caFile = caFile
        self.receiveBufferBytes = receiveBufferBytes
        self.headers = headers
        self.progress = progress
    }

    /// Every extra header line sent, in order: ``headers``, then the ``requestTag``'s. Made when the
    /// transfer is set up and let go once sent or handed to libcurl.
    var headerLines: [String] {
        guard let requestTag else { return headers }
        return headers + [FaultPlan.requestTagHeaderName + ": " + requestTag]
    }
}

/// Where a download's body goes.
public enum DownloadDestination: Sendable, Hashable {
    /// Into memory, returned in the result.
    case memory
    /// Into a file, created or truncated when the transfer is admitted. A failed download leaves
    /// what it received in place.
    case file(path: String)
}

/// libcurl's stall detection: abort when the transfer stays below `bytesPerSecond` for `duration`
/// (CURLOPT_LOW_SPEED_LIMIT and CURLOPT_LOW_SPEED_TIME; libcurl counts whole seconds, averages the
/// body's speed over about 5 s and checks once a second, so it detects a stall up to about 5 s after
/// `duration`). At most 1 byte/s, on the transport's own plain-HTTP client, it is an idle timeout as
/// URLSession's `timeoutIntervalForRequest` is: no byte for `duration`, rounded up to whole seconds
/// (``PlainHTTPExchange``).
public struct LowSpeedLimit: Sendable, Hashable {
    public var bytesPerSecond: Int
    public var duration: DurationValue

    public init(bytesPerSecond: Int, duration: DurationValue) {
        self.bytesPerSecond = bytesPerSecond
        self.duration = duration
    }

    /// ``duration`` in whole seconds, rounded up, as both clients apply it (libcurl takes seconds).
    var wholeSeconds: UInt64 { (UInt64(max(duration.nanoseconds, 0)) + 999_999_999) / 1_000_000_000 }
}
