public import NSEBenchCore

/// `--endpoint NAME:key=value,...`, shared by `serve` and `run`: the network conditions of the side
/// endpoints the media server answers besides the media (receipts, metrics, avatars).
public enum EndpointOptions {
    /// `--endpoint NAME:SETTINGS`, repeatable: each endpoint's conditions, parsed.
    static let endpoint: Option<[EndpointConditions]> = .values(
        "endpoint", valueName: "NAME:SETTINGS",
        help: "Network conditions of a side endpoint the server answers besides the media: receipts "
            + "(/receipts, OneSignal's receive receipt), metrics (/metrics, Customer.io's delivered metric) or "
            + "avatars (/avatars/<size>.<ext>, an image as /media/ serves); settings are the query keys "
            + "(ttfb, bandwidth and the faults), over the phone's network, such as metrics:ttfb=40s or "
            + "receipts:ttfb=lognormal:median=300ms,p99=3s,status=503:10. Repeatable, once per endpoint. Receipts and metrics take any method "
            + "with a Content-Length body (read, counted, answered; 413 past 1 MiB); avatars are GET and HEAD.",
        OptionParser { (text, option) throws(UsageError) in
            do throws(ValueParseError) {
                return try EndpointConditions(parsing: text)
            } catch {
                throw .invalidValue(
                    option: option, value: text, expected: error.expected + (error.reason.map { " (\($0))" } ?? ""))
            }
        })

    /// The declarations, in `--help` order.
    public static let declarations: [OptionDeclaration] = [endpoint.declaration]

    /// Each endpoint's conditions as given (unscaled); empty without `--endpoint`. A bad setting, an
    /// unknown endpoint or one given twice is a usage error naming the flag.
    public static func endpoints(from arguments: ParsedArguments) throws(UsageError) -> [EndpointConditions] {
        let given = try arguments[endpoint]
        for (index, parsed) in given.enumerated()
        where given[..<index].contains(where: { $0.endpoint == parsed.endpoint }) {
            throw .invalidValue(
                option: endpoint.name, value: arguments.strings(endpoint.name)[index],
                expected: "each endpoint once: \(parsed.endpoint) is given twice; put all its settings in one "
                    + "--endpoint \(parsed.endpoint):key=value,...")
        }
        return given
    }
}
