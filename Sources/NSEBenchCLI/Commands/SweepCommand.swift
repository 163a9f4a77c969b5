import Foundation
public import NSEBenchCore
import NSEBenchSystem

/// `nse-bench sweep`: one scenario over a range of one setting, for one or more extensions, into
/// sweep.csv and cliffs.csv: where each extension falls off the deadline cliff.
public struct SweepCommand: ParsableCommand {
    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "sweep",
        abstract: "Run one scenario over a range of one setting and find where each extension falls off the cliff.",
        discussion: """
            Runs the scenario the run options describe (every 'nse-bench run' option applies, --scenario \
            included) at --steps evenly spaced values of one setting, for each extension of --extensions, \
            each point as 'nse-bench run' would with the same seed, so the points differ only in the swept \
            setting. Then, for each level of --levels, it finds the cliff: walking from the range's good end \
            (a short first byte, a wide pipe), the furthest value at which the extension still arrives at \
            least that enriched, and narrows it with --refine more runs between the last point that held \
            the level and the first that lost it, placing the cliff by linear interpolation within the \
            final bracket. Results go to --out: one run folder per point (<extension>/<setting>-<value>/), \
            sweep.csv (sweep_setting, sweep_value, sweep_unit, sweep_stage, then every summary.csv column; \
            one row per point and extension, grid and refinement points alike) and cliffs.csv (extension, \
            level, value, unit, finding, valid); with --report, report.html draws them (the points' runs get no \
            report of their own). Settings: ttfb (a fixed first byte), bandwidth, \
            concurrency (closed load), rate (open load), media-size (one media file of that size, a .jpg), \
            deadline. Exits 1 when a run hit a harness failure, 130/143 when interrupted (what was measured \
            is written).
            """,
        options: RunOptions.declarations + Options.declarations,
        examples: [
            "nse-bench sweep --sweep ttfb=0s..40s --steps 9 --extensions media,media-25s,template --time-scale 0.02 -n 200",
            "nse-bench sweep --scenario Benchmarks/steady-3g.json --sweep bandwidth=64kbit/s..2MB/s --steps 6",
            "nse-bench sweep --sweep concurrency=100..2000 --steps 5 --extension Examples/MediaDownload",
        ])

    /// `--sweep SETTING=FROM..TO`: the setting varied and its range.
    public let range: SweepRange
    /// `--steps`: the evenly spaced points, both ends included.
    public let steps: Int
    /// `--refine`: the bisecting runs per cliff.
    public let refine: Int
    /// `--levels`: the enriched-rate levels whose cliffs are found, highest first.
    public let levels: [Double]
    /// The extensions swept side by side: `--extensions`, else `--extension`'s one.
    public let extensions: [String]
    /// `--out`: the sweep's folder; nil for a timestamped one.
    public let output: String?
    /// `--quiet`.
    public let quiet: Bool
    /// The run options as given; each point's run is these with the swept setting, the extension and
    /// the run folder replaced.
    let runArguments: ParsedArguments

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        guard let range = try arguments[Options.sweep] else {
            throw .missingValue(option: Options.sweep.name, valueName: "SETTING=FROM..TO")
        }
        self.range = range
        if arguments.wasGiven(range.setting.runOption) {
            throw .invalidCombination(
                "--\(range.setting.runOption) is what --sweep \(range.setting) varies: drop one of them")
        }
        steps = try arguments[Options.steps]
        refine = try arguments[Options.refine]
        levels = try arguments[Options.levels]
        if arguments.wasGiven(Options.extensions), arguments.wasGiven(RunOptions.extensionName) {
            throw .conflictingOptions(Options.extensions.name, RunOptions.extensionName.name)
        }
        if let list = try arguments[Options.extensions] {
            extensions = list
        } else {
            extensions = [try arguments[RunOptions.extensionName]]
        }
        guard Set(extensions).count == extensions.count else {
            throw .invalidValue(
                option: Options.extensions.name, value: extensions.joined(separator: ","),
                expected: "each extension once")
        }
        output = try arguments[RunOptions.out]
        quiet = try arguments[RunOptions.quiet]
        runArguments = arguments
        // Every point's settings are checked before the first run, so a bad combination fails at once.
        for name in extensions {
            for value in [range.from, range.to] {
                _ = try RunCommand(parsing: pointArguments(extension: name, value: value, folder: "/nonexistent"))
            }
        }
    }

    static func levels(_ text: String) throws(UsageError) -> [Double] {
        let values = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { $0 > 0 && $0 <= 1 } ?? false }) else {
            throw .invalidValue(
                option: Options.levels.name, value: text,
                expected: "comma-separated fractions above 0 and at most 1 (0.99,0.95)")
        }
        return values.compactMap { $0 }.sorted(by: >)
    }

    /// The `run` arguments of one point.
    func pointArguments(extension name: String, value: Double, folder: String) -> ParsedArguments {
        runArguments
            .replacing(range.setting.runOption, with: range.setting.argument(value))
            .replacing(RunOptions.extensionName.name, with: name)
            .replacing(RunOptions.out.name, with: folder)
            .settingFlag(RunOptions.quiet.name)
            .clearingFlag(RunOptions.report.name)
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        try await run(context) { arguments in try await RunCommand(parsing: arguments).run(context) }
    }

    /// The sweep, with `runOne` running one point from its `run` arguments (tests pass their own).
    func run(_ context: CommandContext, runOne: (ParsedArguments) async throws -> ExitCode) async throws
        -> ExitCode
    {
        let folder = try OutputFolder.create(output, scenario: "sweep")
        var table = SweepTable(setting: range.setting)
        var cliffs: [(extension: String, cliff: SweepCliff)] = []
        var status = ExitCode.success
        sweep: for name in extensions {
            var points: [SweepPoint] = []
            func measure(_ value: Double, stage: String) async throws -> Bool {
                let pointFolder = folder.appendingPathComponent(Self.folderName(name))
                    .appendingPathComponent("\(range.setting)-\(Self.fileSafe(range.setting.argument(value)))")
                let runStatus = try await runOne(
                    pointArguments(extension: name, value: value, folder: pointFolder.path))
                if runStatus == .harnessError { status = .harnessError }
                if runStatus == .interrupted || runStatus == .terminated {
                    status = runStatus
                }
                // An interrupted run still wrote what it measured, marked partial.
                let summary = try RunFolderSummary(folder: pointFolder)
                table.append(summary, value: value, stage: stage)
                try table.write(to: folder.appendingPathComponent("sweep.csv"))
                let enriched = Double(summary.values["enriched_rate"] ?? "") ?? 0
                points.append(
                    SweepPoint(value: value, enrichedRate: enriched, valid: summary.values["valid"] == "true"))
                if !quiet {
                    context.output.write(
                        "\(name) \(range.setting)=\(range.setting.display(value)): "
                            + "\(summary.values["invocations"] ?? "?") invocations, enriched "
                            + "\(Self.percent(enriched)), fell back "
                            + "\(Self.percent(Double(summary.values["fallback_rate"] ?? "") ?? 0))"
                            + Self.otherOutcomes(summary)
                            + (summary.values["valid"] == "true" ? "" : ", NOT VALID: \(summary.invalidReason)")
                            + (stage == "refine" ? " (refining)" : "") + "\n")
                }
                return status != .interrupted && status != .terminated
            }
            for value in range.points(steps: steps) {
                guard try await measure(value, stage: "grid") else { break sweep }
            }
            for level in levels {
                for _ in 0..<refine {
                    guard let next = SweepCliff.bisect(points, level: level, setting: range.setting) else { break }
                    guard try await measure(next, stage: "refine") else { break sweep }
                }
            }
            for level in levels {
                cliffs.append((name, SweepCliff.find(points, level: level, setting: range.setting)))
            }
        }
        try Self.writeCliffs(cliffs, setting: range.setting, to: folder.appendingPathComponent("cliffs.csv"))
        var text = "cliffs (\(range.setting), \(SweepCliff.walkDescription(range.setting))):\n"
        for (name, cliff) in cliffs { text += "  " + cliff.sentence(extension: name, setting: range.setting) + "\n" }
        text += "sweep: \(table.count) runs → \(folder.path)/sweep.csv, cliffs.csv\n"
        if try runArguments[RunOptions.report] {
            text += "report: \(try ReportCommand.writeSweepReport(folder: folder.path))\n"
        }
        context.output.write(text)
        return status
    }

    static func writeCliffs(
        _ cliffs: [(extension: String, cliff: SweepCliff)], setting: SweepSetting, to file: URL
    ) throws {
        var text = CSVWriter.record(["extension", "level", "value", "unit", "finding", "valid"])
        for (name, cliff) in cliffs {
            let finding =
                switch cliff.finding {
                case .at: "within"
                case .belowAcrossTheRange: "below_across_range"
                case .beyondTheRange: "beyond_range"
                }
            text += CSVWriter.record([
                name, FixedPoint.text(cliff.level, places: 4), cliff.value.map { FixedPoint.text($0, places: 3) } ?? "",
                setting.unit, finding, cliff.fromValidRuns ? "true" : "false",
            ])
        }
        try TextFile.write(text, to: file.path)
    }

    /// The outcomes other than enriched, as counts: ", others: expired_best_attempt 23, killed 2".
    static func otherOutcomes(_ summary: RunFolderSummary) -> String {
        let counts = InvocationOutcome.allCases.filter { $0 != .enriched }.compactMap { outcome in
            let count = summary.values[outcome.rawValue] ?? ""
            return (Int(count) ?? 0) > 0 ? "\(outcome) \(count)" : nil
        }
        return counts.isEmpty ? "" : " (others: \(counts.joined(separator: ", ")))"
    }

    static func percent(_ rate: Double) -> String { FixedPoint.text(rate * 100, places: 1) + "%" }

    /// A folder name for an extension: its built-in name, or a path's last component.
    static func folderName(_ name: String) -> String {
        fileSafe(URL(fileURLWithPath: name).lastPathComponent)
    }

    static func fileSafe(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
    }
}

extension SweepCommand {
    /// `sweep`'s own options (the rest are `run`'s), each declared once with its help, default and parser.
    enum Options {
        static let sweep: Option<SweepRange?> = .value(
            "sweep", valueName: "SETTING=FROM..TO",
            help: "The setting and range: ttfb=0s..40s, bandwidth=128kbit/s..4MB/s, concurrency=10..1000, "
                + "rate=10..2000, media-size=100KB..20MB, deadline=5s..30s.",
            OptionParser { (text, option) throws(UsageError) in
                do throws(ValueParseError) {
                    return try SweepRange(parsing: text)
                } catch {
                    throw .invalidValue(option: option, value: text, expected: error.reason ?? SweepRange.expectedForm)
                }
            })
        static let steps: Option<Int> = .value(
            "steps", valueName: "K", default: "5", help: "Evenly spaced points, both ends included (2-50).",
            .within(2...50))
        static let extensions: Option<[String]?> = .value(
            "extensions", valueName: "LIST",
            help: "Comma-separated extensions to sweep side by side (built-in names or paths); default "
                + "--extension's.",
            OptionParser { (text, option) throws(UsageError) in
                let list = text.split(separator: ",", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                guard !list.isEmpty, !list.contains(where: \.isEmpty) else {
                    throw .invalidValue(
                        option: option, value: text,
                        expected: "a comma-separated list of extensions, such as media,media-25s")
                }
                return list
            })
        static let refine: Option<Int> = .value(
            "refine", valueName: "N", default: "2",
            help: "More runs per cliff, bisecting between the points that held and lost its level (0-10).",
            .within(0...10))
        static let levels: Option<[Double]> = .value(
            "levels", valueName: "LIST", default: "0.99,0.95,0.5",
            help: "Enriched-rate levels whose cliff is found, fractions above 0 and at most 1.",
            OptionParser { (text, _) throws(UsageError) in try SweepCommand.levels(text) })

        /// `sweep`'s own options, in `--help` order, after `run`'s.
        static let declarations: [OptionDeclaration] =
            ([sweep, steps, extensions, refine, levels] as [any DeclaredOption]).map(\.declaration)
    }
}
