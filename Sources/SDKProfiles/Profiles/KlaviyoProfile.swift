import UserNotifications

/// Klaviyo in the app's `NotificationService` as Klaviyo's sample writes it
/// (`Examples/KlaviyoSwiftExamples/SPMExample/NotificationServiceExtension/NotificationService.swift`):
/// the Xcode template handing request, best attempt and handler to ``KlaviyoExtensionSDK``, on arrival and
/// on expiry.
final class KlaviyoProfile: SDKServiceBase, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        KlaviyoExtensionSDK.handleNotificationServiceDidReceivedRequest(
            request: request, bestAttemptContent: content, contentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        guard let kept = kept() else { return }
        KlaviyoExtensionSDK.handleNotificationServiceExtensionTimeWillExpireRequest(
            request: kept.request, bestAttemptContent: kept.content, contentHandler: kept.handler)
    }
}
