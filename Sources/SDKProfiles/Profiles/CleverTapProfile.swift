import UserNotifications

/// CleverTap in the app's `NotificationService` as CleverTap's Swift sample writes it
/// (CleverTap/CTNotificationService `ExampleSwift/NotificationService/NotificationService.swift`): a subclass
/// of ``CTNotificationServiceExtension`` with a handler and best attempt of its own that it never sets, its
/// `didReceive` calling the superclass's.
final class CleverTapProfile: CTNotificationServiceExtension, @unchecked Sendable {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        super.didReceive(request, withContentHandler: contentHandler)
    }
}
