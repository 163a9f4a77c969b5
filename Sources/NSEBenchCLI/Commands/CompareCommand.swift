import Foundation
public import NSEBenchCore

/// `nse-bench compare BASELINE CANDIDATE`: the CI gate. Judges every metric of every scenario and
/// exits 0 (no regression), 2 (regression), 3 (not comparable), 4 (improvement only) or 1 (a file
/// that cannot be read, or runs the harness itself marked invalid or partial).
public struct CompareCommand: ParsableCommand {
    /// Report formats.
    public enum Format: String, ArgumentValue, CaseIterable, Sendable {
        case text, markdown, json, csv
    }

    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "compare",
        abstract: "Compare two runs' summary.csv and gate CI on regressions.",
        discussion: """
            Matches rows by scenario (several rows of one scenario are repeated runs) and judges every rate, time \
            and measure. A rate (enriched_rate, killed_rate, ...) changes only if a pooled two-proportion test is \
            significant at --alpha AND it moved at least --min-effect. A time (deliver_p99_ms, ...) changes only if \
            its median moved beyond both --relative and --absolute-ms, and, with 3 or more runs a side, a \
            Mann-Whitney test over the runs is significant too. Measures use their own relative tolerance; \
            throughput, CPU seconds and peak RSS are report-only unless the thresholds file says otherwise. \
            crash_places (from crash_reasons) is a regression when a place in the extension's code (its file's name, \
            function and failure, without line, column, folder or signal) crashed in the candidate and in no baseline \
            run, however few invocations it took down (with an alpha of its own in the thresholds file, only when a \
            one-sided exact test finds its crashes too many to have all fallen in the candidate by chance); every \
            report lists the places either side crashed at. \
            --alpha, --min-effect, --relative and --absolute-ms replace the thresholds file's defaults; its \
            per-metric and per-scenario entries still win.

            Settings and the schema version must match, and so must the host fingerprint unless \
            --allow-env-mismatch is given; otherwise exit 3, naming the column and both values. A scenario in \
            one file only is reported, not failed; no common scenario at all is exit 3.

            Exit status: 0 no regression, 2 regression, 4 improvement only, 3 not comparable, 1 harness error: \
            an unreadable, malformed or truncated file (with its line), missing columns (named), a row whose \
            figures disagree (no invocations, outcome counts that do not add up, a rate unlike its counts), or a compared \
            row marked valid=false or partial=true (its figures may be the harness's doing; the report still \
            shows every verdict), 64 bad flag or thresholds file.
            """,
        options: Options.declarations,
        positionals: [
            PositionalDeclaration("BASELINE", help: "The reference run: a summary.csv or a run folder holding one."),
            PositionalDeclaration("CANDIDATE", help: "The run to judge: a summary.csv or a run folder holding one."),
        ],
        examples: [
            "nse-bench compare Results/baseline Results/runs/latest",
            "nse-bench compare main/summary.csv pr/summary.csv --format markdown >> \"$GITHUB_STEP_SUMMARY\"",
            "nse-bench compare a b --alpha 0.001 --min-effect 0.02 --thresholds none --format json -o compare.json",
        ])

    /// BASELINE: a summary.csv or a run folder holding one.
    public let baselinePath: String
    /// CANDIDATE: a summary.csv or a run folder holding one.
    public let candidatePath: String
    /// `--format`.
    public let format: Format
    /// The thresholds, their overrides and `--allow-env-mismatch`.
    public let options: CompareOptions
    /// The thresholds file read, if any.
    public let thresholdsPath: String?
    /// `--output`: a file the report is also written to.
    public let outputPath: String?

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        baselinePath = arguments.positionals[0]
        candidatePath = arguments.positionals[1]
        format = try arguments[Options.format]
        let overrides = ThresholdDefaults(
            alpha: try arguments[Options.alpha], minimumEffect: try arguments[Options.minimumEffect],
            timeRelative: try arguments[Options.relative],
            timeAbsoluteMilliseconds: try arguments[Options.absoluteMilliseconds])
        let (path, thresholds) = try Self.thresholds(
            try arguments[Options.thresholds], near: [baselinePath, candidatePath])
        thresholdsPath = path
        options = CompareOptions(
            thresholds: thresholds, overrides: overrides,
            allowEnvironmentMismatch: try arguments[Options.allowEnvironmentMismatch])
        outputPath = try arguments[Options.output]
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        let baseline: SummaryFile
        let candidate: SummaryFile
        do {
            baseline = try CompareInput.load(baselinePath, side: "baseline")
            candidate = try CompareInput.load(candidatePath, side: "candidate")
        } catch {
            context.errors.write("error: \(error)\n")
            return error.exitCode
        }
        let comparison = Comparator.compare(baseline: baseline, candidate: candidate, options: options)
        let report = try Self.render(comparison, as: format)
        context.output.write(report)
        if let outputPath {
            try report.write(toFile: outputPath, atomically: true, encoding: .utf8)
        }
        return comparison.outcome.exitCode
    }

    /// The report in `format`.
    static func render(_ comparison: Comparison, as format: Format) throws -> String {
        switch format {
        case .text: return comparison.text()
        case .markdown: return comparison.markdown()
        case .csv: return comparison.csv()
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(comparison), as: UTF8.self) + "\n"
        }
    }

    /// The thresholds file named by `--thresholds`, else the default one found near the inputs
    /// (``ThresholdsFile/locateDefault(near:workingDirectory:executable:)``), else none.
    static func thresholds(_ given: String?, near inputs: [String]) throws(UsageError) -> (
        String?, Thresholds
    ) {
        if given == "none" { return (nil, Thresholds()) }
        guard let path = given ?? ThresholdsFile.locateDefault(near: inputs) else { return (nil, Thresholds()) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw .invalidValue(option: "thresholds", value: path, expected: "a readable JSON file, or 'none'")
        }
        do {
            return (path, try ThresholdsFile.parse(text))
        } catch {
            throw .invalidValue(option: "thresholds", value: path, expected: "a valid thresholds file: \(error)")
        }
    }
}

extension CompareCommand {
    /// `compare`'s options, each declared once with its help, default and parser.
    enum Options {
        static let format: Option<Format> = .value(
            "format", valueName: "FORMAT", default: "text",
            help: "Report format: text, markdown (for a pull-request comment or $GITHUB_STEP_SUMMARY), json or csv.",
            .converted)
        static let thresholds: Option<String?> = .value(
            "thresholds", valueName: "FILE",
            help: "Thresholds file (JSON: defaults, metrics, scenarios). Default: \(ThresholdsFile.defaultPath) "
                + "in the working directory, else in the nearest folder above BASELINE or CANDIDATE, else in "
                + "nse-bench's own repository; 'none' for the built-in defaults only.")
        static let alpha: Option<Double?> = .value(
            "alpha", valueName: "P", help: "Significance level of every test, above 0 and below 1 (built-in: 0.01).",
            number("a significance level above 0 and below 1") { $0 > 0 && $0 < 1 })
        static let minimumEffect: Option<Double?> = .value(
            "min-effect", valueName: "FRACTION",
            help: "Smallest change of a rate that counts, from 0 to 1; 0.01 is one percentage point "
                + "(built-in: 0.01).", number("a fraction from 0 to 1") { $0 >= 0 && $0 <= 1 })
        static let relative: Option<Double?> = .value(
            "relative", valueName: "FRACTION",
            help: "Relative tolerance of time metrics, at least 0; 0.1 is 10% (built-in: 0.1).",
            number("a fraction of at least 0") { $0 >= 0 })
        static let absoluteMilliseconds: Option<Double?> = .value(
            "absolute-ms", valueName: "MS",
            help: "Absolute tolerance of time metrics in milliseconds, at least 0 (built-in: 5).",
            number("milliseconds, at least 0") { $0 >= 0 })
        static let allowEnvironmentMismatch: Option<Bool> = .flag(
            "allow-env-mismatch",
            help: "Compare even when the host fingerprint differs (never when settings or the schema differ).")
        static let output: Option<String?> = .value(
            "output", short: "o", valueName: "FILE", help: "Also write the report to FILE.")

        /// Every option of `compare`, in `--help` order.
        static let declarations: [OptionDeclaration] =
            ([
                format, thresholds, alpha, minimumEffect, relative, absoluteMilliseconds, allowEnvironmentMismatch,
                output,
            ] as [any DeclaredOption]).map(\.declaration)

        /// A number checked by `isValid`, else a usage error saying `expected`.
        private static func number(_ expected: String, isValid: @escaping @Sendable (Double) -> Bool)
            -> OptionParser<Double>
        {
            OptionParser<Double>.converted.checking { isValid($0) ? nil : expected }
        }
    }
}
