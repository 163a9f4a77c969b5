import Foundation
import NSEBenchTestSupport
import Testing

/// Examples/SharedModule under load: an extension whose download is in a module it shares with its app,
/// given with `--module`, compiled with it and run in the extension's worker processes.
@Suite("Examples/SharedModule under load", .serialized, .timeLimit(.minutes(3)))
struct SharedModuleExampleTests {
    static let arguments = [
        "--extension", "Examples/SharedModule/NotificationService", "--module", "Examples/SharedModule/MediaKit",
        "--module", "PushModels=Examples/SharedModule/PushModels",
    ]

    @Test func everyNotificationIsEnrichedThroughTheSharedModule() async throws {
        let (status, _, rows) = try await ExtensionProcessTests().run(Self.arguments + ["-n", "40", "-c", "20"])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.count == 40)
        #expect(rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows.map { $0["outcome"] ?? "" })")
        #expect(rows.allSatisfy { $0["bytes"] != "0" && $0["bytes"] != "" }, "the module's download is recorded")
    }

    @Test func withoutTheModuleTheRunSaysWhichToGive() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-extension-cache-cli").path
        let result = try await ChildProcess.run(
            ExtensionProcessTests.executable.path,
            ["run", "--quiet", "--extension", "Examples/SharedModule/NotificationService", "-n", "1"],
            environment: environment, currentDirectory: ExtensionProcessTests.root)
        #expect(result.status == 1, "a compile failure: \(result.output)")
        #expect(result.output.contains("with --module MediaKit=PATH"), "\(result.output)")
    }
}
