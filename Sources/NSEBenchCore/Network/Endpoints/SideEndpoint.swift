/// The calls an SDK's extension helper makes besides the media, which the media server answers too:
/// a receive receipt (OneSignal), a delivered metric (Customer.io), an avatar for a communication
/// notification. Each is served under a path of its own (``pathPrefix``) and may have network
/// conditions of its own (``EndpointConditions``), layered over the phone's network class.
///
/// ```swift
/// SideEndpoint(path: "/receipts")        // .receipts
/// SideEndpoint(path: "/avatars/64KB.png") // .avatars
/// SideEndpoint(path: "/media/1MB.jpg")    // nil: the media itself
/// ```
public enum SideEndpoint: String, Sendable, Hashable, CaseIterable, Codable, CodingKeyRepresentable,
    CustomStringConvertible
{
    /// A receive receipt, such as OneSignal's confirmed delivery.
    case receipts
    /// A delivered metric, such as Customer.io's.
    case metrics
    /// A sender's avatar for a communication notification: `/avatars/<size>.<ext>`, served as media.
    case avatars

    /// The path the endpoint is served under: `/receipts`, `/metrics`, `/avatars/`.
    public var pathPrefix: String {
        switch self {
        case .receipts: "/receipts"
        case .metrics: "/metrics"
        case .avatars: "/avatars/"
        }
    }

    /// The endpoint a request path belongs to; nil for any other path (the media's among them).
    /// `/receipts` and `/metrics` match with or without a further path (`/receipts/abc`).
    public init?(path: some StringProtocol) {
        for endpoint in Self.allCases {
            let prefix = endpoint.pathPrefix
            guard path.hasPrefix(prefix) else { continue }
            let rest = path.dropFirst(prefix.count)
            if endpoint == .avatars || rest.isEmpty || rest.hasPrefix("/") {
                self = endpoint
                return
            }
        }
        return nil
    }

    /// Whether the endpoint takes reports (`POST`, `PUT`, `PATCH`, `DELETE`, with a body): receipts
    /// and metrics do; avatars, like the media, are fetched with `GET` or `HEAD` only.
    public var acceptsReports: Bool { self != .avatars }

    /// The endpoint's name, as `--endpoint` takes it.
    public var description: String { rawValue }
}

/// One endpoint's network conditions (`--endpoint NAME:key=value,...`): the media's keys that a single
/// request may set (`ttfb`, `bandwidth` and the faults), over the phone's network class for that
/// endpoint's requests only.
///
/// ```swift
/// let slow = try EndpointConditions(parsing: "metrics:ttfb=lognormal:median=2s,p99=40s,status=503:5")
/// slow.endpoint                          // .metrics
/// slow.conditions.timeToFirstByte        // lognormal:median=2s,p99=40s
/// slow.description                       // "metrics:ttfb=lognormal:median=2s,p99=40s,status=503:5"
/// ```
public struct EndpointConditions: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint they apply to.
    public var endpoint: SideEndpoint
    /// The settings given, layered over the phone's network class.
    public var conditions: NetworkConditions
    /// The settings as given, for ``description``.
    private var storedSettings: [Setting]

    private struct Setting: Sendable, Hashable {
        let key: NetworkSettingKey
        let value: String
    }

    /// Reads `NAME:key=value,key=value`. A value may hold commas itself
    /// (`ttfb=lognormal:median=2s,p99=40s`, `status=503:5,500:1`): a comma starts a new setting only
    /// where a known key and `=` follow it. `NAME` alone sets nothing (the endpoint is served under
    /// the phone's own conditions).
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        let expected =
            "an endpoint and its settings, NAME:key=value,... such as metrics:ttfb=40s or "
            + "receipts:ttfb=lognormal:median=300ms,p99=3s,status=503:10, where NAME is one of "
            + SideEndpoint.allCases.map(\.rawValue).joined(separator: ", ") + " and the keys are "
            + NetworkSettingKey.allowed(in: .request).map(\.name).joined(separator: ", ")
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let endpoint = SideEndpoint(rawValue: String(parts[0]).lowercased()) else {
            throw ValueParseError(
                subject: "endpoint", input: text, expected: expected,
                reason: "\"\(parts[0])\" is not an endpoint nse-bench serves")
        }
        var settings: [Setting] = []
        if parts.count > 1 {
            for piece in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if pair.count == 2, let key = NetworkSettingKey(name: pair[0]) {
                    settings.append(Setting(key: key, value: String(pair[1])))
                } else if let last = settings.popLast() {
                    settings.append(Setting(key: last.key, value: last.value + "," + piece))
                } else {
                    throw ValueParseError(
                        subject: "endpoint", input: text, expected: expected,
                        reason: "\"\(piece)\" is not a key=value setting")
                }
            }
        }
        let conditions: NetworkConditions
        do {
            conditions = try NetworkConditions(settings: settings.map { ($0.key.name, $0.value) }, scope: .request)
        } catch {
            throw ValueParseError(subject: "endpoint", input: text, expected: expected, reason: error.description)
        }
        self.endpoint = endpoint
        self.conditions = conditions
        self.storedSettings = settings
    }

    /// `NAME:key=value,...`, which parses back.
    public var description: String {
        endpoint.rawValue
            + (storedSettings.isEmpty
                ? "" : ":" + storedSettings.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
    }
}
