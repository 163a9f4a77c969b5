import Foundation
import NSEBenchTestSupport
import Testing

/// A task made in a session the extension invalidated: iOS raises an exception and the extension's process
/// ends, so the notification shows as sent; here the invocation is `crashed`, and only it.
extension ExtensionProcessTests {
    @Test func aTaskMadeInAnInvalidatedSessionCrashesItsInvocationAsOnIOS() async throws {
        // Every tenth invalidates its session before making its task (the retry-after-cancel bug); the rest
        // make it first and then invalidate, which lets it run to its end.
        let folder = try extensionFolder(
            "InvalidatedSession",
            """
            import Foundation
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let misuses = Int(request.identifier.split(separator: "-").last ?? "")! % 10 == 0
                    let session = URLSession(configuration: .ephemeral)
                    let url = URL(string: request.content.userInfo["media_url"] as? String ?? "")!
                    if misuses { session.invalidateAndCancel() }
                    session.dataTask(with: url) { _, _, _ in contentHandler(request.content) }.resume()
                    session.finishTasksAndInvalidate()
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, summary, rows, log, _) = try await runKeepingLog([
            "--extension", folder.path, "-n", "40", "-c", "4", "--with-media", "1",
        ])
        #expect(status == 0)
        #expect(rows.count == 40)
        let crashed = Set(rows.filter { $0["outcome"] == "crashed" }.compactMap { Int($0["id"] ?? "") })
        #expect(crashed == Set(stride(from: 0, to: 40, by: 10)), "exactly every tenth (ids from 0)")
        #expect(summary["crashed"] == "4", "\(summary)")
        #expect(
            log.contains(
                "*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Task created in a "
                    + "session that has been invalidated'"), "\(log)")
    }
}
