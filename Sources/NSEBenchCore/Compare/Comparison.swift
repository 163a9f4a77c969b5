/// The whole result of `compare`: every scenario of either file, and the outcome that decides the
/// exit status.
public struct Comparison: Sendable, Equatable {
    /// How the baseline and candidate files are named in the report.
    public let baselineSource: String
    public let candidateSource: String
    /// Scenarios in the baseline's order, then those only the candidate has.
    public let scenarios: [ScenarioComparison]

    public init(baselineSource: String, candidateSource: String, scenarios: [ScenarioComparison]) {
        self.baselineSource = baselineSource
        self.candidateSource = candidateSource
        self.scenarios = scenarios
    }

    /// The overall outcome; see ``ComparisonOutcome`` for the order in which they win.
    public var outcome: ComparisonOutcome {
        let compared = scenarios.filter { $0.presence == .both }
        if compared.contains(where: \.hasUntrustworthyRuns) { return .untrustworthyRuns }
        if compared.isEmpty || compared.contains(where: { !$0.isComparable }) { return .notComparable }
        let verdicts = compared.flatMap(\.metrics).map(\.verdict)
        if verdicts.contains(.regression) { return .regression }
        if verdicts.contains(.improvement) { return .improvementOnly }
        return .noRegression
    }

    /// How many metrics across every scenario got each verdict word.
    public func count(_ word: String) -> Int { scenarios.reduce(0) { $0 + $1.count(word) } }
}

/// What a comparison amounts to, and its exit status. When several apply, the first in this list
/// wins: a gate reports the most basic problem first, and the report still lists everything.
///
/// 1. ``untrustworthyRuns`` (exit 1): a compared scenario has a row with `valid=false` or
///    `partial=true`, on either side. A harness that distorted its own figures can hide a regression
///    as easily as invent one, so neither "regression" nor "no regression" would be true; the
///    report still shows every verdict, marking those from an invalid candidate.
/// 2. ``notComparable`` (exit 3): schema, a setting or (without `--allow-env-mismatch`) a
///    fingerprint column differs, or no scenario is in both files.
/// 3. ``regression`` (exit 2).
/// 4. ``improvementOnly`` (exit 4).
/// 5. ``noRegression`` (exit 0).
public enum ComparisonOutcome: String, Sendable, Equatable {
    case untrustworthyRuns = "invalid runs"
    case notComparable = "not comparable"
    case regression
    case improvementOnly = "improvement only"
    case noRegression = "no regression"

    /// The process exit status for this outcome.
    public var exitCode: ExitCode {
        switch self {
        case .untrustworthyRuns: .harnessError
        case .notComparable: .notComparable
        case .regression: .regression
        case .improvementOnly: .improvementOnly
        case .noRegression: .success
        }
    }
}
