import Foundation
public import NSEBenchCore

/// `nse-bench suite DIR`: every scenario file in DIR, `--repeat` times each, into one summary CSV
/// that `compare` takes (and that `Results/baseline.csv` is made from).
public struct SuiteCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        name: "suite",
        abstract: "Run every scenario (*.json) in a folder into one summary.csv, for compare and the CI gate.",
        discussion: "Each scenario runs as 'nse-bench run --scenario FILE' would, quietly, into its own folder under "
            + "--out; their summary rows are collected in --out/summary.csv. With --repeat K each scenario runs K "
            + "times with seeds 1..K, so compare can pool them and test significance.",
        options: [
            .value(
                "out", short: "o", valueName: "DIR", help: "Result folder (default Results/runs/<timestamp>-suite/)."),
            .value("repeat", valueName: "K", default: "1", help: "Runs per scenario, with seeds 1..K."),
            .flag("quiet", short: "q", help: "No per-run lines."),
        ],
        positionals: [PositionalDeclaration("DIR", help: "Folder of scenario JSON files (Benchmarks/).")],
        examples: ["nse-bench suite Benchmarks/ --out /tmp/suite", "nse-bench compare Results/baseline.csv /tmp/suite"])

    public let directory: String
    public let output: String?
    public let repeats: Int
    public let quiet: Bool

    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        directory = arguments.positionals.first ?? "Benchmarks"
        output = arguments.string("out")
        repeats = try arguments.value("repeat", as: Int.self, in: 1...100) ?? 1
        quiet = arguments.isSet("quiet")
    }

    public func run(_ context: CommandContext) async throws -> ExitCode {
        let scenarios = try scenarioFiles()
        let folder = try OutputFolder.create(output, scenario: "suite")
        var rows: [String] = []
        var header: String? = nil
        var status = ExitCode.success
        for scenario in scenarios {
            for round in 1...repeats {
                let name = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
                let runFolder = folder.appendingPathComponent(repeats == 1 ? name : "\(name)-\(round)")
                var arguments = ["--scenario", scenario, "--out", runFolder.path, "--quiet"]
                if repeats > 1 { arguments += ["--seed", String(round)] }
                let parsed = try ArgumentParser.parse(arguments, for: RunCommand.configuration)
                let runStatus = try await RunCommand(parsing: parsed).run(context)
                let lines = try String(contentsOf: runFolder.appendingPathComponent("summary.csv"), encoding: .utf8)
                    .split(separator: "\r\n", omittingEmptySubsequences: true)
                guard lines.count >= 2 else { throw RunError.output("\(runFolder.path)/summary.csv has no row") }
                header = header ?? String(lines[0])
                rows.append(String(lines[1]))
                if !quiet { context.output.write(Self.line(name: name, round: round, header: lines[0], row: lines[1])) }
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
        if !quiet { context.output.write("suite: \(rows.count) runs → \(folder.path)/summary.csv\n") }
        return status
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

    private static func line(name: String, round: Int, header: Substring, row: Substring) -> String {
        let columns = (try? CSVReader.records(header + "\r\n" + row + "\r\n")) ?? []
        guard columns.count == 2 else { return "\(name) #\(round)\n" }
        let values = Dictionary(zip(columns[0], columns[1]), uniquingKeysWith: { first, _ in first })
        func value(_ key: String) -> String { values[key] ?? "" }
        return "\(name) #\(round): \(value("invocations")) invocations, enriched \(value("enriched_rate")), "
            + "fell back \(value("fallback_rate")), deliver p99 \(value("deliver_p99_ms")) ms, valid \(value("valid"))\n"
    }
}
