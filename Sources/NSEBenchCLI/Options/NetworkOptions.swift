public import NSEBenchCore
import NSEBenchSystem

/// The network-condition flags shared by `serve` and `run`: a profile, then flags that override it.
///
/// Each flag is the same setting a request can carry as a query parameter (`?ttfb=2s`), so the three
/// layers — profile, command line, request — use one vocabulary.
public enum NetworkOptions {
    /// `--profile NAME|MIX`; each command has its own default (``mix(from:defaultProfile:)``).
    public static let profile: Option<String?> = .value(
        "profile", valueName: "NAME|MIX",
        help: "Network preset: \(NetworkProfile.allNames.joined(separator: ", ")); or phones (a population: "
            + "wifi 55%, 5g 15%, lte 24%, 3g 4%, lossy 2%, from Opensignal's shares); or presets with weights, "
            + "such as wifi:60,lte:30,3g:8,edge:2, one drawn per invocation from the seed. Flags below "
            + "override every class.")

    /// `--ttfb`, `--connect-delay`, ...: one option a network setting, named by its key, in key order.
    /// Each is read into ``NetworkConditions`` by its key (``mix(from:defaultProfile:)``).
    static let settings: [(key: NetworkSettingKey, option: Option<String?>)] = NetworkSettingKey.allCases.map {
        key in (key, .value(key.name, valueName: key.valueName, help: key.help))
    }

    /// The declarations, in `--help` order: the profile, then the settings.
    public static let declarations: [OptionDeclaration] =
        [profile.declaration] + settings.map(\.option.declaration)

    /// The `--profile` mix (`defaultProfile` when not given) with every given flag applied on top of
    /// each class, and every `file:` distribution read.
    public static func mix(from arguments: ParsedArguments, defaultProfile: String) throws(UsageError) -> NetworkMix {
        let text = try arguments[profile] ?? defaultProfile
        let mix: NetworkMix
        do {
            mix = try NetworkMix(parsing: text)
        } catch {
            throw .invalidValue(
                option: profile.name, value: text, expected: error.expected + (error.reason.map { " (\($0))" } ?? ""))
        }
        var flags = NetworkConditions()
        for (key, option) in settings {
            guard let value = try arguments[option] else { continue }
            do {
                try flags.set(key, value: value, scope: .server)
            } catch {
                throw .invalidValue(option: option.name, value: value, expected: expectedForm(error))
            }
        }
        return try mix.overriding(flags).mapConditions { (conditions) throws(UsageError) in
            try resolveFiles(in: conditions)
        }
    }

    /// Reads every `file:PATH` latency distribution; a missing or malformed file is a usage error
    /// naming the flag, the file and the line.
    static func resolveFiles(in conditions: NetworkConditions) throws(UsageError) -> NetworkConditions {
        try conditions.resolvingFiles { (setting, path) throws(UsageError) in try readLatencyFile(setting.name, path) }
    }

    /// A latency distribution in every form `--ttfb` takes, its `file:PATH` read: the parser of every
    /// option that takes one (`--cold-start`, `--wake-jitter`, `--origin-fetch`).
    static let latency = OptionParser<LatencyDistribution> { (text, option) throws(UsageError) in
        try distribution(text, option: option)
    }

    /// The latency distribution `text` given to `option` (every form `--ttfb` takes), its `file:PATH`
    /// read; a bad form or file is a usage error naming `option`.
    static func distribution(_ text: String, option: String) throws(UsageError) -> LatencyDistribution {
        let distribution: LatencyDistribution
        do {
            distribution = try LatencyDistribution(parsing: text)
        } catch {
            throw .invalidValue(option: option, value: text, expected: error.expected)
        }
        return try resolveFile(distribution, option: option)
    }

    /// `distribution` with its `file:PATH` read (any other form as it is); a missing or malformed
    /// file is a usage error naming `option`, the file and the line.
    static func resolveFile(_ distribution: LatencyDistribution, option: String) throws(UsageError)
        -> LatencyDistribution
    {
        guard let path = distribution.unresolvedPath else { return distribution }
        return try readLatencyFile(option, path)
    }

    /// The samples of a `file:PATH` distribution given to `option`; a missing or malformed file is a
    /// usage error naming the flag, the file and the line.
    private static func readLatencyFile(_ option: String, _ path: String) throws(UsageError) -> LatencyDistribution {
        let text: String
        do {
            text = try TextFile.read(path)
        } catch {
            throw .invalidValue(option: option, value: "file:" + path, expected: "a readable file (\(error))")
        }
        do {
            return try LatencyDistribution.empirical(parsingLines: text.split(separator: "\n"))
        } catch {
            throw .invalidValue(option: option, value: "file:" + path, expected: "\(error)")
        }
    }

    private static func expectedForm(_ error: NetworkSettingError) -> String {
        if case .invalidValue(_, let parseError) = error { return parseError.expected }
        return error.description
    }
}

extension NetworkSettingKey {
    /// The placeholder of the setting's value in `--help`.
    fileprivate var valueName: String {
        switch self {
        case .timeToFirstByte, .connectDelay: "DIST"
        case .bandwidth, .linkBandwidth: "RATE"
        case .redirects: "N"
        case .fault(.status): "MIX"
        case .fault(.stall): "SPEC"
        case .fault(.slowClose): "DELAY:PCT"
        case .fault(.failFirst): "N[:CODE]"
        case .fault: "PCT"
        }
    }

    /// The setting's line in `--help`.
    fileprivate var help: String {
        switch self {
        case .timeToFirstByte:
            "Time to first byte: 200ms, uniform:100ms..300ms, normal:200ms,50ms, "
                + "lognormal:median=300ms,p99=3s, pareto:scale=100ms,shape=1.5[,cap=30s] or file:PATH."
        case .connectDelay: "Delay before the server reads a new connection (same forms)."
        case .bandwidth: "Per-connection bandwidth: 1MB/s, 8Mbit/s or unlimited."
        case .linkBandwidth: "Bandwidth shared by all connections (a congested cell)."
        case .redirects:
            "Answer each media request with N redirects (302 Found, each at the first-byte delay) before the "
                + "media, as a link wrapper or CDN hop does: 0 to 16."
        case .fault(let kind): kind.help + " Form: " + kind.valueForm + "."
        }
    }
}

extension FaultKind {
    fileprivate var help: String {
        switch self {
        case .status: "Answer with these statuses, each a percentage of requests."
        case .resetBefore: "Reset (TCP RST) this percentage of connections before the response."
        case .resetDuring: "Reset this percentage of responses part-way through the body."
        case .stall: "Stop sending part-way through the body, forever or for a while."
        case .truncate: "Close early, with a Content-Length longer than what was sent."
        case .slowClose: "Wait before closing after the body."
        case .failFirst: "Fail the first N requests the server sees (redirects not counted)."
        }
    }
}
