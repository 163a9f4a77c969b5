import UserNotifications

/// Notifee in the app's `NotificationService` as its docs write it (`docs/react-native/ios/
/// remote-notification-support.mdx`): the Xcode template handing the request and best attempt to
/// ``NotifeeExtensionHelper``, whose expiry is the template's.
final class NotifeeProfile: SDKServiceBase, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        NotifeeExtensionHelper.populateNotificationContent(request, with: content, withContentHandler: contentHandler)
    }
}
