import NSEBenchCore

/// `--cold-start`, `--warm` and `--low-data-mode`: what the phone does before and around the
/// extension's code, drawn per invocation from the seed.
enum PhoneOptions {
    /// `--cold-start DIST`.
    static let coldStart: Option<LatencyDistribution?> = .value(
        "cold-start", valueName: "DIST",
        help: "The time a phone takes to start the extension's process before didReceive, drawn per invocation "
            + "(the --ttfb forms: 300ms, lognormal:median=300ms,p99=2s, file:PATH, ...). It counts against the "
            + "budget; an invocation whose budget ends while it starts is killed, without the expiry call.",
        NetworkOptions.latency)
    /// `--warm PCT`; none given is 0.
    static let warm: Option<Percentage?> = .value(
        "warm", valueName: "PCT",
        help: "With --cold-start: the percentage of starts that find the process already running and cost "
            + "nothing (default 0: every start cold).", .percentage)
    /// `--low-data-mode PCT`; none given is 0.
    static let lowDataMode: Option<Percentage?> = .value(
        "low-data-mode", valueName: "PCT",
        help: "The percentage of phones in Low Data Mode, drawn per invocation: a URLSession request whose "
            + "allowsConstrainedNetworkAccess is false fails there with URLError(.notConnectedToInternet), "
            + "networkUnavailableReason .constrained (default 0).", .percentage)

    static let declarations: [OptionDeclaration] = ([coldStart, warm, lowDataMode] as [any DeclaredOption]).map(
        \.declaration)

    /// `--cold-start` with `--warm`; nil without `--cold-start`. `--warm` alone is refused: it is a share
    /// of cold starts' time, and there is none to skip.
    static func coldStarts(_ arguments: ParsedArguments) throws(UsageError) -> ColdStarts? {
        guard let duration = try arguments[coldStart] else {
            if arguments.wasGiven(warm) {
                throw .invalidCombination(
                    "--warm is the share of starts that skip --cold-start's time, and without --cold-start every "
                        + "start is free already: give --cold-start DIST with it, or drop --warm")
            }
            return nil
        }
        return ColdStarts(duration: duration, warm: try arguments[warm] ?? .zero)
    }

    /// `--low-data-mode`.
    static func lowDataMode(_ arguments: ParsedArguments) throws(UsageError) -> LowDataMode {
        LowDataMode(share: try arguments[lowDataMode] ?? .zero)
    }
}

extension OptionParser where Value == Percentage {
    /// A percentage from 0 to 100 (`2`, `0.5`, `2%`).
    static var percentage: OptionParser {
        .parsing { (text) throws(ValueParseError) in try Percentage(parsing: text) }
    }
}
