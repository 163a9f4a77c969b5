import Foundation
import NSEBenchCore
import NSEBenchReport

/// A suite's output folder (``SuiteLayout``) read back for `report`: which folder is a suite's, and
/// the run folder behind each row of its summary.csv.
extension ReportInputs {
    /// Whether `folder` (which holds summary.csv) is a suite's output rather than one run's. A run
    /// writes one row beside its histograms.csv; a suite writes a row per run and no histograms, with a
    /// folder per run. So: several rows and no histograms.csv, or a run folder inside (a folder holding
    /// a summary.csv, not an invalid attempt) beside several rows or no histograms.csv. A summary.csv
    /// that is not CSV goes by the folder's layout too, and the reader of that kind names its bad line.
    static func isSuite(_ folder: String) throws(ReportInputError) -> Bool {
        guard let text = try read(folder + "/summary.csv") else { return false }
        let rows: Int?
        do {
            rows = try CSVReader.table(text).rows.count
        } catch {
            rows = nil
        }
        let histograms = isFile(folder + "/histograms.csv")
        if let rows, rows > 1, !histograms { return true }
        if histograms, (rows ?? 0) <= 1 { return false }
        return !runFolders(in: try entries(of: folder), of: folder).isEmpty
    }

    /// The suite in `folder`: its summary.csv and, for each row, the run folder suite wrote it from (named
    /// after the row's scenario, with its seed as the round when the scenario has several rows, else the
    /// folder whose summary.csv holds the row), with server.log and the invalid attempts kept beside it.
    /// A row without its folder is an error naming the folder it should be in.
    static func suite(_ folder: String) throws(ReportInputError) -> SuiteData {
        let source = folder + "/summary.csv"
        let summary = try summary(source)
        let names = try entries(of: folder)
        let candidates = runFolders(in: names, of: folder)
        var used: Set<String> = []
        var summaries: [String: SummaryFile] = [:]
        var entries: [SuiteData.Entry] = []
        for row in summary.runs {
            let repeats = summary.runs.count { $0.scenario == row.scenario }
            let round = Int(row.fields["seed"] ?? "") ?? 1
            let expected = SuiteLayout.runFolder(scenario: row.scenario, round: round, repeats: repeats)
            var chosen: String? = nil
            if isDirectory(folder + "/" + expected), !used.contains(expected) {
                chosen = expected
            } else {
                // A scenario file's "name" names the row, not the folder: find the folder by its row.
                for name in candidates where !used.contains(name) {
                    if summaries[name] == nil { summaries[name] = try self.summary(folder + "/" + name) }
                    if let own = summaries[name]?.runs.first, differingColumn(row, own) == nil {
                        chosen = name
                        break
                    }
                }
            }
            guard let name = chosen else {
                throw .notFound(
                    path: folder + "/" + expected,
                    reason: "no run folder for line \(row.line) of \(source) (scenario \(row.scenario)): suite "
                        + "writes each run's results into a folder of its own there")
            }
            used.insert(name)
            let run = try run(folder + "/" + name)
            if let column = differingColumn(row, run.row) {
                throw .mismatchedRun(folder: folder + "/" + name, suiteSummary: source, line: row.line, column: column)
            }
            entries.append(
                SuiteData.Entry(
                    row: row, folder: name, run: run,
                    serverLog: try read(folder + "/" + name + "/server.log", optional: true),
                    retried: try retriedAttempts(of: name, among: names, in: folder)))
        }
        return SuiteData(name: folder, summarySource: source, entries: entries)
    }

    /// The first column of the suite's `row` whose value `own` (the run folder's row) does not share.
    static func differingColumn(_ row: SummaryRun, _ own: SummaryRun) -> String? {
        row.fields.keys.sorted().first { own.fields[$0] != row.fields[$0] }
    }

    /// The attempts of the run in `runFolder` that `suite --retries` kept (`<run>.invalid-<k>/`), by
    /// attempt, each with its summary's reason for not being valid.
    static func retriedAttempts(of runFolder: String, among names: [String], in folder: String) throws(ReportInputError)
        -> [SuiteData.RetriedAttempt]
    {
        let attempts = names.compactMap { name in SuiteLayout.invalidAttempt(name, of: runFolder).map { ($0, name) } }
        var retried: [SuiteData.RetriedAttempt] = []
        for (_, name) in attempts.sorted(by: { $0.0 < $1.0 }) {
            let kept = try summary(folder + "/" + name + "/summary.csv")
            retried.append(.init(folder: name, invalidReason: kept.runs.first?.invalidReason ?? ""))
        }
        return retried
    }

    /// The names in `folder`, sorted.
    static func entries(of folder: String) throws(ReportInputError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw .notFound(path: folder, reason: "the folder could not be listed (\(error.localizedDescription))")
        }
    }

    /// Of `names` in `folder`, the run folders: folders holding a summary.csv, invalid attempts left out.
    static func runFolders(in names: [String], of folder: String) -> [String] {
        names.filter { name in
            !SuiteLayout.isInvalidAttempt(name) && isDirectory(folder + "/" + name)
                && isFile(folder + "/" + name + "/summary.csv")
        }
    }
}
