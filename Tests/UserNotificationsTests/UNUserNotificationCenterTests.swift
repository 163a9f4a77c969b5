import Foundation
import Testing
import UserNotifications

/// The notification center as an extension reaches it: a new phone's, with nothing delivered; categories,
/// requests and the badge kept; completion handlers off the calling thread.
@Suite("UserNotifications: the notification center")
struct UNUserNotificationCenterTests {
    @Test func aNewPhoneHasNothingDeliveredAndAnswersOffTheCallingThread() async {
        let center = UNUserNotificationCenter.current()
        #expect(center === UNUserNotificationCenter.current(), "one per process")
        let (delivered, onCaller) = await withCheckedContinuation { continuation in
            let caller = pthread_self()
            center.getDeliveredNotifications { notifications in
                continuation.resume(returning: (notifications.count, pthread_equal(pthread_self(), caller) != 0))
            }
        }
        #expect(delivered == 0)
        #expect(!onCaller)
        center.removeDeliveredNotifications(withIdentifiers: ["a"])
        #expect(await center.deliveredNotifications().isEmpty)
    }

    @Test func categoriesAreKeptOneOfEachIdentifier() async {
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [.authenticationRequired], textInputButtonTitle: "Send",
            textInputPlaceholder: "Message")
        let read = UNNotificationAction(identifier: "read", title: "Mark read", options: [], icon: nil)
        let chat = UNNotificationCategory(
            identifier: "chat", actions: [reply, read], intentIdentifiers: [], options: [.customDismissAction])
        let again = UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: [])
        let center = UNUserNotificationCenter.current()
        center.setNotificationCategories([chat, again])
        let kept = await center.notificationCategories()
        #expect(kept.count == 1, "equal by identifier, as a Set keeps them")
        let actions = kept.first?.actions ?? []
        #expect(actions.isEmpty || actions.map(\.identifier) == ["reply", "read"], "either, as a Set chooses")
        #expect((chat.actions.first as? UNTextInputNotificationAction)?.textInputButtonTitle == "Send")
        #expect(UNNotificationActionOptions.foreground.rawValue == 4, "Apple's values")
    }

    @Test func requestsAndTheBadgeAreKeptNotShown() async throws {
        let center = UNUserNotificationCenter.current()
        center.removeAllPendingNotificationRequests()
        let content = UNMutableNotificationContent()
        content.title = "Reminder"
        try await center.add(UNNotificationRequest(identifier: "r1", content: content, trigger: nil))
        try await center.add(UNNotificationRequest(identifier: "r1", content: content, trigger: nil))
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["r1"], "one of an identifier")
        center.removePendingNotificationRequests(withIdentifiers: ["r1"])
        #expect(await center.pendingNotificationRequests().isEmpty)
        let error: (any Error)? = await withCheckedContinuation { continuation in
            center.setBadgeCount(3) { continuation.resume(returning: $0) }
        }
        #expect(error == nil)
    }
}
