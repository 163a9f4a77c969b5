import Foundation
import NSEBenchCore
import NSEBenchReport
import NSEBenchSystem

/// Why `report` could not read its inputs.
enum ReportInputError: Error, CustomStringConvertible {
    /// A path that does not exist, or a folder without the file a report needs.
    case notFound(path: String, reason: String)
    /// A file that exists but could not be read (the system's error).
    case unreadable(path: String, SystemError)
    /// A file read but not usable.
    case invalid(ReportError)
    /// A suite's run folder whose summary.csv is not the row of the suite's summary.csv it stands for:
    /// `column` differs (a folder left from another suite, or a summary edited since).
    case mismatchedRun(folder: String, suiteSummary: String, line: Int, column: String)

    var exitCode: ExitCode {
        if case .invalid(let error) = self { return error.exitCode }
        return .harnessError
    }

    var description: String {
        switch self {
        case .notFound(let path, let reason): "cannot read '\(path)': \(reason)"
        case .unreadable(let path, let error): "cannot read '\(path)': \(error)"
        case .invalid(let error): "\(error)"
        case .mismatchedRun(let folder, let suiteSummary, let line, let column):
            "'\(folder)/summary.csv' is not the run of line \(line) of '\(suiteSummary)': their \(column) differ "
                + "(a folder left from another suite?)"
        }
    }
}

/// What `report` was given, decided from the paths: a run folder, a suite's folder, a sweep folder, two
/// runs to compare, or a series of summaries (one per commit) for a trend.
enum ReportInputs {
    enum Kind: Equatable {
        case run(String)
        /// A suite's output folder: summary.csv with a row per run and a folder per run.
        case suite(String)
        case sweep(String)
        case compare(String, String)
        case trend([String])
    }

    /// The kind of report for `paths`: one folder with sweep.csv is a sweep, one with summary.csv a run
    /// or a suite's folder (``isSuite(_:)``), one with neither a trend over its `*.csv` files (by name);
    /// two runs compare unless `trend` (or both are `*.csv` files other than a run's summary.csv); more
    /// is a trend over their summary.csv files, in the order given.
    static func kind(of paths: [String], trend: Bool) throws(ReportInputError) -> Kind {
        if paths.count == 1, !trend {
            let path = paths[0]
            if isFile(folder(of: path) + "/sweep.csv") { return .sweep(folder(of: path)) }
            if isFile(folder(of: path) + "/summary.csv") {
                return try isSuite(folder(of: path)) ? .suite(folder(of: path)) : .run(folder(of: path))
            }
            if isDirectory(path) {
                let files = try csvFiles(in: path)
                guard files.count >= 1 else {
                    throw .notFound(path: path, reason: "no summary.csv, sweep.csv or *.csv summaries in the folder")
                }
                return .trend(files)
            }
            throw .notFound(
                path: path, reason: "no such run folder (with summary.csv) or sweep folder (with sweep.csv)")
        }
        // Two history files (not a run's summary.csv) are a trend of two commits, not a comparison of runs.
        let histories = paths.allSatisfy { isFile($0) && $0.hasSuffix(".csv") && !$0.hasSuffix("summary.csv") }
        if paths.count == 2, !trend, !histories {
            // Two suites are many runs a side, which the page of two runs drawn over each other cannot show.
            for path in paths where isFile(folder(of: path) + "/summary.csv") {
                guard try isSuite(folder(of: path)) else { continue }
                throw .notFound(
                    path: path,
                    reason: "a suite's folder, not a run's: report one suite at a time, or compare two with "
                        + "nse-bench compare")
            }
            return .compare(folder(of: paths[0]), folder(of: paths[1]))
        }
        var files: [String] = []
        for path in paths {
            files += isDirectory(path) && !isFile(path + "/summary.csv") ? try csvFiles(in: path) : [path]
        }
        return .trend(files)
    }

    /// A run folder, given as the folder or as its summary.csv.
    static func folder(of path: String) -> String {
        path.hasSuffix("/summary.csv")
            ? String(path.dropLast("/summary.csv".count))
            : path == "summary.csv" ? "." : path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }

    static func isFile(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && !directory.boolValue
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// The `*.csv` files of a folder, sorted by name (a CI history names them by date or sequence).
    static func csvFiles(in folder: String) throws(ReportInputError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw .notFound(path: folder, reason: "the folder could not be listed (\(error.localizedDescription))")
        }
        return names.filter { $0.hasSuffix(".csv") }.sorted().map { folder + "/" + $0 }
    }

    /// The text of `path`; nil when `optional` and the file does not exist.
    static func read(_ path: String, optional: Bool = false) throws(ReportInputError) -> String? {
        guard isFile(path) else {
            if optional { return nil }
            throw .notFound(path: path, reason: "no such file")
        }
        do {
            return try TextFile.read(path, limit: 1 << 30)
        } catch {
            throw .unreadable(path: path, error)
        }
    }

    /// The run in `folder`: summary.csv and histograms.csv, and timeline.csv when present.
    static func run(_ folder: String) throws(ReportInputError) -> RunData {
        let summary = folder + "/summary.csv"
        let histograms = folder + "/histograms.csv"
        let timeline = folder + "/timeline.csv"
        guard let summaryText = try read(summary) else { throw .notFound(path: summary, reason: "no such file") }
        guard let histogramsText = try read(histograms) else {
            throw .notFound(path: histograms, reason: "no such file")
        }
        let timelineText = try read(timeline, optional: true)
        do {
            return try RunData(
                name: folder, summaryText: summaryText, summarySource: summary, histogramsText: histogramsText,
                histogramsSource: histograms, timelineText: timelineText, timelineSource: timeline)
        } catch {
            throw .invalid(error)
        }
    }

    /// A summary.csv (or a folder holding one) for a trend.
    static func summary(_ path: String) throws(ReportInputError) -> SummaryFile {
        let file = isDirectory(path) ? path + "/summary.csv" : path
        guard let text = try read(file) else { throw .notFound(path: file, reason: "no such file") }
        do {
            return try SummaryFile(text: text, source: file)
        } catch {
            throw .invalid(.summary(error))
        }
    }

    /// The sweep in `folder`: sweep.csv, and cliffs.csv when present.
    static func sweep(_ folder: String) throws(ReportInputError) -> SweepData {
        let sweep = folder + "/sweep.csv"
        let cliffs = folder + "/cliffs.csv"
        guard let sweepText = try read(sweep) else { throw .notFound(path: sweep, reason: "no such file") }
        let cliffsText = try read(cliffs, optional: true)
        do {
            return try SweepData(
                sweepText: sweepText, sweepSource: sweep, cliffsText: cliffsText, cliffsSource: cliffs)
        } catch {
            throw .invalid(error)
        }
    }
}
