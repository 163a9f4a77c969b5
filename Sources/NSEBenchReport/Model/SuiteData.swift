public import NSEBenchCore

/// A suite's output folder as a report reads it: the suite's summary.csv, one row per run, and for
/// each row the run folder `suite` wrote it from, with the attempts that ran again because their
/// self-check found them not valid. Built from what the caller read; the caller matches the folders.
public struct SuiteData: Sendable {
    /// An attempt `suite --retries` kept beside the run (`<run>.invalid-<k>/`) before running it again.
    public struct RetriedAttempt: Sendable, Equatable {
        /// The attempt's folder name in the suite's folder (`slow-cdn.invalid-1`).
        public let folder: String
        /// Its summary.csv's `invalid_reason`: why it ran again.
        public let invalidReason: String

        public init(folder: String, invalidReason: String) {
            self.folder = folder
            self.invalidReason = invalidReason
        }
    }

    /// One run of the suite.
    public struct Entry: Sendable {
        /// The suite's summary.csv row for the run: every figure of the overview comes from it.
        public let row: SummaryRun
        /// The run's folder name in the suite's folder (`steady-3g`, or `steady-3g-2` with `--repeat`).
        public let folder: String
        /// The run folder as a one-run report reads it; its row is the suite's row.
        public let run: RunData
        /// server.log's text when the run folder has one.
        public let serverLog: String?
        /// The attempts before the last, oldest first; empty for a run valid at once.
        public let retried: [RetriedAttempt]

        public init(row: SummaryRun, folder: String, run: RunData, serverLog: String?, retried: [RetriedAttempt]) {
            self.row = row
            self.folder = folder
            self.run = run
            self.serverLog = serverLog
            self.retried = retried
        }
    }

    /// How the suite is named in the page (its folder).
    public let name: String
    /// The suite's summary.csv, as messages name it.
    public let summarySource: String
    /// One entry per row of the suite's summary.csv, in its order.
    public let entries: [Entry]

    public init(name: String, summarySource: String, entries: [Entry]) {
        self.name = name
        self.summarySource = summarySource
        self.entries = entries
    }

    /// The scenarios in the order of their first row.
    public var scenarios: [String] {
        var names: [String] = []
        for entry in entries where !names.contains(entry.row.scenario) { names.append(entry.row.scenario) }
        return names
    }

    /// How many rows each scenario has: 1 for every scenario of a plain suite, K with `--repeat K`.
    public func runs(of scenario: String) -> Int { entries.count { $0.row.scenario == scenario } }

    /// The settings that tell the runs apart: the setting columns of summary.csv (``SummarySchema``'s
    /// `.setting` kind), but the scenario's own name, whose value is not the same in every row.
    public var distinguishingSettings: [String] {
        SummarySchema.columns.filter { $0.kind == .setting && $0.name != "scenario" }.map(\.name).filter { name in
            Set(entries.map { $0.row.fields[name] ?? "" }).count > 1
        }
    }
}
