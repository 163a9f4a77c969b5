import Foundation
import Testing

@testable import NSERuntime

/// A service extension whose target shares a file with the app's Notification Content Extension (its view
/// controller's protocol and options) or keeps the import Xcode's content-extension template wrote: it
/// compiles unchanged and runs as the service extension it is.
@Suite("UserNotificationsUI: imported by a service extension", .serialized, .timeLimit(.minutes(3)))
struct UserNotificationsUITests {
    static let service = """
        import UserNotifications
        import UserNotificationsUI

        // Shared with the content extension: a type adopting its protocol (an NSObject here; the app's is a
        // UIViewController), the defaults of its optional requirements taken.
        final class PreviewModel: NSObject, UNNotificationContentExtension {
            var shown: String?
            func didReceive(_ notification: UNNotification) { shown = notification.request.content.title }
            var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType { .overlay }
        }

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let option = UNNotificationContentExtensionResponseOption.dismissAndForwardAction
                content.title += " [\\(option.rawValue)]"
                contentHandler(content)
            }
        }
        """

    @Test("it compiles, and the service extension's change is delivered")
    func compilesAndRuns() async throws {
        let record = try await CompiledExamples.record(of: ["NotificationService.swift": Self.service], title: "New")
        #expect(record.outcome == .enriched)
        #expect(record.visible.title == "New [2]")
    }
}
