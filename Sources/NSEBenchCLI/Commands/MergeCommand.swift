import Foundation
public import NSEBenchCore
import NSEBenchSystem

/// `nse-bench merge DIR... -o DIR`: joins the result folders of the instances of one run split
/// with `--segment` into the result folder one machine would have written.
public struct MergeCommand: ParsableCommand {
    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "merge",
        abstract: "Merge the results of a run split with --segment across instances into one result.",
        discussion: """
            Each DIR is one instance's result folder (summary.csv, histograms.csv, invocations.csv). Counts add; \
            percentiles come from the merged histograms (exact to HdrHistogram's 3 significant digits); rates from \
            the summed counts; throughput and CPU add; the self-check takes the worst instance's figure and names \
            it. The merged summary.csv has a single run's columns with instances = N, so compare, --threshold \
            and the CI gate read it unchanged; invocations.csv keeps every row, behind an instance column, \
            streamed; timeline.csv and endpoints.csv (side calls) add the instances' seconds, and the media \
            host's peaks are the merged timeline's busiest second; instances.csv lists what was merged.

            Refuses (exit 3), naming what differs, when the instances' settings differ, their segments overlap \
            or leave one out, or one is partial (interrupted), unless --allow-partial, which marks the merge \
            partial. Exit 1 for a folder that cannot be read.
            """,
        options: Options.declarations,
        positionals: [
            PositionalDeclaration("DIR", help: "The instances' result folders.", variadic: true)
        ],
        examples: [
            "nse-bench merge results/0 results/1 results/2 results/3 -o results/merged",
            "nse-bench merge /results/segment-* -o /results/merged && nse-bench compare baseline /results/merged",
        ])

    /// The instances' result folders.
    public let folders: [String]
    /// `--out`: the merged result folder.
    public let output: String
    /// `--allow-partial`.
    public let allowPartial: Bool
    /// `--skip-invocations`.
    public let skipInvocations: Bool
    /// `--quiet`.
    public let quiet: Bool

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        folders = arguments.positionals
        guard let output = try arguments[Options.out] else {
            throw .missingValue(option: Options.out.name, valueName: "DIR")
        }
        self.output = output
        allowPartial = try arguments[Options.allowPartial]
        skipInvocations = try arguments[Options.skipInvocations]
        quiet = try arguments[Options.quiet]
        if folders.isEmpty { throw .missingArgument(valueName: "DIR") }
        let outputPath = URL(fileURLWithPath: output).standardizedFileURL.path
        if let clash = folders.first(where: { URL(fileURLWithPath: $0).standardizedFileURL.path == outputPath }) {
            throw .invalidValue(
                option: Options.out.name, value: output, expected: "a folder other than the instance \(clash)")
        }
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        // One instance's histograms at a time: they fold into one set as they are read.
        var instances: [InstanceResult] = []
        var histograms: [HistogramKey: Histogram] = [:]
        do {
            for folder in folders {
                let instance = try Self.read(folder)
                try ResultMerge.accumulate(instance.histograms, into: &histograms, from: instance.name)
                instances.append(instance.withoutHistograms)
            }
        } catch let error as MergeError {
            context.errors.write("error: cannot merge: \(error)\n")
            return .notComparable
        } catch {
            context.errors.write("error: \(error)\n")
            return .harnessError
        }
        // Summed before the row, whose media peaks are the summed timeline's.
        let timeline = try Self.sumTimelines(instances)
        let merged: MergedResult
        do {
            merged = try ResultMerge.merge(
                instances, histograms: histograms, timeline: timeline.records.map(RunTimeline.init(records:)),
                allowPartial: allowPartial)
        } catch {
            context.errors.write("error: cannot merge: \(error)\n")
            return .notComparable
        }
        let folder = try OutputFolder.create(output, scenario: "merged")
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try TextFile.write(
            CSVWriter.record(SummaryRow.header) + CSVWriter.record(merged.fields), to: path("summary.csv"))
        try TextFile.write(HistogramsFile.text(merged.histograms), to: path("histograms.csv"))
        try TextFile.write(
            HdrHistogramLog.text(
                merged.histograms, startTime: 0, length: 0,
                timeScale: Double(merged.values["time_scale"] ?? "") ?? 1),
            to: path("histograms.hlog"))
        var listing = CSVWriter.record([
            "instance", "folder", "segment", "invocations", "valid", "partial", "start_lag_ms",
        ])
        for instance in instances {
            let fields = instance.summary.fields
            listing += CSVWriter.record([
                instance.name, instance.folder, fields["segment"] ?? "", String(instance.summary.invocations),
                fields["valid"] ?? "", fields["partial"] ?? "", fields["start_lag_ms"] ?? "",
            ])
        }
        try TextFile.write(listing, to: path("instances.csv"))
        if let records = timeline.records {
            try TextFile.write(records.map(CSVWriter.record).joined(), to: path("timeline.csv"))
        }
        try Self.mergeSideCalls(instances, into: path(SideCallLines.fileName))
        var rows = 0
        if !skipInvocations { rows = try concatenateInvocations(instances, into: path("invocations.csv")) }
        if !quiet {
            context.output.write(
                Self.render(merged, instances: instances, rows: skipInvocations ? nil : rows, folder: folder.path)
                    + (timeline.missing.map { "  \($0)\n" } ?? ""))
        }
        return .success
    }

    /// The instances' timeline.csv added second by second (header first), or, when some instance has
    /// none (results from before nse-bench wrote it), no records and a line for the summary saying so:
    /// no merged timeline, and no media peaks, rather than ones that leave an instance out.
    static func sumTimelines(_ instances: [InstanceResult]) throws -> (records: [[String]]?, missing: String?) {
        var tables: [(source: String, records: [[String]])] = []
        var missing: [String] = []
        for instance in instances {
            let source = (instance.folder as NSString).appendingPathComponent("timeline.csv")
            guard FileManager.default.fileExists(atPath: source) else {
                missing.append(instance.name)
                continue
            }
            tables.append((source, try CSVReader.records(TextFile.read(source))))
        }
        guard missing.isEmpty else {
            return (nil, "timeline.csv not merged: \(missing.joined(separator: ", ")) wrote none")
        }
        return (try TimelineMerge.sum(tables), nil)
    }

    /// Adds the instances' endpoints.csv (side calls per second) into `path`. An instance without one
    /// made no side call (a run writes it only when some endpoint was called), so it counts as zero;
    /// none is written when no instance has one.
    static func mergeSideCalls(_ instances: [InstanceResult], into path: String) throws {
        var tables: [(source: String, records: [[String]])] = []
        for instance in instances {
            let source = (instance.folder as NSString).appendingPathComponent(SideCallLines.fileName)
            guard FileManager.default.fileExists(atPath: source) else { continue }
            tables.append((source, try CSVReader.records(TextFile.read(source))))
        }
        guard !tables.isEmpty else { return }
        let merged = try TimelineMerge.sum(tables, header: EndpointTimeline.header)
        try TextFile.write(merged.map(CSVWriter.record).joined(), to: path)
    }

    /// Streams every instance's invocations.csv into one, behind an `instance` column.
    private func concatenateInvocations(_ instances: [InstanceResult], into path: String) throws -> Int {
        let writer = try BufferedFileWriter(path: path)
        var header: [UInt8]? = nil
        var rows = 0
        for instance in instances {
            let source = (instance.folder as NSString).appendingPathComponent("invocations.csv")
            let result = try CSVConcatenation.append(
                source, to: writer, prefix: CSVWriter.escape(instance.name), header: header == nil ? "instance" : nil,
                expectedHeader: header)
            header = header ?? result.header
            rows += result.records
        }
        try writer.close()
        return rows
    }

    /// One instance's summary row and histograms.
    static func read(_ folder: String) throws -> InstanceResult {
        let summaryPath = (folder as NSString).appendingPathComponent("summary.csv")
        let histogramsPath = (folder as NSString).appendingPathComponent("histograms.csv")
        let summary = try SummaryFile(text: TextFile.read(summaryPath), source: summaryPath)
        guard summary.runs.count == 1, let run = summary.runs.first else {
            throw RunError.output("\(summaryPath): \(summary.runs.count) rows where one instance's result has one")
        }
        let histograms = try HistogramsFile.histograms(text: TextFile.read(histogramsPath), source: histogramsPath)
        return InstanceResult(folder: folder, summary: run, histograms: histograms)
    }

    /// The terminal summary: what was merged, the headline figures, and the worst instances.
    static func render(_ merged: MergedResult, instances: [InstanceResult], rows: Int?, folder: String) -> String {
        let values = merged.values
        var text = "merged \(instances.count) instances into \(folder)\n"
        text += "  invocations \(values["invocations"] ?? "")"
        if let rows { text += " (\(rows) rows in invocations.csv)" }
        text += "; enriched_rate \(values["enriched_rate"] ?? ""); fallback_rate \(values["fallback_rate"] ?? "")\n"
        text += "  deliver p50 \(values["deliver_p50_ms"] ?? "") ms, p99 \(values["deliver_p99_ms"] ?? "") ms, "
        text += "max \(values["deliver_max_ms"] ?? "") ms\n"
        text += "  self-check (worst instance):"
        for column in [
            "timer_lateness_p99_ms", "transport_lag_p99_ms", "admission_lag_p99_ms", "extension_call_wait_p99_ms",
            "cpu_utilisation",
            "machine_busy_peak", "machine_steal", "fd_headroom", "start_lag_ms",
        ] {
            guard let instance = merged.worst[column], let value = values[column], !value.isEmpty else { continue }
            text += " \(column) \(value) (\(instance));"
        }
        text += "\n  valid \(values["valid"] ?? ""), partial \(values["partial"] ?? "")\n"
        if let reason = values["invalid_reason"], !reason.isEmpty { text += "  invalid: \(reason)\n" }
        return text
    }
}

extension MergeCommand {
    /// `merge`'s options, each declared once with its help.
    enum Options {
        static let out: Option<String?> = .value(
            "out", short: "o", valueName: "DIR", help: "The merged result folder (created).")
        static let allowPartial: Option<Bool> = .flag(
            "allow-partial",
            help: "Merge instances marked partial too; the merged result is then marked partial and invalid.")
        static let skipInvocations: Option<Bool> = .flag(
            "skip-invocations", help: "Do not concatenate invocations.csv (summary, histograms and instances.csv only)."
        )
        static let quiet: Option<Bool> = .flag("quiet", short: "q", help: "No summary; files only.")

        /// Every option of `merge`, in `--help` order.
        static let declarations: [OptionDeclaration] =
            ([out, allowPartial, skipInvocations, quiet] as [any DeclaredOption]).map(\.declaration)
    }
}
