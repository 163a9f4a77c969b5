extension Comparator {
    /// `crash_places`: a place the candidate crashed at and the baseline never did is a regression, a
    /// place only the baseline crashed at an improvement; how often each side crashed there is judged by
    /// `crashed_rate`, not here. Each side's value is the number of places its runs crashed at. A side
    /// with a run written before summary.csv kept crash reasons is missing.
    static func compareCrashPlaces(
        _ metric: ComparedMetric, _ baseline: [SummaryRun], _ candidate: [SummaryRun], threshold: ResolvedThreshold
    ) -> MetricComparison? {
        guard case .tally = metric.source else { return nil }
        let before = Self.places(baseline)
        let after = Self.places(candidate)
        func value(_ places: [CrashPlace: [String: Int]]?) -> MetricValue? {
            places.map { MetricValue(value: Double($0.count), runs: [], successes: nil, trials: nil, interval: nil) }
        }
        func result(_ verdict: Verdict) -> MetricComparison {
            MetricComparison(
                metric: metric, baseline: value(before), candidate: value(after), verdict: verdict, test: nil,
                threshold: threshold)
        }
        if before == nil, after == nil { return nil }
        guard let before, let after else { return result(.missing(before == nil ? .baseline : .candidate)) }
        if threshold.reportOnly { return result(.unchanged(.reportOnly)) }
        if after.keys.contains(where: { before[$0] == nil }) { return result(.regression) }
        if before.keys.contains(where: { after[$0] == nil }) { return result(.improvement) }
        return result(.unchanged(.noChange))
    }

    /// Every place either side crashed at: new ones first, then gone, then both, each by place; nil
    /// when a side has a run written before summary.csv kept crash reasons.
    static func crashPlaceChanges(_ baseline: [SummaryRun], _ candidate: [SummaryRun]) -> [CrashPlaceChange]? {
        guard let before = places(baseline), let after = places(candidate) else { return nil }
        let order: [CrashPlaceChange.Presence] = [.new, .gone, .both]
        return Set(before.keys).union(after.keys).map { place in
            let reasons = after[place] ?? before[place] ?? [:]
            let commonest = reasons.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? place.key
            return CrashPlaceChange(
                place: place, reason: commonest, baseline: before[place]?.values.reduce(0, +) ?? 0,
                candidate: after[place]?.values.reduce(0, +) ?? 0)
        }.sorted {
            let (one, other) = (order.firstIndex(of: $0.presence) ?? 0, order.firstIndex(of: $1.presence) ?? 0)
            return one != other ? one < other : $0.place < $1.place
        }
    }

    /// The crashes of `runs` at each place, by reason as written; nil when a run has no crash reasons.
    private static func places(_ runs: [SummaryRun]) -> [CrashPlace: [String: Int]]? {
        var places: [CrashPlace: [String: Int]] = [:]
        for run in runs {
            guard let tally = run.crashTally else { return nil }
            for entry in tally.entries {
                guard let place = CrashPlace(reason: entry.reason) else { continue }
                places[place, default: [:]][entry.reason, default: 0] += entry.count
            }
        }
        return places
    }
}
