/// Where a network setting comes from, which decides the keys it may use.
public enum SettingScope: Sendable, Hashable {
    /// A profile or the command line: every key, shared ones included.
    case server
    /// One request's query parameters: no `link-bandwidth` (one limit shared by every connection) and no
    /// `fail-first` (it counts requests across the whole server).
    case request
}

extension NetworkConditions {
    /// Reads a list of settings, such as a request's query items or a profile's fields, into conditions.
    ///
    /// Each key may appear once. A key in `ignoring` belongs to another part of the server (a media
    /// `type`, a `size`) and is skipped; any other unknown key is an error naming it, as is a key `scope`
    /// does not allow.
    ///
    /// | key | value |
    /// |---|---|
    /// | `ttfb`, `connect-delay` | a ``LatencyDistribution``: `200ms`, `lognormal:median=300ms,p99=3s`, … |
    /// | `bandwidth`, `link-bandwidth` | a ``ByteRate``: `1MB/s`, `8Mbit/s`, `unlimited` |
    /// | `redirects` | a whole number of redirects before the media, 0 to 16 |
    /// | `status`, `reset-before`, `reset-during`, `stall`, `truncate`, `slow-close`, `fail-first` | ``FaultKind`` |
    ///
    /// ```swift
    /// let conditions = try NetworkConditions(
    ///     settings: [("ttfb", "uniform:100ms..300ms"), ("status", "503:2")], scope: .server)
    /// ```
    public init(
        settings: some Sequence<(String, String)>, scope: SettingScope, ignoring ignoredKeys: Set<String> = []
    ) throws(NetworkSettingError) {
        self.init()
        var seen: Set<NetworkSettingKey> = []
        for (name, value) in settings {
            if ignoredKeys.contains(name) { continue }
            guard let key = NetworkSettingKey(name: name) else {
                throw .unknownKey(
                    name, validKeys: NetworkSettingKey.allowed(in: scope).map(\.name) + ignoredKeys.sorted())
            }
            guard seen.insert(key).inserted else { throw .duplicateKey(key) }
            try set(key, value: value, scope: scope)
        }
    }

    /// Reads a request's URL query items, the last and most specific layer: shorthand for
    /// `init(settings: items, scope: .request, ignoring: ignoredKeys)`.
    ///
    /// ```swift
    /// // GET /media/cat.jpg?type=jpeg&ttfb=2s&reset-during=50
    /// let perRequest = try NetworkConditions(
    ///     queryItems: [("type", "jpeg"), ("ttfb", "2s"), ("reset-during", "50")], ignoring: ["type", "content-type"])
    /// ```
    public init(queryItems: some Sequence<(String, String)>, ignoring ignoredKeys: Set<String> = [])
        throws(NetworkSettingError)
    {
        try self.init(settings: queryItems, scope: .request, ignoring: ignoredKeys)
    }

    /// Sets one setting, such as a command-line flag's value (`--ttfb 200ms` is
    /// `set(.timeToFirstByte, value: "200ms", scope: .server)`), replacing what this layer had for it.
    ///
    /// ```swift
    /// var flags = NetworkConditions()
    /// try flags.set(.linkBandwidth, value: "100Mbit/s", scope: .server)
    /// try flags.set(.linkBandwidth, value: "1MB/s", scope: .request)  // throws .notPerRequest
    /// ```
    public mutating func set(_ key: NetworkSettingKey, value: String, scope: SettingScope)
        throws(NetworkSettingError)
    {
        if scope == .request, let reason = key.serverOnlyReason {
            throw .notPerRequest(key, reason: reason)
        }
        // The value through `parse`; a value it refuses is an error naming the key.
        func parsed<Value>(_ parse: () throws(ValueParseError) -> Value) throws(NetworkSettingError) -> Value {
            do {
                return try parse()
            } catch {
                throw .invalidValue(key: key, error: error)
            }
        }
        // A request may not make the server open a file: `file:PATH` is read when the server starts,
        // and an unread one would be a silent zero delay.
        func latency() throws(NetworkSettingError) -> LatencyDistribution {
            let distribution = try parsed { () throws(ValueParseError) in try LatencyDistribution(parsing: value) }
            if scope == .request, case .file(let path) = distribution { throw .fileNotPerRequest(key, path: path) }
            return distribution
        }
        switch key {
        case .timeToFirstByte: timeToFirstByte = try latency()
        case .connectDelay: connectDelay = try latency()
        case .bandwidth: bandwidth = try parsed { () throws(ValueParseError) in try ByteRate(parsing: value) }
        case .linkBandwidth: linkBandwidth = try parsed { () throws(ValueParseError) in try ByteRate(parsing: value) }
        case .redirects:
            redirects = try parsed { () throws(ValueParseError) in
                guard let count = Int(value), (0...Self.maximumRedirects).contains(count) else {
                    throw ValueParseError(
                        subject: "redirect count", input: value,
                        expected:
                            "a whole number from 0 to \(Self.maximumRedirects) (a phone follows at most that many)")
                }
                return count
            }
        case .fault(let kind): try parsed { () throws(ValueParseError) in try faults.set(kind, value: value) }
        }
    }
}

/// Why a network setting (a query parameter, a flag, a profile field) was refused.
///
/// ```swift
/// do {
///     _ = try NetworkConditions(queryItems: [("link-bandwidth", "1MB/s")])
/// } catch {
///     print(error)  // "link-bandwidth" cannot be set per request: it is one limit shared by every connection; ...
/// }
/// ```
public enum NetworkSettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key is neither a network setting nor one the caller asked to ignore; carries the keys accepted.
    case unknownKey(String, validKeys: [String])
    /// The key is a server setting that a single request may not change.
    case notPerRequest(NetworkSettingKey, reason: String)
    /// The key appears more than once.
    case duplicateKey(NetworkSettingKey)
    /// The value did not parse.
    case invalidValue(key: NetworkSettingKey, error: ValueParseError)
    /// A request (a query parameter) named a latency file, which only the server's own settings may:
    /// a request must not open files on the server.
    case fileNotPerRequest(NetworkSettingKey, path: String)

    /// The message for the user, naming the key.
    public var description: String {
        switch self {
        case .unknownKey(let key, let validKeys):
            "unknown network setting \"\(key)\": expected one of \(validKeys.joined(separator: ", "))"
        case .notPerRequest(let key, let reason): "\"\(key)\" cannot be set per request: \(reason)"
        case .duplicateKey(let key): "\"\(key)\" is given more than once; give each setting once"
        case .invalidValue(let key, let error): "setting \"\(key)\": \(error)"
        case .fileNotPerRequest(let key, let path):
            "setting \"\(key)\": file:\(path) names a file on the server, which a request may not open; "
                + "give the latency itself (\(key)=200ms, \(key)=lognormal:median=300ms,p99=3s) or start the "
                + "server with --\(key) file:PATH"
        }
    }
}
