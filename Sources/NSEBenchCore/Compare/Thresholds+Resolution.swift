extension Thresholds {
    /// One layer of the lookup: a metric's entry or a set of defaults.
    private enum Layer {
        case metric(MetricThresholds)
        case defaults(ThresholdDefaults)
    }

    /// The tolerances for `metric` in `scenario`, with `overrides` (the command line's flags) placed
    /// above the file's `defaults` and below its per-metric and per-scenario entries.
    public func resolved(for metric: ComparedMetric, scenario: String, overrides: ThresholdDefaults)
        -> ResolvedThreshold
    {
        let scenarioEntry = scenarios[scenario]
        // Most specific first; the first layer with a value wins.
        let layers: [Layer] = [
            scenarioEntry?.metrics[metric.name].map(Layer.metric), scenarioEntry.map { .defaults($0.defaults) },
            metrics[metric.name].map(Layer.metric), .defaults(overrides), .defaults(defaults),
            Self.builtInMetrics[metric.name].map(Layer.metric), .defaults(Self.builtInDefaults),
        ].compactMap { $0 }

        func first<Value>(
            _ fromMetric: (MetricThresholds) -> Value?, _ fromDefaults: (ThresholdDefaults) -> Value? = { _ in nil }
        ) -> Value? {
            for layer in layers {
                switch layer {
                case .metric(let entry): if let value = fromMetric(entry) { return value }
                case .defaults(let defaults): if let value = fromDefaults(defaults) { return value }
                }
            }
            return nil
        }

        let alpha = first(\.alpha, \.alpha) ?? 0.01
        let reportOnly = first(\.reportOnly) ?? false
        switch metric.kind {
        case .rate:
            return ResolvedThreshold(
                alpha: alpha, minimumEffect: first(\.minimumEffect, \.minimumEffect) ?? 0, relative: nil,
                absolute: nil, reportOnly: reportOnly)
        case .time:
            return ResolvedThreshold(
                alpha: alpha, minimumEffect: nil, relative: first(\.relative, \.timeRelative) ?? 0,
                absolute: first(\.absoluteMilliseconds, \.timeAbsoluteMilliseconds) ?? 0, reportOnly: reportOnly)
        case .measure:
            return ResolvedThreshold(
                alpha: alpha, minimumEffect: nil, relative: first(\.relative, \.measureRelative) ?? 0,
                absolute: first(\.absolute) ?? 0, reportOnly: reportOnly)
        case .places:
            // Only the metric's own entries: the defaults' alpha is the rates' and times' (0.01), which would
            // let a new place with fewer than about seven crashes through. 1: every new place counts.
            return ResolvedThreshold(
                alpha: first(\.alpha) ?? 1, minimumEffect: nil, relative: nil, absolute: nil, reportOnly: reportOnly)
        }
    }
}
