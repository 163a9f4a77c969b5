/// What one finished invocation contributes to a run's results: a pure value the runner builds
/// from the extension host's record. Times are nanoseconds on the harness's (scaled) clock.
public struct InvocationMeasurement: Sendable, Equatable {
    public var id: Int
    public var outcome: InvocationOutcome
    public var violations: Violations
    /// From the scheduled arrival to delivery; nil when nothing was delivered in time.
    public var timeToDeliver: UInt64?
    /// Time left before the deadline at delivery; negative or nil when it missed.
    public var slack: Int64?
    /// Phase durations, in nanoseconds; a phase the invocation did not go through is absent.
    public var phases: PhaseDurations
    /// Why it did not arrive enriched, and what its deciding phase took of the budget; nil when enriched.
    public var miss: MissVerdict?
    /// The network class of the invocation's phone (``NetworkMix``), such as `lte`; nil when unknown.
    public var networkClass: String? = nil
    /// For an invocation that missed its deadline while its download ended after it: by how much the
    /// download ended late, less the time the download waited inside the harness (0 when the wait
    /// alone explains the lateness). For a miss decided by the extension's own resource timeout, part of
    /// an announced body received: how long the rest would have taken at the body's rate. Nil otherwise.
    /// A miss the harness's own delays could explain is one that might have gone the other way
    /// (``RunAggregate/uncertain(lagBound:)``).
    public var lateDownloadExcess: UInt64? = nil
    /// The shortest total timeout the extension's downloads set (its own resource timeout), in
    /// nanoseconds of the harness's clock; nil when none set one.
    public var ownTimeout: UInt64? = nil
    /// Why the extension crashed, for a `crashed` invocation the harness did not lose (where its code
    /// was, when that could be told); nil otherwise.
    public var crashReason: String? = nil

    public init(
        id: Int, outcome: InvocationOutcome, violations: Violations = Violations(), timeToDeliver: UInt64?,
        slack: Int64?, phases: PhaseDurations = [:], miss: MissVerdict? = nil
    ) {
        self.miss = miss
        self.id = id
        self.outcome = outcome
        self.violations = violations
        self.timeToDeliver = timeToDeliver
        self.slack = slack
        self.phases = phases
    }
}
