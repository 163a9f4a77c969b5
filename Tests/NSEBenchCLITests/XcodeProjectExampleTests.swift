import Foundation
import NSEBenchTestSupport
import Testing

/// Examples/XcodeProject under load: an extension whose download is in a file its Xcode project compiles
/// into both the app and the extension, found through the project and compiled with it, unchanged.
@Suite("Examples/XcodeProject under load", .serialized, .timeLimit(.minutes(3)))
struct XcodeProjectExampleTests {
    static let folder = "Examples/XcodeProject/NotificationService"

    @Test func theSharedFileIsCompiledInAndEveryNotificationEnriched() async throws {
        let (status, _, rows) = try await ExtensionProcessTests().run([
            "--extension", Self.folder, "-n", "40", "-c", "20",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.count == 40)
        #expect(rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows.map { $0["outcome"] ?? "" })")
        #expect(rows.allSatisfy { $0["bytes"] != "0" && $0["bytes"] != "" }, "the shared file's download is recorded")
    }

    @Test func theRunSaysWhichFilesTheProjectAdded() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-extension-cache-cli").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await ChildProcess.run(
            ExtensionProcessTests.executable.path,
            ["run", "--extension", Self.folder, "-n", "1", "--out", out.path],
            environment: environment, currentDirectory: ExtensionProcessTests.root)
        #expect(result.status == 0 || result.status == 1, "\(result.output)")
        #expect(
            result.output.contains(
                "NotificationService (2 Swift files, 1 of them from outside the folder, as Chat.xcodeproj's target "
                    + "NotificationService compiles them; Swift 5 mode)"), "\(result.output)")
    }
}
