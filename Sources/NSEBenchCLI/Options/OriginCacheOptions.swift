public import MediaServer
import NSEBenchCore

/// `--origin-fetch` and `--coalesce`, shared by `serve` and `run`: a cold CDN cache in front of the
/// media host, whose first requests for a URL wait for the origin.
public enum OriginCacheOptions {
    /// `--coalesce`'s values.
    public enum Coalescing: String, ArgumentValue, CaseIterable, Sendable {
        case on, off
    }

    /// `--origin-fetch DIST`, as given (summary.csv records the text).
    static let fetch: Option<String?> = .value(
        "origin-fetch", valueName: "DIST",
        help: "Put a cold CDN cache in front of the media: a request for a URL not yet cached waits this long for "
            + "the origin before its first byte (on top of --ttfb); later ones are cache hits. Same forms as "
            + "--ttfb, such as lognormal:median=800ms,p99=3s or 2s.")
    /// `--coalesce on|off`.
    static let coalesce: Option<Coalescing> = .value(
        "coalesce", valueName: "on|off", default: Coalescing.on.rawValue,
        help: "With --origin-fetch: on, concurrent misses for one URL wait for one origin fetch (as CDNs do); "
            + "off, every miss while the URL is not yet cached goes to the origin itself.", .converted)

    /// The options, in `--help` order.
    static let options: [any DeclaredOption] = [fetch, coalesce]
    /// Their declarations.
    public static let declarations = options.map(\.declaration)

    /// The cache the flags ask for, its `file:` distribution read; nil without `--origin-fetch`.
    /// `--coalesce` without it, or a value that does not parse, is a usage error naming the flag.
    public static func settings(from arguments: ParsedArguments) throws(UsageError) -> OriginCacheSettings? {
        let coalescing = try arguments[coalesce]
        guard let text = try arguments[fetch] else {
            if arguments.wasGiven(coalesce) {
                throw .invalidCombination(
                    "--coalesce decides how the origin cache of --origin-fetch shares fetches: give --origin-fetch too")
            }
            return nil
        }
        return OriginCacheSettings(
            fetch: try NetworkOptions.distribution(text, option: fetch.name), coalesces: coalescing == .on)
    }
}
