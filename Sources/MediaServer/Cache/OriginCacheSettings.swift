public import NSEBenchCore

/// A cold CDN cache in front of the media's origin (`--origin-fetch`, `--coalesce`): the first
/// requests for a URL wait for an origin fetch before their first byte, later ones are cache hits.
public struct OriginCacheSettings: Sendable, Equatable, Codable {
    /// How long one origin fetch takes, with every `file:` distribution already resolved.
    public var fetch: LatencyDistribution
    /// Whether concurrent misses for one URL wait for one origin fetch (a CDN's request coalescing)
    /// rather than each going to the origin.
    public var coalesces: Bool

    public init(fetch: LatencyDistribution, coalesces: Bool = true) {
        self.fetch = fetch
        self.coalesces = coalesces
    }

    /// The same settings with the fetch's times multiplied by `factor` (`--time-scale`).
    public func scaled(by factor: Double) -> OriginCacheSettings {
        OriginCacheSettings(fetch: fetch.scaled(by: factor), coalesces: coalesces)
    }
}
