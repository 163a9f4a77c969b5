/// A CDN's cache in front of an origin, as a pure timing model: the first request for a key waits
/// for an origin fetch, later ones are served from the cache once that fetch is over.
///
/// One run is one cold start: the cache begins empty and never evicts. Time is plain nanoseconds
/// passed in by the caller, so a test drives it with values:
///
/// ```swift
/// var cache = OriginCache<String>(coalesces: true)
/// cache.lookup("/media/1MB.jpg", now: 0) { 2_000 }      // .originFetch(readyAt: 2_000)
/// cache.lookup("/media/1MB.jpg", now: 500) { 2_000 }    // .coalesced(readyAt: 2_000)
/// cache.lookup("/media/1MB.jpg", now: 2_000) { 2_000 }  // .hit
/// ```
///
/// With coalescing (as CDNs do by default) a miss while the object is being fetched waits for that
/// same fetch. Without it every such miss goes to the origin itself and waits for its own fetch; the
/// object is cached from the moment the first of those fetches ends.
struct OriginCache<Key: Hashable> {
    /// What a request found.
    enum Lookup: Equatable {
        /// The object was cached: served at once.
        case hit
        /// A miss that went to the origin; the response waits until `readyAt`.
        case originFetch(readyAt: UInt64)
        /// A miss that waits for another request's fetch, due at `readyAt`.
        case coalesced(readyAt: UInt64)

        /// When the response may start; nil for a hit.
        var readyAt: UInt64? {
            switch self {
            case .hit: nil
            case .originFetch(let readyAt), .coalesced(let readyAt): readyAt
            }
        }
    }

    /// Whether concurrent misses for one key share one origin fetch.
    let coalesces: Bool
    /// When each key is (or will be) in the cache: the end of its earliest origin fetch.
    private var cachedAt: [Key: UInt64] = [:]

    init(coalesces: Bool) {
        self.coalesces = coalesces
    }

    /// Looks `key` up at `now`; `fetchDuration` is asked for a fetch's nanoseconds only when the
    /// request goes to the origin.
    mutating func lookup(_ key: Key, now: UInt64, fetchDuration: () -> UInt64) -> Lookup {
        if let ready = cachedAt[key] {
            if ready <= now {
                return .hit
            }
            if coalesces {
                return .coalesced(readyAt: ready)
            }
        }
        let readyAt = now &+ fetchDuration()
        cachedAt[key] = min(cachedAt[key] ?? readyAt, readyAt)
        return .originFetch(readyAt: readyAt)
    }
}

/// How many requests a cache sent to the origin, coalesced onto another's fetch, or served from cache.
public struct OriginCacheCounts: Sendable, Equatable, Codable {
    /// Requests that went to the origin.
    public var originFetches = 0
    /// Misses that waited for another request's origin fetch.
    public var coalesced = 0
    /// Requests served from the cache.
    public var hits = 0

    public init(originFetches: Int = 0, coalesced: Int = 0, hits: Int = 0) {
        self.originFetches = originFetches
        self.coalesced = coalesced
        self.hits = hits
    }
}
