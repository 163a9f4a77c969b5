public import NSEBenchCore
public import NSEBenchSystem

/// Everything a ``MediaServer`` needs to start. Network conditions here are the server-wide layer
/// (profile plus flags); a request's query parameters override them for that request.
public struct MediaServerConfiguration: Sendable {
    /// The address to listen on; port 0 lets the kernel choose.
    public var address: IPv4Address
    /// Server-wide network conditions, with every `file:` distribution already resolved.
    public var conditions: NetworkConditions
    /// Seeds every random draw (latency samples, faults), so a run repeats.
    public var seed: UInt64
    /// Serve HTTPS with this context; nil for plain HTTP.
    public var tls: TLSServerContext?
    /// Files under this directory are served at `/files/<relative path>`, never outside it.
    public var mediaDirectory: String?
    /// A connection with no request in progress, or a request head that has not completed, is closed
    /// after this long (a slow-loris or half-open client cannot hold a connection longer).
    public var idleTimeout: DurationValue
    /// listen(2) backlog; at least 4096 so a broadcast burst of connects does not overflow it.
    public var backlog: Int32
    /// Limits on request heads.
    public var parserLimits: HTTPParserLimits
    /// How long ``MediaServer/shutdown(grace:)`` lets responses in flight finish by default.
    public var shutdownGrace: DurationValue
    /// Where to note the faults injected into tagged requests whose responses cannot name them (a
    /// reset before the response); nil for nowhere.
    public var faultLog: InjectedFaultLog?
    /// More network classes, each served on a port of its own (chosen by the kernel, on the same
    /// host) under its own conditions, so that one server stands for a population of phones' networks
    /// (``NSEBenchCore/NetworkMix``): a connection's conditions are those of the port it came in on,
    /// its connect delay included. `address` and `conditions` are the first class.
    public var additionalClasses: [ServedNetworkClass] = []
    /// A cold CDN cache in front of the media (`--origin-fetch`, `--coalesce`), shared by every class:
    /// a request that misses waits for an origin fetch before its first byte. Nil serves every request
    /// as a cache hit would, and counts none.
    public var originCache: OriginCacheSettings? = nil
    /// The side endpoints' own conditions (`--endpoint`), each layered over a class's conditions for
    /// that endpoint's requests (``NSEBenchCore/SideEndpoint``); an endpoint not here is served under
    /// the class's conditions alone.
    public var endpoints: [SideEndpoint: NetworkConditions] = [:]

    public init(
        address: IPv4Address, conditions: NetworkConditions = .unconstrained, seed: UInt64 = 1,
        tls: TLSServerContext? = nil, mediaDirectory: String? = nil, idleTimeout: DurationValue = .seconds(30),
        backlog: Int32 = 4096, parserLimits: HTTPParserLimits = HTTPParserLimits(),
        shutdownGrace: DurationValue = .seconds(2)
    ) {
        self.address = address
        self.conditions = conditions
        self.seed = seed
        self.tls = tls
        self.mediaDirectory = mediaDirectory
        self.idleTimeout = idleTimeout
        self.backlog = backlog
        self.parserLimits = parserLimits
        self.shutdownGrace = shutdownGrace
    }
}

/// A network class a ``MediaServer`` serves on a port of its own.
public struct ServedNetworkClass: Sendable, Equatable, Codable {
    /// The class's name, such as `lte`.
    public var name: String
    /// Its conditions, with every `file:` distribution already resolved.
    public var conditions: NetworkConditions

    public init(name: String, conditions: NetworkConditions) {
        self.name = name
        self.conditions = conditions
    }
}
