import NSEBenchCore

/// `--cold-start`, `--warm` and `--low-data-mode`: what the phone does before and around the
/// extension's code, drawn per invocation from the seed.
enum PhoneOptions {
    static let declarations: [OptionDeclaration] = [
        .value(
            "cold-start", valueName: "DIST",
            help: "The time a phone takes to start the extension's process before didReceive, drawn per invocation "
                + "(the --ttfb forms: 300ms, lognormal:median=300ms,p99=2s, file:PATH, ...). It counts against the "
                + "budget; an invocation whose budget ends while it starts is killed, without the expiry call."),
        .value(
            "warm", valueName: "PCT",
            help: "With --cold-start: the percentage of starts that find the process already running and cost "
                + "nothing (default 0: every start cold)."),
        .value(
            "low-data-mode", valueName: "PCT",
            help: "The percentage of phones in Low Data Mode, drawn per invocation: a URLSession request whose "
                + "allowsConstrainedNetworkAccess is false fails there with URLError(.notConnectedToInternet), "
                + "networkUnavailableReason .constrained (default 0)."),
    ]

    /// `--cold-start` with `--warm`; nil without `--cold-start`. `--warm` alone is refused: it is a share
    /// of cold starts' time, and there is none to skip.
    static func coldStarts(_ arguments: ParsedArguments) throws(UsageError) -> ColdStarts? {
        guard let text = arguments.string("cold-start") else {
            if arguments.wasGiven("warm") {
                throw .invalidCombination(
                    "--warm is the share of starts that skip --cold-start's time, and without --cold-start every "
                        + "start is free already: give --cold-start DIST with it, or drop --warm")
            }
            return nil
        }
        return ColdStarts(
            duration: try NetworkOptions.distribution(text, option: "cold-start"),
            warm: try percentage(arguments, "warm"))
    }

    /// `--low-data-mode`.
    static func lowDataMode(_ arguments: ParsedArguments) throws(UsageError) -> LowDataMode {
        LowDataMode(share: try percentage(arguments, "low-data-mode"))
    }

    private static func percentage(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Percentage {
        guard let text = arguments.string(name) else { return .zero }
        do {
            return try Percentage(parsing: text)
        } catch {
            throw .invalidValue(option: name, value: text, expected: error.expected)
        }
    }
}
