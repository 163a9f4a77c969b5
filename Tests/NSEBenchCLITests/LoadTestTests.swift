import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing
import UserNotifications

@testable import NSEBenchCLI

/// An extension type of a user's own test target: appends a marker to the title and delivers.
final class MarkingService: UNNotificationServiceExtension {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            return contentHandler(request.content)
        }
        content.title += " [marked]"
        contentHandler(content)
    }
}

/// `LoadTest`: a user's extension type under load from their own test target, without the CLI.
@Suite("LoadTest", .timeLimit(.minutes(2)))
struct LoadTestTests {
    static var executable: URL { RepositoryPaths.nseBenchExecutable }

    @Test func runsTheTypeUnderTheLoadAndReturnsTheSummary() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build nse-bench first")
        let result = try await LoadTest.run(
            "MarkingService",
            arguments: onLoopback(["-n", "60", "-c", "6", "--with-media", "0", "--threshold", "crashed==0"]),
            nseBench: Self.executable
        ) { MarkingService() }
        defer { try? FileManager.default.removeItem(at: result.folder) }
        #expect(result.status == .success)
        #expect(result.summary["invocations"] == "60")
        #expect(result.summary["extension"] == "MarkingService")
        #expect(result.enrichedRate == 1)
        #expect(result.fallbackRate == 0)
    }

    @Test func badArgumentsAreUsageErrors() async {
        await #expect(throws: UsageError.self) {
            _ = try await LoadTest.run("X", arguments: ["--concurrency", "0"]) { MarkingService() }
        }
    }
}
