import Foundation
import NSEBenchCore
import NSEBenchTestSupport

@testable import NSEBenchCLI

/// `nse-bench run` in this process on the loopback network (``onLoopback(_:)``), with the built
/// executable as its embedded server, into a temporary folder that is removed afterwards.
enum InProcessRun {
    /// The exit status, summary row, invocation rows and text summary of a run of `arguments`.
    static func run(_ arguments: [String]) async throws -> (
        status: ExitCode, summary: [String: String], rows: [[String: String]], text: String
    ) {
        let result = try await runWithTimeline(arguments)
        return (result.status, result.summary, result.rows, result.text)
    }

    /// ``run(_:)``'s results with the rows of the run's timeline.csv.
    static func runWithTimeline(_ arguments: [String]) async throws -> (
        status: ExitCode, summary: [String: String], rows: [[String: String]], text: String,
        timeline: [[String: String]], endpoints: [[String: String]]
    ) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        var configuration = try RunOptions.configuration(
            from: ArgumentParser.parse(onLoopback(arguments) + ["--out", out.path], for: RunCommand.configuration))
        configuration.serverExecutable = ExtensionProcessTests.executable
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        let status = try await RunSession(configuration: configuration, context: context).execute()
        let summary = try ExtensionProcessTests.table(out.appendingPathComponent("summary.csv"))
        let rows = try ExtensionProcessTests.table(out.appendingPathComponent("invocations.csv"))
        let timeline = try ExtensionProcessTests.table(out.appendingPathComponent("timeline.csv"))
        // endpoints.csv exists only when some side endpoint was called.
        let endpointsFile = out.appendingPathComponent("endpoints.csv")
        let endpoints =
            FileManager.default.fileExists(atPath: endpointsFile.path)
            ? try ExtensionProcessTests.table(endpointsFile) : []
        return (status, summary.first ?? [:], rows, output.text, timeline, endpoints)
    }
}
