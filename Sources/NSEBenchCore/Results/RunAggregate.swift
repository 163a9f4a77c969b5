/// A run's results in fixed memory: outcome counts, violation counts and one histogram per timing
/// (time to deliver, slack, each phase). Mergeable, so shards and repeated runs combine exactly.
public struct RunAggregate: Sendable, Equatable {
    /// Invocations recorded.
    public private(set) var invocations = 0
    public private(set) var outcomes: [InvocationOutcome: Int] = [:]
    public private(set) var violations = Violations()
    /// One for every ``HistogramKey``: `deliver`, `slack` and each ``Phase``.
    public private(set) var histograms: [HistogramKey: Histogram]
    /// Misses by the cause that decided them (``MissCause``).
    public private(set) var blame: [MissCause: Int] = [:]
    /// Nanoseconds of the misses' budgets spent in each cause's deciding phase.
    public private(set) var blamedTime: [MissCause: UInt64] = [:]
    /// Misses by cause whose fault the harness injected (``MissVerdict/injected``).
    public private(set) var blameInjected: [MissCause: Int] = [:]
    /// The misses' budgets (arrival to deadline), summed: the lost budget.
    public private(set) var missedBudget: UInt64 = 0
    /// Outcomes by the network class of each invocation's phone, for measurements that name one.
    public private(set) var byNetwork: [String: NetworkClassTally] = [:]
    /// Misses whose download ended after the deadline, by ``InvocationMeasurement/lateDownloadExcess``.
    public private(set) var lateDownloads = Histogram()
    /// The shortest own timeout any invocation's downloads set (``InvocationMeasurement/ownTimeout``),
    /// in nanoseconds of the harness's clock; nil when none set one.
    public private(set) var shortestOwnTimeout: UInt64?
    /// The extension's crashes by reason (``InvocationMeasurement/crashReason``): every reason that names a
    /// place in the extension's code (``CrashPlace``: bounded by the code, and what `compare` matches), and
    /// the first ``crashReasonLimit`` others; crashes of any further reason are counted in
    /// ``crashesOfOtherReasons``.
    public private(set) var crashReasons: [String: Int] = [:]
    /// How many reasons naming no place ``crashReasons`` holds: at most ``crashReasonLimit``.
    private var reasonsWithoutPlace = 0
    /// Crashes whose reason came after ``crashReasonLimit`` others.
    public private(set) var crashesOfOtherReasons = 0
    /// How many crash reasons are kept: 20, so that a reason naming something of each invocation of a
    /// long run cannot grow the aggregate without bound.
    public static let crashReasonLimit = 20

    public init() {
        histograms = Dictionary(uniqueKeysWithValues: HistogramKey.allCases.map { ($0, Histogram()) })
    }

    /// Adds one invocation, in O(1).
    public mutating func record(_ measurement: InvocationMeasurement) {
        invocations += 1
        outcomes[measurement.outcome, default: 0] += 1
        violations.add(measurement.violations)
        if let excess = measurement.lateDownloadExcess { lateDownloads.record(excess) }
        if let timeout = measurement.ownTimeout { shortestOwnTimeout = min(shortestOwnTimeout ?? .max, timeout) }
        if let reason = measurement.crashReason { countCrashes(reason, 1) }
        if let networkClass = measurement.networkClass {
            byNetwork[networkClass, default: .init()].record(measurement.outcome)
        }
        if let delivered = measurement.timeToDeliver { recordInHistogram(.deliver) { $0.record(delivered) } }
        recordInHistogram(.slack) { $0.record(signed: measurement.slack ?? 0) }
        for (phase, duration) in measurement.phases { recordInHistogram(.phase(phase)) { $0.record(duration) } }
        if let miss = measurement.miss {
            blame[miss.cause, default: 0] += 1
            if miss.injected { blameInjected[miss.cause, default: 0] += 1 }
            blamedTime[miss.cause, default: 0] &+= miss.phaseTime
            missedBudget &+= miss.budget
        }
    }

    private mutating func countCrashes(_ reason: String, _ count: Int) {
        if crashReasons[reason] != nil || CrashPlace(reason: reason) != nil {
            crashReasons[reason, default: 0] += count
        } else if reasonsWithoutPlace < Self.crashReasonLimit {
            reasonsWithoutPlace += 1
            crashReasons[reason, default: 0] += count
        } else {
            crashesOfOtherReasons += count
        }
    }

    /// Records into the histogram `key`, if there is one, in place. Through an index rather than
    /// `histograms[key]?.record(...)`: the optional subscript's accessor moved the whole histogram out
    /// and back, three allocations per histogram per invocation (perf, issue #18).
    private mutating func recordInHistogram(_ key: HistogramKey, _ record: (inout Histogram) -> Void) {
        guard let index = histograms.index(forKey: key) else { return }
        record(&histograms.values[index])
    }

    /// Adds another aggregate's counts and histograms.
    public mutating func merge(_ other: RunAggregate) throws(HistogramError) {
        invocations += other.invocations
        for (outcome, count) in other.outcomes { outcomes[outcome, default: 0] += count }
        violations.add(other.violations)
        for (cause, count) in other.blame { blame[cause, default: 0] += count }
        for (cause, count) in other.blameInjected { blameInjected[cause, default: 0] += count }
        for (cause, time) in other.blamedTime { blamedTime[cause, default: 0] &+= time }
        missedBudget &+= other.missedBudget
        if let timeout = other.shortestOwnTimeout { shortestOwnTimeout = min(shortestOwnTimeout ?? .max, timeout) }
        // Largest first, so that the reasons kept are the commonest of both.
        for (reason, count) in other.crashReasons.sorted(by: Self.largestFirst) { countCrashes(reason, count) }
        crashesOfOtherReasons += other.crashesOfOtherReasons
        for (name, tally) in other.byNetwork { byNetwork[name, default: .init()].merge(tally) }
        try lateDownloads.merge(other.lateDownloads)
        for (key, histogram) in other.histograms {
            if histograms[key] == nil {
                histograms[key] = histogram
            } else {
                try histograms[key]!.merge(histogram)
            }
        }
    }

    /// The misses that might have gone the other way: their download ended after the deadline by no
    /// more than the harness's own delay, its wait inside the harness plus `lagBound` nanoseconds (the
    /// run's transport lag, server lateness, admission lag and extension calls' wait, p99, as measured),
    /// or the extension's own resource timeout cut it no more than `lagBound` short of its end
    /// (estimated from the announced length at the body's rate). A timeout before the first body byte, or a download still running at
    /// the end, is not counted.
    public func uncertain(lagBound: UInt64) -> Int {
        guard !lateDownloads.isEmpty else { return 0 }
        return Int((lateDownloads.fraction(atOrBelow: lagBound) * Double(lateDownloads.totalCount)).rounded())
    }

    /// How many invocations ended with `outcome`.
    public func count(_ outcome: InvocationOutcome) -> Int { outcomes[outcome] ?? 0 }

    /// How many misses `cause` decided.
    public func count(_ cause: MissCause) -> Int { blame[cause] ?? 0 }

    /// The share of the lost budget that went to `cause`'s deciding phase: the nanoseconds that the
    /// misses blamed on `cause` spent in that phase (clipped to their deadline), over the summed
    /// budgets of every miss. Nil for a cause without a phase, and when nothing missed.
    public func lostBudgetShare(_ cause: MissCause) -> Double? {
        guard cause.phase != nil, missedBudget > 0 else { return nil }
        return Double(blamedTime[cause] ?? 0) / Double(missedBudget)
    }

    /// The extension's crash reasons, largest first (ties by reason).
    public var crashReasonRanking: [(reason: String, count: Int)] {
        crashReasons.sorted(by: Self.largestFirst).map { (reason: $0.key, count: $0.value) }
    }

    private static func largestFirst(_ one: (key: String, value: Int), _ other: (key: String, value: Int)) -> Bool {
        one.value != other.value ? one.value > other.value : one.key < other.key
    }

    /// The causes that decided at least one miss, largest first (ties in ``MissCause`` order).
    public var blameRanking: [(cause: MissCause, count: Int)] {
        blame.filter { $0.value > 0 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { (cause: $0.key, count: $0.value) }
    }

    /// Share of invocations that satisfy `predicate`, 0 when none were recorded.
    public func rate(_ predicate: (InvocationOutcome) -> Bool) -> Double {
        guard invocations > 0 else { return 0 }
        let matching = outcomes.filter { predicate($0.key) }.values.reduce(0, +)
        return Double(matching) / Double(invocations)
    }

    /// Delivered before the deadline (enriched, degraded, unchanged, discarded).
    public var finishedBeforeDeadlineRate: Double { rate(\.finishedBeforeDeadline) }
    /// The user saw the original content.
    public var fallbackRate: Double { rate(\.fellBack) }
    /// Delivered in time with everything asked for.
    public var enrichedRate: Double { rate { $0 == .enriched } }
}
