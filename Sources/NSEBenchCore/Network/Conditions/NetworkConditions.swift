/// The network a media request meets: delays, bandwidth and faults, as the media server applies them.
///
/// Every setting is optional, nil meaning "not set at this layer", so that the layers combine with
/// ``merged(overriding:)``: a network profile, overridden by command-line flags, overridden by the
/// request's query parameters. The `effective…` properties give what applies once nothing else will.
///
/// ```swift
/// let profile = try NetworkProfile.named("lte").conditions
/// let flags = try NetworkConditions(settings: [("bandwidth", "2MB/s")], scope: .server)
/// let query = try NetworkConditions(queryItems: [("ttfb", "3s"), ("type", "jpeg")], ignoring: ["type"])
/// let effective = profile.merged(overriding: flags).merged(overriding: query)
/// effective.effectiveTimeToFirstByte  // .fixed(3s): the request's own setting wins
/// ```
public struct NetworkConditions: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Delay between the request and the first byte of the response (`ttfb`).
    public var timeToFirstByte: LatencyDistribution?
    /// Delay before an accepted connection is served, standing in for TCP and TLS handshakes
    /// (`connect-delay`); drawn once per connection.
    public var connectDelay: LatencyDistribution?
    /// Rate limit of each connection (`bandwidth`).
    public var bandwidth: ByteRate?
    /// Rate limit shared by all connections together, like the server's uplink (`link-bandwidth`); a
    /// server setting only, never per request.
    public var linkBandwidth: ByteRate?
    /// How many times the server answers a media request with `302 Found` before the media, each to the
    /// same URL with one fewer to go (`redirects`, 0 to ``maximumRedirects``): a link wrapper or a CDN's
    /// hop in front of the file. Each redirect is a request of its own, answered after the first-byte
    /// delay, and never faulted; the media is served as ever once none is left.
    public var redirects: Int?
    /// Faults injected per request.
    public var faults: FaultPlan

    /// Conditions with the given settings; every one left out is unset.
    ///
    /// ```swift
    /// let slow = NetworkConditions(timeToFirstByte: .fixed(.seconds(2)), bandwidth: ByteRate(bytesPerSecond: 50_000))
    /// ```
    public init(
        timeToFirstByte: LatencyDistribution? = nil, connectDelay: LatencyDistribution? = nil,
        bandwidth: ByteRate? = nil, linkBandwidth: ByteRate? = nil, redirects: Int? = nil, faults: FaultPlan = .none
    ) {
        self.timeToFirstByte = timeToFirstByte
        self.connectDelay = connectDelay
        self.bandwidth = bandwidth
        self.linkBandwidth = linkBandwidth
        self.redirects = redirects
        self.faults = faults
    }

    /// The most redirects a setting may ask for: 16, the most a phone's URLSession follows (Apple's
    /// documented threshold for `URLError.httpTooManyRedirects`); one more would only fail every request.
    public static let maximumRedirects = 16

    /// Nothing set: no delay, no limit, no fault.
    public static let unconstrained = NetworkConditions()

    /// The time to first byte that applies: the one set, or no delay.
    public var effectiveTimeToFirstByte: LatencyDistribution { timeToFirstByte ?? .fixed(.zero) }
    /// The connect delay that applies: the one set, or no delay.
    public var effectiveConnectDelay: LatencyDistribution { connectDelay ?? .fixed(.zero) }
    /// The per-connection rate that applies: the one set, or unlimited.
    public var effectiveBandwidth: ByteRate { bandwidth ?? .unlimited }
    /// The shared link rate that applies: the one set, or unlimited.
    public var effectiveLinkBandwidth: ByteRate { linkBandwidth ?? .unlimited }

    /// These conditions with every setting that `other` sets replaced by `other`'s, fault by fault
    /// (see ``FaultPlan/merged(overriding:)``). Layers stack from the least to the most specific:
    /// `profile.merged(overriding: flags).merged(overriding: query)`.
    ///
    /// ```swift
    /// let base = NetworkConditions(bandwidth: .unlimited, faults: try FaultPlan(parsing: "truncate:1"))
    /// let request = NetworkConditions(bandwidth: ByteRate(bytesPerSecond: 1_000))
    /// base.merged(overriding: request).description  // "bandwidth=1KB/s truncate=1"
    /// ```
    public func merged(overriding other: NetworkConditions) -> NetworkConditions {
        NetworkConditions(
            timeToFirstByte: other.timeToFirstByte ?? timeToFirstByte, connectDelay: other.connectDelay ?? connectDelay,
            bandwidth: other.bandwidth ?? bandwidth, linkBandwidth: other.linkBandwidth ?? linkBandwidth,
            redirects: other.redirects ?? redirects, faults: faults.merged(overriding: other.faults))
    }

    /// Replaces every setting that `other` sets with `other`'s; see ``merged(overriding:)``.
    ///
    /// ```swift
    /// var conditions = NetworkProfile.wifi.conditions
    /// conditions.merge(overriding: flags)
    /// ```
    public mutating func merge(overriding other: NetworkConditions) {
        self = merged(overriding: other)
    }

    /// The settings in force at this layer as `(key, value)` pairs, in ``NetworkSettingKey/allCases``
    /// order; ``init(settings:scope:ignoring:)`` reads them back by the keys' names.
    ///
    /// ```swift
    /// NetworkConditions(bandwidth: .unlimited).settings  // [(.bandwidth, "unlimited")]
    /// ```
    public var settings: [(key: NetworkSettingKey, value: String)] {
        NetworkSettingKey.allCases.compactMap { key in settingValue(for: key).map { (key, $0) } }
    }

    /// The value `key` has at this layer, as its setting's text; nil when it is not set.
    public func settingValue(for key: NetworkSettingKey) -> String? {
        switch key {
        case .timeToFirstByte: timeToFirstByte?.description
        case .connectDelay: connectDelay?.description
        case .bandwidth: bandwidth?.description
        case .linkBandwidth: linkBandwidth?.description
        case .redirects: redirects?.description
        case .fault(let kind): faults.settingValue(for: kind)
        }
    }

    /// The settings as `key=value` words, such as `ttfb=200ms bandwidth=1MB/s status=503:2`, or
    /// `unconstrained` when nothing is set; for reports and logs.
    public var description: String {
        let pairs = settings
        return pairs.isEmpty ? "unconstrained" : pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
}

extension NetworkConditions {
    /// The paths of `file:` distributions still to be read, in setting order.
    ///
    /// ```swift
    /// try NetworkConditions(settings: [("ttfb", "file:ttfb.txt")], scope: .server).unresolvedPaths  // ["ttfb.txt"]
    /// ```
    public var unresolvedPaths: [String] {
        [timeToFirstByte, connectDelay].compactMap { $0?.unresolvedPath }
    }

    /// These conditions with each `file:` distribution replaced by what `resolve` returns for its
    /// setting (``NetworkSettingKey/timeToFirstByte`` or ``NetworkSettingKey/connectDelay``, so an
    /// error can name the right flag) and path, typically
    /// `.empirical(parsingLines:)` over the file's lines; `resolve`'s error passes through.
    ///
    /// The system layer calls this once before a run, since this module reads no files:
    ///
    /// ```swift
    /// let ready = try conditions.resolvingFiles { setting, path in
    ///     try LatencyDistribution.empirical(parsingLines: readLines(path))  // readLines: the system layer's
    /// }
    /// ```
    public func resolvingFiles<Failure: Error>(
        _ resolve: (_ setting: NetworkSettingKey, _ path: String) throws(Failure) -> LatencyDistribution
    ) throws(Failure) -> NetworkConditions {
        var resolved = self
        if let path = timeToFirstByte?.unresolvedPath { resolved.timeToFirstByte = try resolve(.timeToFirstByte, path) }
        if let path = connectDelay?.unresolvedPath { resolved.connectDelay = try resolve(.connectDelay, path) }
        return resolved
    }
}
