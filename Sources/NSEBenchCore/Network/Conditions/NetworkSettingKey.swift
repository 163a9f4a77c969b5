/// One network setting of ``NetworkConditions``: the key of a profile's field, a command-line flag
/// (`--ttfb`) and a request's query parameter (`?ttfb=2s`).
///
/// Every name a setting has derives from ``name`` here, and nowhere else: the flag, the query
/// parameter, the `key=value` word of ``NetworkConditions/description`` (and so of every file that
/// names a network). The faults' names are ``FaultKind``'s.
///
/// ```swift
/// NetworkSettingKey.linkBandwidth.name          // "link-bandwidth"
/// NetworkSettingKey(name: "reset-during")       // .fault(.resetDuring)
/// NetworkSettingKey.allowed(in: .request)       // every key but link-bandwidth, connect-delay, fail-first
/// ```
public enum NetworkSettingKey: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Time to first byte (`ttfb`): ``NetworkConditions/timeToFirstByte``.
    case timeToFirstByte
    /// The delay before a new connection is served (`connect-delay`): ``NetworkConditions/connectDelay``.
    case connectDelay
    /// Each connection's rate limit (`bandwidth`): ``NetworkConditions/bandwidth``.
    case bandwidth
    /// The rate limit every connection shares (`link-bandwidth`): ``NetworkConditions/linkBandwidth``.
    case linkBandwidth
    /// The redirects before the media (`redirects`): ``NetworkConditions/redirects``.
    case redirects
    /// One injected fault, named as ``FaultKind`` names it (`status`, `reset-before`, ...).
    case fault(FaultKind)

    /// Every key, in the order settings are listed, read and written: the delays, the bandwidths, the
    /// redirects, then the faults in ``FaultKind/allCases`` order.
    public static let allCases: [NetworkSettingKey] =
        [.timeToFirstByte, .connectDelay, .bandwidth, .linkBandwidth, .redirects] + FaultKind.allCases.map(Self.fault)

    /// The keys a setting from `scope` may use, in ``allCases`` order.
    ///
    /// ```swift
    /// NetworkSettingKey.allowed(in: .request).contains(.linkBandwidth)  // false
    /// ```
    public static func allowed(in scope: SettingScope) -> [NetworkSettingKey] {
        scope == .server ? allCases : allCases.filter { $0.serverOnlyReason == nil }
    }

    private static let byName: [String: NetworkSettingKey] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// The key named `name` in a flag, a query or a profile; nil for a name no setting has.
    public init?(name: some StringProtocol) {
        guard let key = Self.byName[String(name)] else { return nil }
        self = key
    }

    /// The name in flags, query parameters and files: `ttfb`, `link-bandwidth`, `reset-before`.
    public var name: String {
        switch self {
        case .timeToFirstByte: "ttfb"
        case .connectDelay: "connect-delay"
        case .bandwidth: "bandwidth"
        case .linkBandwidth: "link-bandwidth"
        case .redirects: "redirects"
        case .fault(let kind): kind.rawValue
        }
    }

    public var description: String { name }

    /// Why this setting cannot be set per request (a query parameter), nil when it can.
    public var serverOnlyReason: String? {
        switch self {
        case .linkBandwidth:
            "it is one limit shared by every connection; set it with --\(name) or a network profile"
        case .fault(.failFirst):
            "it counts requests across the whole server; set it with --\(name) or a network profile"
        case .connectDelay:
            "it delays a new connection, which exists before any request on it is read; set it with "
                + "--\(name) or a network profile"
        case .timeToFirstByte, .bandwidth, .redirects, .fault: nil
        }
    }
}
