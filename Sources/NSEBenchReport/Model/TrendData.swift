public import NSEBenchCore

/// Summaries of successive commits (one summary.csv each, oldest first), with the gate's verdict of
/// each against the one before, as github-action-benchmark marks its alerts.
public struct TrendData: Sendable {
    /// One commit's figures for one scenario, and the verdicts against the previous commit.
    public struct Entry: Sendable, Equatable {
        public var scenario: String
        /// Invocation-weighted over the scenario's rows (repeated runs pool).
        public var enrichedRate: Double
        public var fallbackRate: Double
        /// The median row's deliver p99, unscaled milliseconds.
        public var deliverP99: Double?
        /// Metric name to verdict word (`regression`, `improvement`, `unchanged`, `missing`, or
        /// `not comparable`); empty for the first commit.
        public var verdicts: [String: String]
    }

    /// One commit.
    public struct Commit: Sendable {
        /// The commit (summary.csv's `git_commit`), else the file's name.
        public var label: String
        public var source: String
        public var entries: [Entry]
        /// The gate's outcome against the previous commit (nil for the first).
        public var outcome: ComparisonOutcome?
    }

    /// The metrics a trend draws.
    public static let metrics = ["enriched_rate", "fallback_rate", "deliver_p99_ms"]

    public let commits: [Commit]

    /// Scenarios in first-seen order.
    public var scenarios: [String] {
        var seen: Set<String> = []
        return commits.flatMap { $0.entries.map(\.scenario) }.filter { seen.insert($0).inserted }
    }

    /// Builds the trend of `files`, oldest first, judging each against the one before with `options`.
    public init(files: [SummaryFile], options: CompareOptions) {
        var commits: [Commit] = []
        for (index, file) in files.enumerated() {
            let comparison =
                index > 0 ? Comparator.compare(baseline: files[index - 1], candidate: file, options: options) : nil
            var scenarios: [String] = []
            for run in file.runs where !scenarios.contains(run.scenario) { scenarios.append(run.scenario) }
            let entries = scenarios.map { scenario in
                let rows = file.runs.filter { $0.scenario == scenario }
                let invocations = Double(rows.map(\.invocations).reduce(0, +))
                func pooled(_ name: String) -> Double {
                    guard invocations > 0 else { return 0 }
                    return rows.map { ($0.numbers[name] ?? 0) * Double($0.invocations) }.reduce(0, +) / invocations
                }
                let p99s = rows.compactMap { $0.numbers["deliver_p99_ms"] }.sorted()
                var verdicts: [String: String] = [:]
                if let compared = comparison?.scenarios.first(where: { $0.scenario == scenario }) {
                    for metric in Self.metrics {
                        if !compared.isComparable {
                            verdicts[metric] = "not comparable"
                        } else {
                            verdicts[metric] =
                                compared.metrics.first { $0.metric.name == metric }?.verdict.word ?? "missing"
                        }
                    }
                }
                return Entry(
                    scenario: scenario, enrichedRate: pooled("enriched_rate"), fallbackRate: pooled("fallback_rate"),
                    deliverP99: p99s.isEmpty ? nil : p99s[p99s.count / 2], verdicts: verdicts)
            }
            let commit = file.runs.first?.fields["git_commit"] ?? ""
            commits.append(
                Commit(
                    label: commit.isEmpty ? Self.fileName(file.source) : String(commit.prefix(12)), source: file.source,
                    entries: entries, outcome: comparison?.outcome))
        }
        self.commits = commits
    }

    /// The last path component.
    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
