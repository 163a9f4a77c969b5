/// A column that must match between the two sides and does not.
public struct ColumnDifference: Sendable, Equatable {
    public let column: String
    /// `setting`, `fingerprint` or `provenance` (for `schema_version`).
    public let kind: SummarySchema.Kind
    /// The distinct values on each side, in first-seen order.
    public let baseline: [String]
    public let candidate: [String]
    /// A fingerprint difference that `--allow-env-mismatch` let through.
    public let isAllowed: Bool

    public init(column: String, kind: SummarySchema.Kind, baseline: [String], candidate: [String], isAllowed: Bool) {
        self.column = column
        self.kind = kind
        self.baseline = baseline
        self.candidate = candidate
        self.isAllowed = isAllowed
    }
}

/// One row's trustworthiness, for the report.
public struct RunStatus: Sendable, Equatable {
    public let line: Int
    public let invocations: Int
    public let isValid: Bool
    public let isPartial: Bool
    public let invalidReason: String

    public init(line: Int, invocations: Int, isValid: Bool, isPartial: Bool, invalidReason: String) {
        self.line = line
        self.invocations = invocations
        self.isValid = isValid
        self.isPartial = isPartial
        self.invalidReason = invalidReason
    }

    init(_ run: SummaryRun) {
        self.init(
            line: run.line, invocations: run.invocations, isValid: run.isValid, isPartial: run.isPartial,
            invalidReason: run.invalidReason)
    }

    public var isTrustworthy: Bool { isValid && !isPartial }
}

/// Everything `compare` found for one scenario.
public struct ScenarioComparison: Sendable, Equatable {
    /// Which sides have the scenario.
    public enum Presence: String, Sendable, Equatable {
        case both
        case baselineOnly = "baseline only"
        case candidateOnly = "candidate only"
    }

    public let scenario: String
    public let presence: Presence
    public let baselineRuns: [RunStatus]
    public let candidateRuns: [RunStatus]
    /// Schema, setting and fingerprint columns that differ.
    public let differences: [ColumnDifference]
    /// Every compared metric with a value on at least one side; empty when not comparable or one-sided.
    public let metrics: [MetricComparison]
    /// Every place in the extension's code either side crashed at, new ones first (the `crash_places`
    /// metric's detail); empty when not compared or when a side's file has no `crash_reasons`.
    public let crashPlaces: [CrashPlaceChange]

    public init(
        scenario: String, presence: Presence, baselineRuns: [RunStatus], candidateRuns: [RunStatus],
        differences: [ColumnDifference], metrics: [MetricComparison], crashPlaces: [CrashPlaceChange] = []
    ) {
        self.scenario = scenario
        self.presence = presence
        self.baselineRuns = baselineRuns
        self.candidateRuns = candidateRuns
        self.differences = differences
        self.metrics = metrics
        self.crashPlaces = crashPlaces
    }

    /// Present on both sides with no difference that stops the comparison.
    public var isComparable: Bool { presence == .both && differences.allSatisfy(\.isAllowed) }

    /// Whether a row on either side is invalid or partial.
    public var hasUntrustworthyRuns: Bool {
        !(baselineRuns + candidateRuns).allSatisfy(\.isTrustworthy)
    }

    /// Whether a candidate row is invalid or partial: its regressions may be the harness's doing.
    public var hasUntrustworthyCandidate: Bool { !candidateRuns.allSatisfy(\.isTrustworthy) }

    public func count(_ word: String) -> Int { metrics.count { $0.verdict.word == word } }
}
