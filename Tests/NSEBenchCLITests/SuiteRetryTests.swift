import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchCLI

/// `suite --retries N`: a run the self-check found distorted runs again, its attempts kept; harness
/// failures and interruptions never do. The runs here are stand-ins that write a summary row with the
/// validity each test scripts, so what is tested is the suite's bookkeeping.
@Suite("nse-bench suite --retries")
struct SuiteRetryTests {
    /// Everything a test writes, removed after the test.
    let scratch: OwnedTemporaryDirectory

    init() throws { scratch = try OwnedTemporaryDirectory(prefix: "nse-bench-suite") }

    /// One scripted attempt: the run's exit status and whether its row is valid.
    struct Attempt {
        let status: ExitCode
        let valid: Bool
    }

    struct Outcome {
        let status: ExitCode
        let attempts: Int
        let folder: URL
        let errors: String
        let summary: [[String: String]]
        let arguments: [[String]]
    }

    /// Runs a one-scenario suite whose runs follow `script` in turn (the last entry repeats).
    func suite(_ options: [String], script: [Attempt]) async throws -> Outcome {
        let root = scratch.url.appendingPathComponent(UUID().uuidString)
        let scenarios = root.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        try #"{"invocations": 1}"#.write(
            to: scenarios.appendingPathComponent("steady.json"), atomically: true, encoding: .utf8)
        let out = root.appendingPathComponent("out")
        let command = try SuiteCommand(
            parsing: ArgumentParser.parse(
                [scenarios.path, "--out", out.path, "--quiet"] + options, for: SuiteCommand.configuration))
        let calls = Mutex<[[String]]>([])
        let errors = CapturedText()
        let context = CommandContext(output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
        let status = try await command.run(context) { arguments in
            let index = calls.withLock {
                $0.append(arguments)
                return $0.count - 1
            }
            let attempt = script[min(index, script.count - 1)]
            let folder = try #require(arguments.firstIndex(of: "--out").map { arguments[$0 + 1] })
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let row = [
                "1", attempt.valid ? "true" : "false", attempt.valid ? "" : "harness CPU at 95% of the machine",
                "false", "attempt \(index + 1)",
            ]
            try
                (CSVWriter.record(["invocations", "valid", "invalid_reason", "partial", "marker"])
                + CSVWriter.record(row))
                .write(toFile: folder + "/summary.csv", atomically: true, encoding: .utf8)
            return attempt.status
        }
        let records = try CSVReader.records(
            String(contentsOf: out.appendingPathComponent("summary.csv"), encoding: .utf8))
        let summary = records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(records[0], $0)) }
        return Outcome(
            status: status, attempts: calls.withLock { $0.count }, folder: out, errors: errors.text, summary: summary,
            arguments: calls.withLock { $0 })
    }

    @Test func anInvalidRunRunsAgainAndItsAttemptIsKept() async throws {
        let outcome = try await suite(
            ["--retries", "2"],
            script: [Attempt(status: .success, valid: false), Attempt(status: .success, valid: true)])
        #expect(outcome.status == .success)
        #expect(outcome.attempts == 2)
        #expect(outcome.summary.map { $0["marker"] } == ["attempt 2"])
        #expect(outcome.summary.first?["valid"] == "true")
        let kept = outcome.folder.appendingPathComponent("steady.invalid-1/summary.csv")
        #expect(try String(contentsOf: kept, encoding: .utf8).contains("attempt 1"))
        #expect(outcome.errors.contains("steady #1 attempt 1 is not valid (harness CPU at 95% of the machine)"))
        #expect(outcome.errors.contains("attempt 2 of 3"))
        // The same seed and settings each time: the attempt replaces the run, it is not a new sample.
        #expect(outcome.arguments[0] == outcome.arguments[1])
    }

    @Test func aRunStillInvalidAfterItsRetriesStaysInvalidInTheSummary() async throws {
        let outcome = try await suite(
            ["--retries", "2", "--repeat", "2"], script: [Attempt(status: .success, valid: false)])
        #expect(outcome.attempts == 6)
        #expect(outcome.summary.count == 2)
        #expect(outcome.summary.allSatisfy { $0["valid"] == "false" })
        for round in 1...2 {
            for attempt in 1...2 {
                let kept = outcome.folder.appendingPathComponent("steady-\(round).invalid-\(attempt)/summary.csv")
                #expect(FileManager.default.fileExists(atPath: kept.path), "\(kept.path)")
            }
            #expect(
                !FileManager.default.fileExists(
                    atPath: outcome.folder.appendingPathComponent("steady-\(round).invalid-3").path))
        }
    }

    @Test func harnessFailuresAndInterruptionsAreNeverRetried() async throws {
        let failed = try await suite(["--retries", "3"], script: [Attempt(status: .harnessError, valid: false)])
        #expect(failed.attempts == 1)
        #expect(failed.summary.first?["valid"] == "false")
        #expect(failed.errors.isEmpty)
        let interrupted = try await suite(["--retries", "3"], script: [Attempt(status: .interrupted, valid: false)])
        #expect(interrupted.attempts == 1)
        #expect(interrupted.status == .interrupted)
    }

    @Test func withoutRetriesAnInvalidRunIsRecordedAsItCame() async throws {
        let outcome = try await suite([], script: [Attempt(status: .success, valid: false)])
        #expect(outcome.attempts == 1)
        #expect(outcome.summary.first?["valid"] == "false")
    }

    @Test func retriesOutOfRangeAreRefusedNamingTheValue() throws {
        for value in ["11", "-1", "many"] {
            #expect(throws: UsageError.self) {
                try SuiteCommand(parsing: ArgumentParser.parse(["--retries", value], for: SuiteCommand.configuration))
            }
        }
    }
}
