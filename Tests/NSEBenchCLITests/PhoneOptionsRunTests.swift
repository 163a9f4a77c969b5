import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `--cold-start`, `--warm` and `--low-data-mode`: parsing, bad input named, and what a run records.
@Suite("nse-bench run: cold starts and Low Data Mode", .serialized, .timeLimit(.minutes(3)))
struct PhoneOptionsRunTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    @Test func theFlagsAndAScenarioFileSetTheRunsSettings() throws {
        let settings = try parse(["--cold-start", "lognormal:median=300ms,p99=2s", "--warm", "40"]).settings
        #expect(settings.coldStarts?.duration == .lognormal(median: .milliseconds(300), p99: .seconds(2)))
        #expect(settings.coldStarts?.warm == Percentage(clamping: 40))
        #expect(try parse(["--cold-start", "1s"]).settings.coldStarts?.warm == .zero, "every start cold by default")
        #expect(try parse([]).settings.coldStarts == nil)
        #expect(try parse(["--low-data-mode", "25%"]).settings.lowDataMode.share == Percentage(clamping: 25))

        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let scenario = try folder.write(
            "phones.json", #"{"cold-start": "2s", "warm": 50, "low-data-mode": "10"}"#)
        let fromFile = try parse(["--scenario", scenario]).settings
        #expect(fromFile.coldStarts == ColdStarts(duration: .fixed(.seconds(2)), warm: Percentage(clamping: 50)))
        #expect(fromFile.lowDataMode.share == Percentage(clamping: 10))
    }

    @Test(arguments: [
        (["--cold-start", "1s", "--warm", "101"], "warm"), (["--cold-start", "1s", "--warm", "lots"], "warm"),
        (["--cold-start", "soon"], "cold-start"), (["--cold-start", "file:/nonexistent/starts.txt"], "cold-start"),
        (["--low-data-mode", "101"], "low-data-mode"), (["--low-data-mode", "-1"], "low-data-mode"),
    ])
    func badValuesNameTheFlag(arguments: [String], flag: String) async {
        let error = #expect(throws: UsageError.self) { try parse(arguments) }
        guard case .invalidValue(let option, _, _) = error else {
            Issue.record("expected invalidValue for \(arguments), got \(String(describing: error))")
            return
        }
        #expect(option == flag)
        let errors = CapturedText()
        let context = CommandContext(output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
        #expect(await NSEBenchTool.main(["run"] + arguments, context: context) == .usage)
        #expect(errors.text.contains("--\(flag)"), "\(errors.text)")
    }

    @Test func warmWithoutAColdStartIsRefusedNamingBoth() async {
        let errors = CapturedText()
        let context = CommandContext(output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
        #expect(await NSEBenchTool.main(["run", "--warm", "50"], context: context) == .usage)
        #expect(errors.text.contains("--warm") && errors.text.contains("--cold-start"), "\(errors.text)")
    }

    /// Runs a small job against the embedded server; returns invocations.csv and the summary row.
    func run(_ flags: [String]) async throws -> (rows: [[String: String]], summary: [String: String]) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-phone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        var configuration = try parse(
            [
                "-n", "12", "-c", "6", "--media", "1KB.jpg:1", "--profile", "none", "--time-scale", "0.1", "--out",
                out.path,
            ]
                + flags)
        configuration.serverExecutable = ExtensionProcessTests.executable
        let context = CommandContext(
            output: CapturedText(), errors: CapturedText(), outputIsTerminal: false, environment: [:])
        _ = try await RunSession(configuration: configuration, context: context).execute()
        let rows = try ExtensionProcessTests.table(out.appendingPathComponent("invocations.csv"))
        let summary = try #require(try ExtensionProcessTests.table(out.appendingPathComponent("summary.csv")).first)
        return (rows, summary)
    }

    @Test func aColdStartIsInEveryInvocationsTimeToDeliverAndItsPhase() async throws {
        let (rows, summary) = try await run(["--cold-start", "1s"])
        #expect(rows.count == 12)
        for row in rows {
            let start = try #require(Double(row["cold_start_ms"] ?? ""), "\(row)")
            #expect(start >= 1_000 && start < 5_000, "unscaled: \(start)")
            #expect((Double(row["time_to_deliver_ms"] ?? "") ?? 0) >= start, "\(row)")
        }
        #expect((Double(summary["phase_cold_start_p50_ms"] ?? "") ?? 0) >= 1_000)
        #expect(summary["cold_start"] == "1s")
        #expect(summary["warm_pct"] == "0")
    }

    @Test func aStartLongerThanTheBudgetIsAKillAndAHundredPercentWarmIsNone() async throws {
        let (killed, summary) = try await run(["--cold-start", "31s"])
        #expect(killed.allSatisfy { $0["outcome"] == "killed" && $0["blame"] == "cold_start" }, "\(killed)")
        #expect(killed.allSatisfy { $0["started_ns"] == "" }, "didReceive was never called")
        #expect(summary["blame_cold_start"] == "12")

        let (warm, warmSummary) = try await run(["--cold-start", "31s", "--warm", "100"])
        #expect(warm.allSatisfy { $0["outcome"] == "enriched" && $0["cold_start_ms"] == "" }, "\(warm)")
        #expect(warmSummary["phase_cold_start_p50_ms"] == "0", "no cold start measured, as a phase nothing ran")
    }

    @Test func lowDataModeStopsBatchButNotFirebase() async throws {
        let (batch, batchSummary) = try await run(["-e", "batch", "--low-data-mode", "100"])
        #expect(batch.allSatisfy { $0["outcome"] == "unchanged" && $0["low_data_mode"] == "1" }, "\(batch)")
        #expect(batch.allSatisfy { $0["error"]?.contains("Low Data Mode") == true }, "\(batch)")
        #expect(batchSummary["low_data_mode_pct"] == "100")

        let (firebase, _) = try await run(["-e", "firebase", "--low-data-mode", "100"])
        #expect(firebase.allSatisfy { $0["outcome"] == "enriched" }, "\(firebase)")

        let (unconstrained, _) = try await run(["-e", "batch"])
        #expect(unconstrained.allSatisfy { $0["outcome"] == "enriched" && $0["low_data_mode"] == "0" })
    }
}
