extension Thresholds {
    /// The keys a thresholds file may hold at its top level.
    public static let fileKeys = ["defaults", "metrics", "scenarios"]
    /// The keys of a `defaults` object.
    public static let defaultsKeys = ["alpha", "min_effect", "relative", "absolute_ms", "measure_relative"]
    /// The keys of a metric's entry.
    public static let metricKeys = ["alpha", "min_effect", "relative", "absolute_ms", "absolute", "ignore"]
    /// The keys of a scenario's entry.
    public static let scenarioKeys = ["defaults", "metrics"]

    /// The metric keys that apply to a kind of metric.
    public static func metricKeys(for kind: ComparedMetric.Kind) -> [String] {
        switch kind {
        case .rate: ["alpha", "min_effect", "ignore"]
        case .time: ["alpha", "relative", "absolute_ms", "ignore"]
        case .measure: ["alpha", "relative", "absolute", "ignore"]
        case .places: ["alpha", "ignore"]
        }
    }

    /// Checks every metric name, every key against its metric's kind, and every number's range.
    public func validate() throws(ThresholdsError) {
        try Self.validate(defaults, at: "defaults")
        for (name, entry) in metrics.sorted(by: { $0.key < $1.key }) {
            try Self.validate(entry, named: name, at: "metrics.\(name)")
        }
        for (scenario, entry) in scenarios.sorted(by: { $0.key < $1.key }) {
            try Self.validate(entry.defaults, at: "scenarios.\(scenario).defaults")
            for (name, metric) in entry.metrics.sorted(by: { $0.key < $1.key }) {
                try Self.validate(metric, named: name, at: "scenarios.\(scenario).metrics.\(name)")
            }
        }
    }

    private static func validate(_ defaults: ThresholdDefaults, at path: String) throws(ThresholdsError) {
        try checkAlpha(defaults.alpha, at: path + ".alpha")
        try checkFraction(defaults.minimumEffect, at: path + ".min_effect")
        try checkNonNegative(defaults.timeRelative, at: path + ".relative")
        try checkNonNegative(defaults.timeAbsoluteMilliseconds, at: path + ".absolute_ms")
        try checkNonNegative(defaults.measureRelative, at: path + ".measure_relative")
    }

    private static func validate(_ entry: MetricThresholds, named name: String, at path: String)
        throws(ThresholdsError)
    {
        guard let metric = ComparedMetric.named(name) else { throw .unknownMetric(path: path, name: name) }
        let given: [(key: String, isSet: Bool)] = [
            ("alpha", entry.alpha != nil), ("min_effect", entry.minimumEffect != nil),
            ("relative", entry.relative != nil), ("absolute_ms", entry.absoluteMilliseconds != nil),
            ("absolute", entry.absolute != nil), ("ignore", entry.reportOnly != nil),
        ]
        let allowed = metricKeys(for: metric.kind)
        for (key, isSet) in given where isSet && !allowed.contains(key) {
            throw .notApplicable(path: "\(path).\(key)", metric: name, kind: metric.kind, allowed: allowed)
        }
        try checkAlpha(entry.alpha, at: path + ".alpha")
        try checkFraction(entry.minimumEffect, at: path + ".min_effect")
        try checkNonNegative(entry.relative, at: path + ".relative")
        try checkNonNegative(entry.absoluteMilliseconds, at: path + ".absolute_ms")
        try checkNonNegative(entry.absolute, at: path + ".absolute")
    }

    private static func checkAlpha(_ value: Double?, at path: String) throws(ThresholdsError) {
        guard let value, !(value > 0 && value < 1) else { return }
        throw .outOfRange(path: path, value: value, expected: "a significance level above 0 and below 1, such as 0.01")
    }

    private static func checkFraction(_ value: Double?, at path: String) throws(ThresholdsError) {
        guard let value, !(value >= 0 && value <= 1) else { return }
        throw .outOfRange(path: path, value: value, expected: "a fraction from 0 to 1 (0.01 is one percentage point)")
    }

    private static func checkNonNegative(_ value: Double?, at path: String) throws(ThresholdsError) {
        guard let value, !(value >= 0 && value.isFinite) else { return }
        throw .outOfRange(path: path, value: value, expected: "a number of at least 0")
    }
}
