public import NSEBenchCore

/// `--endpoint NAME:key=value,...`, shared by `serve` and `run`: the network conditions of the side
/// endpoints the media server answers besides the media (receipts, metrics, avatars).
public enum EndpointOptions {
    /// The declarations, in `--help` order.
    public static let declarations: [OptionDeclaration] = [
        .value(
            "endpoint", valueName: "NAME:SETTINGS", repeatable: true,
            help: "Network conditions of a side endpoint the server answers besides the media: receipts "
                + "(/receipts, OneSignal's receive receipt), metrics (/metrics, Customer.io's delivered metric) or "
                + "avatars (/avatars/<size>.<ext>, an image as /media/ serves); settings are the query keys "
                + "(ttfb, bandwidth and the faults), over the phone's network, such as metrics:ttfb=40s or "
                + "receipts:ttfb=lognormal:median=300ms,p99=3s,status=503:10. Repeatable, once per endpoint; GET only.")
    ]

    /// Each endpoint's conditions as given (unscaled); empty without `--endpoint`. A bad setting, an
    /// unknown endpoint or one given twice is a usage error naming the flag.
    public static func endpoints(from arguments: ParsedArguments) throws(UsageError) -> [EndpointConditions] {
        var endpoints: [EndpointConditions] = []
        for text in arguments.strings("endpoint") {
            let parsed: EndpointConditions
            do {
                parsed = try EndpointConditions(parsing: text)
            } catch {
                throw .invalidValue(
                    option: "endpoint", value: text, expected: error.expected + (error.reason.map { " (\($0))" } ?? ""))
            }
            guard !endpoints.contains(where: { $0.endpoint == parsed.endpoint }) else {
                throw .invalidValue(
                    option: "endpoint", value: text,
                    expected: "each endpoint once: \(parsed.endpoint) is given twice; put all its settings in one "
                        + "--endpoint \(parsed.endpoint):key=value,...")
            }
            endpoints.append(parsed)
        }
        return endpoints
    }
}
