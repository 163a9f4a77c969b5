import NSEBenchCore

/// What the server will do for one request, decided when its head arrives: the bytes, when the
/// first of them goes out, how fast the rest follow, and how the response ends.
struct ResponsePlan {
    /// What the body's bytes come from.
    enum Body {
        case none
        case synthetic(SyntheticMediaFile)
        case bytes([UInt8])

        var count: Int {
            switch self {
            case .none: 0
            case .synthetic(let file): file.size
            case .bytes(let bytes): bytes.count
            }
        }
    }

    /// How the response ends once `stopOffset` body bytes have gone out.
    enum Ending: Equatable {
        /// The whole response was sent; keep the connection for the next request or close it,
        /// after `closeDelay` nanoseconds when a slow close was drawn.
        case complete(keepAlive: Bool, closeDelay: UInt64?)
        /// Close with a TCP RST (reset before the response when `stopOffset` is 0 and no head is sent).
        case reset
        /// Close with a FIN although the Content-Length announced more.
        case truncate
        /// Stop sending; go on after `duration` nanoseconds (nil: never), then end as `thenClose`.
        case stall(duration: UInt64?, closeDelay: UInt64?)
    }

    var head: [UInt8]
    var body: Body
    /// Whether the head is sent at all (false for a reset before the response).
    var sendsHead: Bool
    /// How many body bytes go out before the ending applies (the full length, or a fault's offset).
    var stopOffset: Int
    /// Nanoseconds from the complete request head to the first response byte.
    var firstByteDelay: UInt64
    /// Per-connection bandwidth for this response.
    var bandwidth: ByteRate
    var ending: Ending
    /// The fault that decided this plan, for the statistics.
    var fault: FaultDecision.Kind
    /// Whether the connection may serve another request afterwards.
    var keepAlive: Bool
    /// What the CDN's cache found for the request (``MediaServerConfiguration/originCache``): a miss
    /// holds the response until its origin fetch ends, before `firstByteDelay` starts; nil when no
    /// cache is modelled or the request is not for media.
    var cacheLookup: OriginCache<CacheKey>.Lookup? = nil
}
