extension Comparator {
    /// `crash_places`: a place the candidate crashed at and the baseline never did is a regression, a
    /// place only the baseline crashed at an improvement, when the chance that its crashes, as likely on
    /// either side, all fell on that side (``CrashPlaceChange/pValue``) is below alpha: any such place
    /// with the default, 1 (only `crash_places`' own entry sets another, as the defaults' alpha suits the
    /// rates); how often each side crashed there is judged by `crashed_rate`, not here. Each side's value
    /// is the number of places its runs crashed at. A side with a run written before summary.csv kept
    /// crash reasons is missing.
    static func compareCrashPlaces(
        _ metric: ComparedMetric, _ baseline: [SummaryRun], _ candidate: [SummaryRun], threshold: ResolvedThreshold
    ) -> MetricComparison? {
        guard case .tally = metric.source else { return nil }
        let before = Self.places(baseline)
        let after = Self.places(candidate)
        func value(_ places: [CrashPlace: [String: Int]]?) -> MetricValue? {
            places.map { MetricValue(value: Double($0.count), runs: [], successes: nil, trials: nil, interval: nil) }
        }
        let changes = crashPlaceChanges(baseline, candidate) ?? []
        let oneSided = changes.filter { $0.presence != .both }
        // The smallest p-value of the places on one side only: the test behind the verdict.
        let test = oneSided.compactMap(\.pValue).min().map(SignificanceTest.exactPlaces)
        func result(_ verdict: Verdict) -> MetricComparison {
            MetricComparison(
                metric: metric, baseline: value(before), candidate: value(after), verdict: verdict, test: test,
                threshold: threshold)
        }
        if before == nil, after == nil { return nil }
        guard before != nil, after != nil else { return result(.missing(before == nil ? .baseline : .candidate)) }
        if threshold.reportOnly { return result(.unchanged(.reportOnly)) }
        func significant(_ presence: CrashPlaceChange.Presence) -> Bool {
            oneSided.contains { $0.presence == presence && ($0.pValue ?? 0) < threshold.alpha }
        }
        if significant(.new) { return result(.regression) }
        if significant(.gone) { return result(.improvement) }
        return result(.unchanged(oneSided.isEmpty ? .noChange : .notSignificant))
    }

    /// Every place either side crashed at: new ones first, then gone, then both, each by place; nil
    /// when a side has a run written before summary.csv kept crash reasons.
    static func crashPlaceChanges(_ baseline: [SummaryRun], _ candidate: [SummaryRun]) -> [CrashPlaceChange]? {
        guard let before = places(baseline), let after = places(candidate) else { return nil }
        let order: [CrashPlaceChange.Presence] = [.new, .gone, .both]
        let invocations = (
            baseline: baseline.map(\.invocations).reduce(0, +), candidate: candidate.map(\.invocations).reduce(0, +)
        )
        return Set(before.keys).union(after.keys).map { place in
            let reasons = after[place] ?? before[place] ?? [:]
            let commonest = reasons.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? place.key
            let crashes = (
                baseline: before[place]?.values.reduce(0, +) ?? 0, candidate: after[place]?.values.reduce(0, +) ?? 0
            )
            // Crashes on one side only: how likely that is of a place as likely to crash on either side.
            let test =
                crashes.baseline == 0
                ? OneSidedExactTest(
                    count: crashes.candidate, trials: invocations.candidate, otherTrials: invocations.baseline)
                : crashes.candidate == 0
                    ? OneSidedExactTest(
                        count: crashes.baseline, trials: invocations.baseline, otherTrials: invocations.candidate)
                    : nil
            return CrashPlaceChange(
                place: place, reason: commonest, baseline: crashes.baseline, candidate: crashes.candidate,
                pValue: test?.pValue)
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
