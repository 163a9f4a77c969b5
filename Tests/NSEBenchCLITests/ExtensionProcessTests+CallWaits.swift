import Foundation
import NSEBenchTestSupport
import Testing

extension ExtensionProcessTests {
    /// An extension whose `didReceive` keeps its thread busy for 20 ms: twenty at once in one process (at
    /// least three per core) queue for its threads, one per core, as twenty phones' would not. At `--time-scale 0.01` the run's
    /// 300 ms limit (1% of the deadline, unscaled) is 3 ms of waiting, which they exceed many times over:
    /// the run says so, naming the calls' wait.
    @Test func callsIntoTheExtensionThatWaitedForAThreadMakeTheRunInvalid() async throws {
        let folder = try extensionFolder(
            "BusyCalls",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let end = Date().addingTimeInterval(0.02)
                    var spins = 0
                    while Date() < end { spins += 1 }
                    contentHandler(request.content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let atOnce = max(20, 3 * ProcessInfo.processInfo.activeProcessorCount)
        let (result, rows) = try await runPrinting([
            "--extension", folder.path, "-n", String(2 * atOnce), "-c", String(atOnce), "--extension-processes", "1",
            "--time-scale", "0.01", "--with-media", "0", "--encrypted", "0",
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(rows.count == 2 * atOnce)
        let verdict = try #require(
            result.output.split(separator: "\n").first { $0.hasPrefix("NOT VALID: ") }, "\(result.output)")
        #expect(
            verdict.contains("calls into the extension and its session callbacks waited")
                && verdict.contains("for a thread of the harness's"), "\(verdict)")
        // The figure itself, on the harness line: over 300 ms (unscaled) for the run to be not valid.
        let line = try #require(
            result.output.split(separator: "\n").first { $0.contains("extension calls' wait for a thread p99") },
            "\(result.output)")
        let figure = line.split(separator: "extension calls' wait for a thread p99 ").last?.split(separator: " ").first
        #expect((figure.flatMap { Double($0) } ?? 0) > 300, "\(line)")
    }
}
