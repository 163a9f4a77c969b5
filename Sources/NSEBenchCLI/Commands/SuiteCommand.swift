import Foundation
public import NSEBenchCore

/// `nse-bench suite DIR`: every scenario file in DIR, `--repeat` times each, into one summary CSV
/// that `compare` takes (and that `Results/baseline.csv` is made from).
public struct SuiteCommand: ParsableCommand {
    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "suite",
        abstract: "Run every scenario (*.json) in a folder into one summary.csv, for compare and the CI gate.",
        discussion: "Each scenario runs as 'nse-bench run --scenario FILE' would, quietly, into its own folder under "
            + "--out; their summary rows are collected in --out/summary.csv. With --repeat K each scenario runs K "
            + "times with seeds 1..K, so compare can pool them and test significance. With --retries N a run whose "
            + "self-check found the harness distorted its figures (valid=false: timer, loop or admission lag, CPU "
            + "saturation) runs again with the same seed, up to N more times; each such attempt is kept in "
            + "<run>.invalid-<k>/ and named on stderr, and only the last attempt's row goes to summary.csv, so an "
            + "attempt that is still invalid stays invalid there. Harness failures (exit 1) and interruptions are "
            + "never retried. With --report, --out/report.html shows every run on one page: an overview row per "
            + "run linking to the run's own charts, as nse-bench report writes for that folder.",
        options: Options.declarations,
        positionals: [PositionalDeclaration("DIR", help: "Folder of scenario JSON files (Benchmarks/).")],
        examples: [
            "nse-bench suite Benchmarks/ --out /tmp/suite", "nse-bench compare Results/baseline.csv /tmp/suite",
            "nse-bench suite Benchmarks/ --out /tmp/suite --report",
        ])

    /// The folder of scenario JSON files (default `Benchmarks`).
    public let directory: String
    /// `--out`: the suite's folder; nil for a timestamped one.
    public let output: String?
    /// `--repeat`: runs per scenario, seeds 1 to K.
    public let repeats: Int
    /// How many more attempts a run that came out `valid=false` gets.
    public let retries: Int
    /// `--quiet`.
    public let quiet: Bool
    /// Whether to write the suite's report.html once every run is in.
    public let writeReport: Bool

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        directory = arguments.positionals.first ?? "Benchmarks"
        output = try arguments[Options.out]
        repeats = try arguments[Options.repeats]
        retries = try arguments[Options.retries]
        quiet = try arguments[Options.quiet]
        writeReport = try arguments[Options.report]
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        try await run(context) { arguments in
            let parsed = try ArgumentParser.parse(arguments, for: RunCommand.configuration)
            return try await RunCommand(parsing: parsed).run(context)
        }
    }

    /// The suite, with `runOne` running one scenario run from `nse-bench run` arguments (tests pass
    /// their own).
    func run(
        _ context: CommandContext, runOne: ([String]) async throws -> ExitCode
    ) async throws -> ExitCode {
        let scenarios = try scenarioFiles()
        let folder = try OutputFolder.create(output, scenario: "suite")
        var rows: [String] = []
        var header: String? = nil
        var status = ExitCode.success
        var invalidAttempts: [String] = []
        for scenario in scenarios {
            for round in 1...repeats {
                let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
                let runFolder = folder.appendingPathComponent(
                    SuiteLayout.runFolder(scenario: name, round: round, repeats: repeats))
                var arguments = ["--scenario", scenario, "--out", runFolder.path, "--quiet"]
                if repeats > 1 { arguments += ["--seed", String(round)] }
                var attempt = 1
                var runStatus: ExitCode
                var result: RunFolderSummary
                while true {
                    runStatus = try await runOne(arguments)
                    result = try RunFolderSummary(folder: runFolder)
                    guard result.isRetryable(status: runStatus), attempt <= retries else { break }
                    let kept = runFolder.deletingLastPathComponent()
                        .appendingPathComponent(
                            SuiteLayout.invalidAttemptFolder(of: runFolder.lastPathComponent, attempt: attempt))
                    try Self.move(runFolder, to: kept)
                    invalidAttempts.append(kept.path)
                    context.errors.write(
                        "suite: \(name) #\(round) attempt \(attempt) is not valid (\(result.invalidReason)); "
                            + "kept in \(kept.path); running it again (attempt \(attempt + 1) of \(retries + 1))\n")
                    attempt += 1
                }
                header = header ?? result.header
                rows.append(result.row)
                if !quiet { context.output.write(Self.line(name: name, round: round, result: result)) }
                if runStatus == .interrupted || runStatus == .terminated { status = runStatus }
                if runStatus == .regression, status == .success {
                    status = .regression
                    if !quiet { context.output.write("\(name): a --threshold failed (see its thresholds.csv)\n") }
                }
                if status == .interrupted || status == .terminated { break }
            }
            if status == .interrupted || status == .terminated { break }
        }
        let text = ([header ?? CSVWriter.record(SummaryRow.header).trimmingCharacters(in: .newlines)] + rows)
            .map { $0 + "\r\n" }.joined()
        try text.write(to: folder.appendingPathComponent("summary.csv"), atomically: true, encoding: .utf8)
        if !quiet {
            context.output.write(
                "suite: \(rows.count) runs → \(folder.path)/summary.csv"
                    + (invalidAttempts.isEmpty
                        ? "" : "; \(invalidAttempts.count) invalid attempts ran again (kept beside them)")
                    + "\n")
        }
        if writeReport, !rows.isEmpty {
            let path = try ReportCommand.writeSuiteReport(folder: folder.path)
            if !quiet { context.output.write("report: \(path)\n") }
        }
        return status
    }

    private static func move(_ source: URL, to destination: URL) throws(RunError) {
        do {
            try FileManager.default.moveItem(at: source, to: destination)
        } catch {
            throw RunError.output("could not keep the invalid attempt \(source.path) as \(destination.path): \(error)")
        }
    }

    private func scenarioFiles() throws -> [String] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw UsageError.invalidValue(
                option: "DIR", value: directory, expected: "a readable folder of scenario files")
        }
        let files = entries.filter { $0.hasSuffix(".json") && $0 != "thresholds.json" }.sorted()
        guard !files.isEmpty else {
            throw UsageError.invalidValue(
                option: "DIR", value: directory, expected: "a folder holding scenario *.json files")
        }
        return files.map { (directory as NSString).appendingPathComponent($0) }
    }

    private static func line(name: String, round: Int, result: RunFolderSummary) -> String {
        func value(_ key: String) -> String { result.values[key] ?? "" }
        return "\(name) #\(round): \(value("invocations")) invocations, enriched \(value("enriched_rate")), "
            + "fell back \(value("fallback_rate")), deliver p99 \(value("deliver_p99_ms")) ms, valid \(value("valid"))\n"
    }
}

extension SuiteCommand {
    /// `suite`'s options, each declared once with its help, default and parser.
    enum Options {
        static let out: Option<String?> = .value(
            "out", short: "o", valueName: "DIR", help: "Result folder (default Results/runs/<timestamp>-suite/).")
        static let repeats: Option<Int> = .value(
            "repeat", valueName: "K", default: "1", help: "Runs per scenario, with seeds 1..K.", .within(1...100))
        static let retries: Option<Int> = .value(
            "retries", valueName: "N", default: "0",
            help: "Run an invalid (valid=false) run again, up to N more times (0-10).", .within(0...10))
        static let report: Option<Bool> = .flag(
            "report",
            help: "Also write --out/report.html: an overview of the runs and each run's charts (nse-bench report).")
        static let quiet: Option<Bool> = .flag("quiet", short: "q", help: "No per-run lines.")

        /// Every option of `suite`, in `--help` order.
        static let declarations: [OptionDeclaration] =
            ([out, repeats, retries, report, quiet] as [any DeclaredOption]).map(\.declaration)
    }
}
