import NSEBenchCore

/// The media server's CDN: one cold cache in front of the origin, shared by every network class's
/// core (all run on the server's one loop thread, which alone touches it), with the origin's fetch
/// times drawn from their own seeded stream.
final class OriginTier {
    private var cache: OriginCache<CacheKey>
    private let fetch: LatencyDistribution
    private let root: Xoshiro256StarStar
    /// Origin fetches drawn so far: the stream of the next one.
    private var fetchCount: UInt64 = 0

    init(settings: OriginCacheSettings, seed: UInt64) {
        cache = OriginCache(coalesces: settings.coalesces)
        fetch = settings.fetch
        // Apart from the planner's streams (request indices, and connections above 1 << 63).
        root = Xoshiro256StarStar(seed: seed).fork(stream: 0x0C_D0_C0DE)
    }

    /// Looks `key` up at `now`, drawing an origin fetch's duration when the request goes to the origin.
    func lookup(_ key: CacheKey, now: UInt64) -> OriginCache<CacheKey>.Lookup {
        cache.lookup(key, now: now) {
            fetchCount += 1
            var generator = root.fork(stream: fetchCount)
            return UInt64(max(0, fetch.sample(using: &generator)))
        }
    }
}
