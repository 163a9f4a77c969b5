/// When each phase of one download happened, as absolute ``MonotonicClock`` nanoseconds: the
/// transport's own account of a transfer, from the call to the result.
///
/// Why it exists: it is the one form of a transfer's instants in the system layer. libcurl's read-out
/// (``CurlTimings``, offsets from a start libcurl does not report) is made absolute here once, in
/// ``applyCurlOffsets(_:observedCompletion:)``, and joined to what only the transport knows (when it was
/// asked, when a slot was free, when it handed the result back). The runtime copies what its phases
/// need into its own `MediaDownloadTimings`, so nothing above this layer reads libcurl's offsets.
///
/// - ``enqueued``: ``CurlTransport/download(_:)`` was called.
/// - ``admitted``: a transfer slot was granted and the transfer handed to libcurl; ``queued`` is the
///   wait between the two, which is never counted against the request's timeouts.
/// - The libcurl phases (``nameLookup`` ... ``completed``) are libcurl's own offsets
///   (CURLINFO_*_TIME_T, microseconds from its start of the transfer) made absolute. libcurl reads
///   the same CLOCK_MONOTONIC but does not say when it started (7.88 has no CURLINFO_QUEUE_TIME_T),
///   so its start is taken as the instant the loop saw the transfer complete minus libcurl's TOTAL
///   time, clamped to no earlier than ``admitted``. That is exact to within one
///   `curl_multi_socket_action` call, where anchoring at admission would be off by however long the
///   loop took to start a burst of transfers (tens of ms for 10,000). Nil for a phase libcurl did not
///   reach, and for every libcurl phase of a cancelled transfer (libcurl stops its clock only for
///   transfers it finishes).
///   A transfer on the transport's own plain-HTTP client (``PlainHTTPExchange``) has its instants
///   stamped on the clock as they happen; its start is its admission.
/// - ``finished``: the result was handed back.
public struct DownloadTimings: Sendable, Equatable {
    public var enqueued: UInt64
    public var admitted: UInt64?
    public var nameLookup: UInt64?
    public var connected: UInt64?
    /// The TLS handshake completed; nil for plain HTTP.
    public var tlsConnected: UInt64?
    /// The first response byte arrived (libcurl's STARTTRANSFER).
    public var firstByte: UInt64?
    /// libcurl finished the transfer (its TOTAL).
    public var completed: UInt64?
    public var finished: UInt64
    /// Where libcurl's clock started, as anchored (see the type's documentation): its offsets are the
    /// instants above less this. Nil when libcurl did not finish the transfer.
    public var curlStarted: UInt64?

    public init(
        enqueued: UInt64, admitted: UInt64? = nil, nameLookup: UInt64? = nil, connected: UInt64? = nil,
        tlsConnected: UInt64? = nil, firstByte: UInt64? = nil, completed: UInt64? = nil, finished: UInt64,
        curlStarted: UInt64? = nil
    ) {
        self.enqueued = enqueued
        self.admitted = admitted
        self.nameLookup = nameLookup
        self.connected = connected
        self.tlsConnected = tlsConnected
        self.firstByte = firstByte
        self.completed = completed
        self.finished = finished
        self.curlStarted = curlStarted
    }

    /// Nanoseconds spent waiting for a transfer slot (admitted − enqueued); nil if never admitted.
    public var queued: UInt64? { admitted.map { $0 &- enqueued } }

    /// Nanoseconds from admission to the first response byte; nil if none arrived.
    public var timeToFirstByte: UInt64? {
        guard let admitted, let firstByte else { return nil }
        return firstByte &- admitted
    }

    /// Makes libcurl's offsets absolute, anchoring its start at `observedCompletion` minus its TOTAL
    /// time (see the type's documentation). Offsets of 0 or less (not reached) become nil.
    mutating func applyCurlOffsets(_ offsets: CurlTimings, observedCompletion: UInt64) {
        let total = UInt64(max(offsets.total, 0)) * 1_000
        var start = observedCompletion > total ? observedCompletion - total : 0
        if let admitted { start = max(start, admitted) }
        curlStarted = start
        func absolute(_ microseconds: Int64) -> UInt64? {
            microseconds > 0 ? start + UInt64(microseconds) * 1_000 : nil
        }
        nameLookup = absolute(offsets.nameLookup)
        connected = absolute(offsets.connect)
        tlsConnected = absolute(offsets.tlsHandshake)
        firstByte = absolute(offsets.firstByte)
        completed = absolute(offsets.total)
    }
}
