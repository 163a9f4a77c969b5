import Foundation
public import NSEBenchCore
import NSEBenchReport
import NSEBenchSystem

/// `nse-bench report`: one self-contained HTML file (inline SVG and CSS, no script, nothing fetched)
/// of a run, of a suite's runs, of two runs compared, of a series of commits, or of a sweep.
public struct ReportCommand: ParsableCommand {
    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "report",
        abstract:
            "Write a self-contained HTML report of a run, a suite, a comparison, a trend across commits or a sweep.",
        discussion: """
            One run folder (summary.csv, histograms.csv, timeline.csv): what users saw (outcome shares overall \
            and per network class), time to deliver as a CDF with the deadline, the grace end and the \
            extension's own timeout, slack at delivery, blame of the misses, a per-second timeline, the \
            self-check and every setting. A suite's folder (suite --out: summary.csv with a row per run, and a \
            folder per run): an overview table, one row per run (its outcome shares as a bar, enriched and \
            fallback rate, deliver p50 and p99, the largest blame, valid or why not, and the settings that differ \
            between the runs), each linking to that run's own sections below; --repeat and --retries are named. \
            Two run folders: the two drawn over each other, with compare's \
            verdict table. Three or more summary.csv files (or --trend, or one folder of *.csv files, taken \
            in name order): the trend of enriched rate, fallback rate and deliver p99 per commit, each point \
            marked with the gate's verdict against the commit before. A sweep folder (sweep.csv, cliffs.csv): \
            enriched and fallback rate against the swept value, one curve per extension, with the cliffs \
            marked. The page fetches nothing and runs no script, so it reads offline and attaches to a CI job.

            Exit status: 0 written, 1 an input that cannot be read or is malformed (named, with its line; for a \
            suite, a row whose run folder is missing, named), \
            3 a summary of another schema version, 64 bad flag.
            """,
        options: Options.declarations,
        positionals: [
            PositionalDeclaration(
                "INPUT",
                help: "A run folder, a suite's folder, a sweep folder, two run folders, or summary.csv files (one per "
                    + "commit).",
                variadic: true)
        ],
        examples: [
            "nse-bench report Results/runs/latest",
            "nse-bench report /tmp/suite",
            "nse-bench report base-run candidate-run -o compare.html",
            "nse-bench report history/*.csv -o trend.html",
            "nse-bench report /tmp/sweep",
        ])

    /// The run, suite or sweep folders, or summary.csv files, given.
    public let inputs: [String]
    /// `--output`; nil for the input's own report.html.
    public let outputPath: String?
    /// `--trend`.
    public let trend: Bool
    /// The thresholds of a comparison or trend, and `--allow-env-mismatch`.
    public let options: CompareOptions

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        inputs = arguments.positionals
        outputPath = try arguments[Options.output]
        trend = try arguments[Options.trend]
        let (_, thresholds) = try CompareCommand.thresholds(try arguments[Options.thresholds], near: inputs)
        options = CompareOptions(
            thresholds: thresholds, allowEnvironmentMismatch: try arguments[Options.allowEnvironmentMismatch])
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        let built: (html: String, defaultPath: String)
        do {
            built = try build()
        } catch {
            context.errors.write("error: \(error)\n")
            return error.exitCode
        }
        let path = outputPath ?? built.defaultPath
        try TextFile.write(built.html, to: path)
        context.output.write("report written to \(path) (\(Self.size(built.html.utf8.count)))\n")
        return .success
    }

    /// The page and where it goes by default.
    func build() throws(ReportInputError) -> (html: String, defaultPath: String) {
        switch try ReportInputs.kind(of: inputs, trend: trend) {
        case .run(let folder):
            let run = try ReportInputs.run(folder)
            let log = try ReportInputs.read(folder + "/server.log", optional: true)
            return (RunReport.html(run, serverLog: log), folder + "/report.html")
        case .suite(let folder):
            return (SuiteReport.html(try ReportInputs.suite(folder)), folder + "/report.html")
        case .sweep(let folder):
            return (SweepReport.html(try ReportInputs.sweep(folder), name: folder), folder + "/report.html")
        case .compare(let baselineFolder, let candidateFolder):
            let baseline = try ReportInputs.run(baselineFolder)
            let candidate = try ReportInputs.run(candidateFolder)
            let comparison = Comparator.compare(
                baseline: baseline.summary, candidate: candidate.summary, options: options)
            let logs = [
                try ReportInputs.read(baselineFolder + "/server.log", optional: true),
                try ReportInputs.read(candidateFolder + "/server.log", optional: true),
            ]
            return (
                CompareReport.html(baseline: baseline, candidate: candidate, comparison: comparison, serverLogs: logs),
                "report.html"
            )
        case .trend(let paths):
            var files: [SummaryFile] = []
            for path in paths { files.append(try ReportInputs.summary(path)) }
            return (TrendReport.html(TrendData(files: files, options: options)), "report.html")
        }
    }

    /// Writes `folder/report.html` for the sweep in `folder` (what `sweep --report` does); returns its path.
    static func writeSweepReport(folder: String) throws -> String {
        try writeReport(in: folder) { () throws(ReportInputError) in
            SweepReport.html(try ReportInputs.sweep(folder), name: folder)
        }
    }

    /// Writes `folder/report.html` for the run in `folder` (`run --report`) and returns its path.
    static func writeRunReport(folder: String) throws -> String {
        try writeReport(in: folder) { () throws(ReportInputError) in
            RunReport.html(
                try ReportInputs.run(folder), serverLog: try ReportInputs.read(folder + "/server.log", optional: true))
        }
    }

    /// Writes `folder/report.html` for the suite in `folder` (`suite --report`) and returns its path.
    static func writeSuiteReport(folder: String) throws -> String {
        try writeReport(in: folder) { () throws(ReportInputError) in SuiteReport.html(try ReportInputs.suite(folder)) }
    }

    /// Writes the page `build` makes to `folder/report.html`; an input it cannot read is an output error.
    private static func writeReport(in folder: String, _ build: () throws(ReportInputError) -> String) throws -> String
    {
        let page: String
        do {
            page = try build()
        } catch {
            throw RunError.output("report.html not written: \(error)")
        }
        let path = folder + "/report.html"
        try TextFile.write(page, to: path)
        return path
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000
            ? FixedPoint.text(Double(bytes) / 1e6, places: 2) + " MB"
            : FixedPoint.text(Double(bytes) / 1e3, places: 1) + " KB"
    }
}

extension ReportCommand {
    /// `report`'s options, each declared once with its help and parser.
    enum Options {
        static let output: Option<String?> = .value(
            "output", short: "o", valueName: "FILE",
            help: "Where to write the HTML (default: report.html in the run, suite or sweep folder; ./report.html "
                + "for a comparison or a trend).")
        static let trend: Option<Bool> = .flag(
            "trend", help: "Treat the inputs as a series of summary.csv files, oldest first, even two of them.")
        static let thresholds: Option<String?> = .value(
            "thresholds", valueName: "FILE",
            help: "Thresholds for the verdicts of a comparison or a trend, as compare reads them "
                + "(default: \(ThresholdsFile.defaultPath) found as compare finds it; 'none' for built-ins).")
        static let allowEnvironmentMismatch: Option<Bool> = .flag(
            "allow-env-mismatch", help: "Judge runs whose host fingerprints differ, as compare does.")

        /// Every option of `report`, in `--help` order.
        static let declarations: [OptionDeclaration] =
            ([output, trend, thresholds, allowEnvironmentMismatch] as [any DeclaredOption]).map(\.declaration)
    }
}
