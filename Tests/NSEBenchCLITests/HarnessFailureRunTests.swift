import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// Harness failures are never target outcomes: a run whose embedded server exits mid-run is not
/// valid, exits 1 naming the cause, and its refused connections are not blamed on the network.
@Suite("harness failures in a run")
struct HarnessFailureRunTests {
    /// A stand-in for `nse-bench serve` that reports an address nothing listens on, then exits 3: the
    /// server gone mid-run, every connection refused.
    static func vanishingServer(in folder: URL) throws -> URL {
        let script = folder.appendingPathComponent("vanishing-server")
        // Close-on-exec (TextFile): a process another test starts must not hold it open for writing.
        try TextFile.write("#!/bin/sh\necho 'listening on http://127.0.0.1:9'\nexit 3\n", to: script.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test func aServerThatExitsMidRunMakesTheRunInvalidAndItsInvocationsTheHarnesss() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-gone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        var configuration = try RunOptions.configuration(
            from: ArgumentParser.parse(
                [
                    "-n", "6", "-c", "2", "--extension", "media", "--extension-processes", "0", "--quiet",
                    "--profile", "none", "--out",
                    out.appendingPathComponent("results").path,
                ],
                for: RunCommand.configuration))
        configuration.serverExecutable = try Self.vanishingServer(in: out)
        let errors = CapturedText()
        let context = CommandContext(output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
        let status = try await RunSession(configuration: configuration, context: context).execute()
        #expect(status == .harnessError)
        #expect(errors.text.contains("the embedded media server exited with status 3 mid-run"), "\(errors.text)")

        let results = out.appendingPathComponent("results")
        let summary = try CSVReader.records(
            String(contentsOf: results.appendingPathComponent("summary.csv"), encoding: .utf8))
        let row = Dictionary(uniqueKeysWithValues: zip(summary[0], summary[1]))
        #expect(row["valid"] == "false")
        // Under the whole suite's load an invocation can run out of time before its connect is refused;
        // every refused one is the harness's.
        #expect(row["invalid_reason"]?.contains("invocations failed for the harness's sake") == true, "\(row)")
        let invocations = try CSVReader.records(
            String(contentsOf: results.appendingPathComponent("invocations.csv"), encoding: .utf8))
        let errorColumn = try #require(invocations[0].firstIndex(of: "error"))
        let errorsByRow = invocations.dropFirst().map { $0[errorColumn] }
        #expect(errorsByRow.count == 6)
        let refused = errorsByRow.filter { $0.contains("connect_failed") || $0.contains("Couldn't connect") }
        #expect(refused.count >= 4, "\(errorsByRow)")
        #expect(
            refused.allSatisfy { $0.hasPrefix("harness: the embedded media server exited mid-run: connect_failed") },
            "\(errorsByRow)")
    }
}
