import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchCLI

/// `nse-bench sweep`: the points it runs, what it writes and the cliffs it finds. The runs are
/// stand-ins whose enriched rate is a known function of the first byte, so what is tested is the
/// sweep's own logic; one real sweep runs at the end.
@Suite("nse-bench sweep")
struct SweepCommandTests {
    /// Everything a test writes, removed after the test.
    let scratch: OwnedTemporaryDirectory

    init() throws { scratch = try OwnedTemporaryDirectory(prefix: "nse-bench-sweep") }

    struct Outcome {
        let status: ExitCode
        let output: String
        let folder: URL
        let runs: [(extension: String, ttfb: String)]
        let sweep: [[String: String]]
        let cliffs: [[String: String]]
    }

    static func records(_ file: URL) throws -> [[String: String]] {
        let records = try CSVReader.records(String(contentsOf: file, encoding: .utf8))
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }
    }

    /// A sweep whose run of `extension` at first byte `t` ms enriches `curve(extension, t)`.
    func sweep(
        _ arguments: [String], status: ExitCode = .success, curve: @escaping @Sendable (String, Double) -> Double
    ) async throws -> Outcome {
        let folder = scratch.url.appendingPathComponent(UUID().uuidString)
        let command = try SweepCommand(
            parsing: ArgumentParser.parse(arguments + ["--out", folder.path], for: SweepCommand.configuration))
        let runs = Mutex<[(String, String)]>([])
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        let result = try await command.run(context) { run in
            let name = run.string("extension") ?? ""
            let ttfb = run.string("ttfb") ?? ""
            runs.withLock { $0.append((name, ttfb)) }
            let milliseconds = Double(try DurationValue(parsing: ttfb).nanoseconds) / 1e6
            let rate = curve(name, milliseconds)
            let out = try #require(run.string("out"))
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let text =
                CSVWriter.record(["extension", "invocations", "enriched", "enriched_rate", "fallback_rate", "valid"])
                + CSVWriter.record([
                    name, "100", String(Int(rate * 100)), String(rate), String(1 - rate), "true",
                ])
            try text.write(toFile: out + "/summary.csv", atomically: true, encoding: .utf8)
            #expect(run.isSet("quiet"))
            return status
        }
        return Outcome(
            status: result, output: output.text, folder: folder, runs: runs.withLock { $0 },
            sweep: try Self.records(folder.appendingPathComponent("sweep.csv")),
            cliffs: try Self.records(folder.appendingPathComponent("cliffs.csv")))
    }

    /// Enriched until 20 s, then linearly down to none at 30 s.
    static let ramp: @Sendable (String, Double) -> Double = { _, t in min(1, max(0, (30_000 - t) / 10_000)) }

    @Test func everyGridPointRunsForEachExtensionAndTheTablesHoldThem() async throws {
        let outcome = try await sweep(
            ["--sweep", "ttfb=0s..40s", "--steps", "5", "--extensions", "media,media-25s", "--refine", "0"],
            curve: Self.ramp)
        #expect(outcome.status == .success)
        #expect(
            outcome.runs.map(\.extension) == Array(repeating: "media", count: 5)
                + Array(repeating: "media-25s", count: 5))
        #expect(
            outcome.runs.prefix(5).map(\.ttfb) == [
                "0.000ms", "10000.000ms", "20000.000ms", "30000.000ms", "40000.000ms",
            ])
        #expect(outcome.sweep.count == 10)
        let first = try #require(outcome.sweep.first)
        #expect(first["sweep_setting"] == "ttfb" && first["sweep_unit"] == "ms" && first["sweep_stage"] == "grid")
        #expect(first["extension"] == "media" && first["enriched_rate"] == "1.0")
        #expect(outcome.sweep.map { $0["sweep_value"] ?? "" }.prefix(3) == ["0.000", "10000.000", "20000.000"])
        // Each point has its own run folder.
        #expect(
            FileManager.default.fileExists(
                atPath: outcome.folder.appendingPathComponent("media-25s/ttfb-40000.000ms/summary.csv").path))
        // 0.95 is lost between 20 s (1.0) and 30 s (0.0): interpolated to 20.5 s.
        let cliff = try #require(outcome.cliffs.first { $0["extension"] == "media" && $0["level"] == "0.9500" })
        #expect(cliff["value"] == "20500.000" && cliff["unit"] == "ms" && cliff["finding"] == "within")
        #expect(outcome.output.contains("media stays ≥ 95% enriched up to a 20.5 s first byte"))
    }

    @Test func refinementRunsBisectTheBracket() async throws {
        // A step: all enriched before 23 s, none after; the grid brackets it between 20 and 30 s.
        let outcome = try await sweep(
            ["--sweep", "ttfb=0s..40s", "--steps", "5", "--refine", "3", "--levels", "0.95"],
            curve: { _, t in t < 23_000 ? 1 : 0 })
        #expect(outcome.runs.dropFirst(5).map(\.ttfb) == ["25000.000ms", "22500.000ms", "23750.000ms"])
        #expect(outcome.sweep.filter { $0["sweep_stage"] == "refine" }.count == 3)
        let value = try #require(outcome.cliffs.first.flatMap { Double($0["value"] ?? "") })
        #expect(value > 22_500 && value < 23_750)
    }

    @Test func aLevelHeldAcrossTheRangeAndOneNeverHeldAreReported() async throws {
        let outcome = try await sweep(
            ["--sweep", "ttfb=0s..10s", "--steps", "2", "--levels", "0.9,0.999", "--refine", "0"],
            curve: { _, _ in 0.95 })
        let findings = outcome.cliffs.map { $0["finding"] ?? "" }
        #expect(findings == ["below_across_range", "beyond_range"])
        #expect(outcome.cliffs[0]["value"] == "")
        #expect(outcome.output.contains("is below 99.9% enriched across the range"))
    }

    @Test func aHarnessFailureMakesTheSweepExit1AfterWritingEverything() async throws {
        let outcome = try await sweep(
            ["--sweep", "ttfb=0s..10s", "--steps", "3", "--refine", "0"], status: .harnessError, curve: Self.ramp)
        #expect(outcome.status == .harnessError)
        #expect(outcome.sweep.count == 3)
    }

    @Test func anInterruptionStopsTheSweep() async throws {
        let outcome = try await sweep(
            ["--sweep", "ttfb=0s..10s", "--steps", "3", "--extensions", "media,template"], status: .interrupted,
            curve: Self.ramp)
        #expect(outcome.status == .interrupted)
        #expect(outcome.runs.count == 1)
        #expect(outcome.sweep.count == 1)
    }

    @Test(arguments: [
        ["--steps", "3"],
        ["--sweep", "ttfb=0s..4s", "--ttfb", "1s"],
        ["--sweep", "ttfb=0s..4s", "--extensions", "media", "--extension", "media"],
        ["--sweep", "ttfb=0s..4s", "--extensions", "media,,template"],
        ["--sweep", "ttfb=0s..4s", "--extensions", "media,media"],
        ["--sweep", "ttfb=0s..4s", "--levels", "0.95,1.5"],
        ["--sweep", "ttfb=0s..4s", "--steps", "1"],
        ["--sweep", "ttfb=0s..4s", "--refine", "11"],
        ["--sweep", "ttfb=0s..4s", "--extensions", "no-such-extension"],
        ["--sweep", "latency=0s..4s"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) {
            try SweepCommand(parsing: ArgumentParser.parse(arguments, for: SweepCommand.configuration))
        }
    }

    /// The whole path as a user types it, real runs included: a first byte past the deadline loses
    /// every notification.
    @Test(.timeLimit(.minutes(3))) func aRealSweepFindsTheDeadlineCliff() async throws {
        let executable = RepositoryPaths.nseBenchExecutable
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build nse-bench first")
        let folder = scratch.url.appendingPathComponent(UUID().uuidString)
        let result = try await ChildProcess.run(
            executable.path,
            [
                "sweep", "--sweep", "ttfb=1s..50s", "--steps", "2", "--refine", "0", "--levels", "0.5", "-n", "10",
                "-c", "10", "--media", "1KB.jpg:1", "--time-scale", "0.02", "--profile", "none", "--report", "--out",
                folder.path,
            ])
        let text = result.output
        #expect(result.status == 0, "\(text)")
        let rows = try Self.records(folder.appendingPathComponent("sweep.csv"))
        #expect(rows.map { $0["sweep_value"] } == ["1000.000", "50000.000"])
        #expect(rows.first?["enriched"] == "10", "\(text)")
        #expect(rows.last?["enriched"] == "0", "\(text)")
        let cliff = try #require(try Self.records(folder.appendingPathComponent("cliffs.csv")).first)
        #expect(cliff["finding"] == "within", "\(cliff)")
        #expect(text.contains("media stays ≥ 50% enriched up to a"), "\(text)")
        // --report draws the sweep, and only the sweep: its points' runs get no report of their own.
        let page = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(page.contains("<svg"))
        #expect(page.contains("media"))
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("media/ttfb-1000.000ms/report.html").path))
    }
}
