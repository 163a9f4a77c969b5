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

/// What shared app code asks of the center besides: settings, authorization, a delegate, local triggers.
@Suite("UserNotifications: settings, authorization and the delegate")
struct UNNotificationSettingsTests {
    final class PushManager: UNUserNotificationCenterDelegate {}

    @Test func aPhoneReceivingThePushHasAllowedIt() async throws {
        let center = UNUserNotificationCenter.current()
        let settings = await center.notificationSettings()
        #expect(settings.authorizationStatus == .authorized)
        #expect(settings.alertSetting == .enabled)
        #expect(try await center.requestAuthorization(options: [.alert, .badge, .sound]))
        let granted = await withCheckedContinuation { continuation in
            center.requestAuthorization(options: [.alert]) { granted, _ in continuation.resume(returning: granted) }
        }
        #expect(granted)
    }

    @Test func theDelegateIsHeldWeaklyAndItsMethodsAreOptional() {
        let center = UNUserNotificationCenter.current()
        var manager: PushManager? = PushManager()
        center.delegate = manager
        #expect(center.delegate === manager)
        manager = nil
        #expect(center.delegate == nil, "held weakly, as Apple's")
        #expect(UNNotificationDefaultActionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
    }

    @Test func localTriggersKeepWhatTheyWereGiven() throws {
        let interval = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)
        #expect(interval.timeInterval == 60 && !interval.repeats)
        let nextInterval = try #require(interval.nextTriggerDate())
        #expect(abs(nextInterval.timeIntervalSinceNow - 60) < 5)
        let calendar = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 9, minute: 0), repeats: true)
        #expect(calendar.repeats && calendar.dateComponents.hour == 9)
        let next = try #require(calendar.nextTriggerDate())
        #expect(Calendar.current.component(.hour, from: next) == 9)
    }
}
