import Foundation
import NSEBenchTestSupport
import Testing

extension ExtensionProcessTests {
    /// A trap while holding a lock: on a phone the crash ends that phone's process and the lock with it.
    /// Here the trapped thread is held and keeps the lock, and the invocations sharing its process that
    /// wait for it run to their expiry for the harness's sake: they are marked as the harness's, and the
    /// run says it is not valid, rather than count their expiry against the extension.
    @Test func invocationsWaitingForALockATrapHoldsAreTheHarnesssAndTheRunIsInvalid() async throws {
        let folder = try extensionFolder(
            "HeldLock",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                static let lock = NSLock()
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let number = Int(request.identifier.split(separator: "-").last ?? "") ?? -1
                    if number == 0 {
                        NotificationService.lock.lock()
                        precondition(number != 0, "trapped holding the lock")
                    }
                    Thread.sleep(forTimeInterval: 0.2)
                    NotificationService.lock.lock()
                    NotificationService.lock.unlock()
                    contentHandler(request.content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Four at once in one process: 0 traps holding the lock, 1 to 3 wait for it; 4 to 7 run in the
        // process that replaces it. The deadline is 1.5 s at this time scale.
        let (result, rows) = try await runPrinting([
            "--extension", folder.path, "-n", "8", "-c", "4", "--extension-processes", "1", "--time-scale", "0.05",
            "--with-media", "0", "--encrypted", "0",
        ])
        let outcomes = Dictionary(uniqueKeysWithValues: rows.map { (Int($0["id"] ?? "") ?? -1, $0) })
        #expect(outcomes[0]?["outcome"] == "crashed", "\(rows)")
        for id in 1...3 {
            let row = try #require(outcomes[id], "\(rows)")
            #expect(row["outcome"] == "expired_original", "\(row)")
            #expect(row["blame"] == "harness", "\(row)")
            #expect(
                row["error"]?.hasPrefix(
                    "harness: the invocation expired in an extension process where a lock was held by another "
                        + "invocation's trapped code") == true, "\(row)")
        }
        for id in 4...7 { #expect(outcomes[id]?["outcome"] == "enriched", "\(outcomes[id] ?? [:])") }
        let verdict = try #require(
            result.output.split(separator: "\n").first { $0.hasPrefix("NOT VALID: ") }, "\(result.output)")
        #expect(verdict.contains("trapped code"), "\(verdict)")
        #expect(verdict.contains(": 3 invocations failed for the harness's sake, not the extension's"), "\(verdict)")
    }
}
