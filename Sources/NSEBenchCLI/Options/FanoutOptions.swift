import NSEBenchCore
import NSEBenchSystem

/// `--fanout`, `--fanout-curve` and `--wake-jitter`: how a `--burst`'s arrivals are spread as a broadcast
/// reaches phones, validated into a ``Fanout`` (unscaled).
enum FanoutOptions {
    /// `--fanout T`: the window a `--burst`'s arrivals are spread over.
    static let window: Option<DurationValue?> = .value(
        "fanout", valueName: "T",
        help: "With --burst: spread its arrivals over T, as a broadcast reaches phones over time: each "
            + "phone wakes at its own uniformly random moment of the window (a linear delivery curve; "
            + "--fanout-curve for a measured one).", .duration(atLeast: minimumWindow))
    /// `--fanout-curve linear|file:PATH`: `linear` (the default) or a measured curve read from `file:PATH`.
    static let curve: Option<FanoutCurve> = .value(
        "fanout-curve", valueName: "linear|file:PATH", default: "linear",
        help: "With --burst: the delivery curve its fan-out follows. linear spreads the phones uniformly over "
            + "--fanout; file:PATH reads a measured curve, a CSV of seconds,share_delivered rows (the cumulative "
            + "share of phones reached, from 0,0 up to 1, an optional header line, # comments), its time axis "
            + "stretched to --fanout T when given, else its own length.", OptionParser(readCurve))
    /// `--wake-jitter DIST`.
    static let wakeJitter: Option<LatencyDistribution?> = .value(
        "wake-jitter", valueName: "DIST",
        help: "With --burst: each phone's delay from its delivery to its arrival (waking, starting the service), "
            + "drawn per phone (the --ttfb forms: uniform:0ms..2s, lognormal:median=300ms,p99=3s, file:PATH, "
            + "...), added to the fan-out's moment; arrivals stay in order.", NetworkOptions.latency)

    /// The options, in `--help` order.
    static let options: [any DeclaredOption] = [window, curve, wakeJitter]
    static let declarations = options.map(\.declaration)

    /// The spread of `load`'s arrivals; ``Fanout/atOnce`` when none of the flags is given. Each flag
    /// needs `--burst`; a linear curve needs `--fanout T`, a measured one gives its own length.
    static func fanout(_ arguments: ParsedArguments, load: LoadModel) throws(UsageError) -> Fanout {
        guard let given = options.first(where: { arguments.wasGiven($0) })?.name else { return .atOnce }
        guard case .burst = load else {
            let what =
                given == wakeJitter.name ? "delays each of a --burst's arrivals" : "spreads a --burst's arrivals"
            throw .invalidCombination("--\(given) \(what) over a window: give --burst N with it")
        }
        let curve = try arguments[curve]
        var window = try arguments[window].map { UInt64($0.nanoseconds) } ?? 0
        if window == 0, !curve.isLinear {
            window = curve.duration
            guard window >= UInt64(minimumWindow.nanoseconds) else {
                throw .invalidValue(
                    option: Self.curve.name, value: curve.source,
                    expected: "a curve at least \(minimumWindow) long (its last point is at \(window) ns), or "
                        + "--fanout T to stretch it")
            }
        }
        if window == 0, arguments.wasGiven(Self.curve) {
            throw .invalidCombination(
                "--fanout-curve linear spreads a --burst over --fanout T, which is missing: give --fanout T, or a "
                    + "measured curve (--fanout-curve file:PATH), whose own length is the window")
        }
        var fanout = Fanout(window: window, curve: curve)
        fanout.wakeJitter = try arguments[wakeJitter]
        return fanout
    }

    /// `--fanout-curve`'s text: `linear`, or a measured curve read from `file:PATH`.
    private static func readCurve(_ text: String, option: String) throws(UsageError) -> FanoutCurve {
        if text == "linear" { return .linear }
        guard text.hasPrefix(filePrefix), text.count > filePrefix.count else {
            throw .invalidValue(
                option: option, value: text, expected: "linear, or file:PATH of a seconds,share_delivered CSV")
        }
        let path = String(text.dropFirst(filePrefix.count))
        let contents: String
        do {
            contents = try TextFile.read(path)
        } catch {
            throw .invalidValue(option: option, value: text, expected: "a readable file (\(error))")
        }
        do {
            return try FanoutCurve(
                parsingCSVLines: contents.split(separator: "\n", omittingEmptySubsequences: false), source: text)
        } catch {
            throw .invalidValue(option: option, value: text, expected: "a delivery curve in \(path): \(error)")
        }
    }

    private static let filePrefix = "file:"

    /// The shortest fan-out window, as `--fanout` takes it.
    private static let minimumWindow = DurationValue(nanoseconds: 1_000_000)
}
