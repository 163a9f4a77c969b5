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

    /// The declarations, in `--help` order. The settings' flags are declared from their keys
    /// (``NSEBenchCore/NetworkConditions/settingKeys``), each read into ``NetworkConditions`` by key.
    public static let declarations: [OptionDeclaration] =
        [
            profile.declaration,
            .value(
                "ttfb", valueName: "DIST",
                help: "Time to first byte: 200ms, uniform:100ms..300ms, normal:200ms,50ms, "
                    + "lognormal:median=300ms,p99=3s, pareto:scale=100ms,shape=1.5[,cap=30s] or file:PATH."),
            .value(
                "connect-delay", valueName: "DIST", help: "Delay before the server reads a new connection (same forms)."
            ),
            .value("bandwidth", valueName: "RATE", help: "Per-connection bandwidth: 1MB/s, 8Mbit/s or unlimited."),
            .value(
                "link-bandwidth", valueName: "RATE", help: "Bandwidth shared by all connections (a congested cell)."),
        ]
        + FaultKind.allCases.map { kind in
            .value(kind.rawValue, valueName: kind.valueName, help: kind.help + " Form: " + kind.valueForm + ".")
        }

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
        for key in NetworkConditions.settingKeys {
            guard let value = arguments.string(key) else { continue }
            do {
                try flags.set(key, value: value, scope: .server)
            } catch {
                throw .invalidValue(option: key, value: value, expected: expectedForm(of: key, error: error))
            }
        }
        return try mix.overriding(flags).mapConditions { (conditions) throws(UsageError) in
            try resolveFiles(in: conditions)
        }
    }

    /// Reads every `file:PATH` latency distribution; a missing or malformed file is a usage error
    /// naming the flag, the file and the line.
    static func resolveFiles(in conditions: NetworkConditions) throws(UsageError) -> NetworkConditions {
        try conditions.resolvingFiles { (setting, path) throws(UsageError) in try readLatencyFile(setting, path) }
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

    private static func expectedForm(of key: String, error: NetworkSettingError) -> String {
        if case .invalidValue(_, let parseError) = error { return parseError.expected }
        return error.description
    }
}

extension FaultKind {
    fileprivate var valueName: String {
        switch self {
        case .status: "MIX"
        case .stall: "SPEC"
        case .slowClose: "DELAY:PCT"
        case .failFirst: "N[:CODE]"
        default: "PCT"
        }
    }

    fileprivate var help: String {
        switch self {
        case .status: "Answer with these statuses, each a percentage of requests."
        case .resetBefore: "Reset (TCP RST) this percentage of connections before the response."
        case .resetDuring: "Reset this percentage of responses part-way through the body."
        case .stall: "Stop sending part-way through the body, forever or for a while."
        case .truncate: "Close early, with a Content-Length longer than what was sent."
        case .slowClose: "Wait before closing after the body."
        case .failFirst: "Fail the first N requests the server sees."
        }
    }
}
