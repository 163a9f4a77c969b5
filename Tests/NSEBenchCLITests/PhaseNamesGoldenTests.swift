import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// The names a run writes for its phases and histograms, pinned against golden files in
/// `Tests/Golden/run/`: summary.csv's header, invocations.csv's header, the histogram names of
/// histograms.csv and histograms.hlog (and of a merge of the run), and the shape of the text summary's
/// phases line (its numbers blanked). A renamed or dropped phase fails here, not as an empty column.
///
/// To accept a deliberate change: `NSE_BENCH_UPDATE_GOLDEN=1 swift test --filter PhaseNamesGoldenTests`,
/// then review the diff of `Tests/Golden/run/`.
@Suite("run output names: golden", .serialized, .timeLimit(.minutes(3)))
struct PhaseNamesGoldenTests {
    static let golden = RepositoryPaths.root.appendingPathComponent("Tests/Golden/run")

    /// What one small run on loopback wrote: every phase (priority decrypts, then downloads), no faults.
    struct RunOutput {
        let folder: URL
        let text: String

        func file(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
    }

    func run(into folder: URL) async throws -> RunOutput {
        var configuration = try RunOptions.configuration(
            from: ArgumentParser.parse(
                onLoopback([
                    "-n", "6", "-c", "3", "--extension", "priority", "--encrypted", "1", "--with-media", "1",
                    "--media", "20KB.jpg:1", "--extension-processes", "0", "--seed", "1", "--out", folder.path,
                    // Every phase gets data, the cold start's too (histograms.csv omits an empty one).
                    "--cold-start", "10ms",
                ]), for: RunCommand.configuration))
        configuration.serverExecutable = ExtensionProcessTests.executable
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        _ = try await RunSession(configuration: configuration, context: context).execute()
        return RunOutput(folder: folder, text: output.text)
    }

    /// Compares `actual` with the golden file `name`, or rewrites it under NSE_BENCH_UPDATE_GOLDEN=1.
    func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Self.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["NSE_BENCH_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
    }

    /// A CSV's header, one name per line.
    static func header(_ text: String) throws -> String {
        let records = try CSVReader.records(text)
        return (records.first ?? []).joined(separator: "\n") + "\n"
    }

    /// The distinct values of a CSV's first column below its header, in file order, one per line.
    static func firstColumn(_ text: String) throws -> String {
        var names: [String] = []
        for record in try CSVReader.records(text).dropFirst() where names.last != record.first {
            names.append(record.first ?? "")
        }
        return names.joined(separator: "\n") + "\n"
    }

    /// The `Tag=` of each interval line of an HdrHistogram log, in file order, one per line.
    static func hlogTags(_ text: String) -> String {
        text.split(separator: "\n").filter { $0.hasPrefix("Tag=") }
            .map { String($0.dropFirst(4).prefix { $0 != "," }) }.joined(separator: "\n") + "\n"
    }

    /// The text summary's phases line with every number after its label replaced by `#`.
    static func phasesLine(_ text: String) throws -> String {
        let label = "phases p50/p99 ms: "
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(label) }, "no phases line in \(text)")
        var blanked = ""
        var inNumber = false
        for character in line.dropFirst(label.count) {
            if character.isNumber || (inNumber && character == ".") {
                if !inNumber { blanked.append("#") }
                inNumber = true
            } else {
                inNumber = false
                blanked.append(character)
            }
        }
        return label + blanked + "\n"
    }

    @Test func runAndMergeWriteTheGoldenNames() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-golden")
        defer { directory.remove() }
        let output = try await run(into: URL(fileURLWithPath: directory.path("run")))
        try expectGolden(Self.header(output.file("summary.csv")), "summary-header.txt")
        try expectGolden(Self.header(output.file("invocations.csv")), "invocations-header.txt")
        try expectGolden(Self.firstColumn(output.file("histograms.csv")), "histogram-names.txt")
        try expectGolden(Self.hlogTags(output.file("histograms.hlog")), "hlog-tags.txt")
        try expectGolden(Self.phasesLine(output.text), "phases-line.txt")

        // A merge of the run writes the same names.
        let merged = directory.path("merged")
        let context = CommandContext(
            output: CapturedText(), errors: CapturedText(), outputIsTerminal: false, environment: [:])
        let status = await NSEBenchTool.main(["merge", output.folder.path, "-o", merged], context: context)
        #expect(status == .success)
        let mergedOutput = RunOutput(folder: URL(fileURLWithPath: merged), text: "")
        #expect(try Self.header(mergedOutput.file("summary.csv")) == Self.header(output.file("summary.csv")))
        #expect(
            try Self.firstColumn(mergedOutput.file("histograms.csv")) == Self.firstColumn(output.file("histograms.csv"))
        )
        #expect(
            try Self.hlogTags(mergedOutput.file("histograms.hlog")) == Self.hlogTags(output.file("histograms.hlog")))
    }
}
