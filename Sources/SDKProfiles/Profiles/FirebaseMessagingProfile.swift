import UserNotifications

/// Firebase Messaging in the app's `NotificationService` as Firebase's sample writes it
/// (`FirebaseMessaging/Apps/AdvancedSample/NotificationServiceExtension/NotificationService.swift`): the
/// Xcode template handing the best attempt to ``MessagingExtensionHelper``, whose expiry is the
/// template's (the best attempt, the handler not guarded).
class FirebaseMessagingProfile: SDKServiceBase, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        Messaging.serviceExtension().populateNotificationContent(content, withContentHandler: contentHandler)
    }
}
