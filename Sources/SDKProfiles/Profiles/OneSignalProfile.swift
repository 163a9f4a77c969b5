import UserNotifications

/// OneSignal in the app's `NotificationService` as OneSignal's v5 sample writes it
/// (`examples/demo/OneSignalNotificationServiceExtension/NotificationService.swift`): the Xcode template
/// handing the request and best attempt to ``OneSignalExtension``, and on expiry delivering what
/// `serviceExtensionTimeWillExpireRequest` hands back (the handler not guarded).
final class OneSignalProfile: SDKServiceBase, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        OneSignalExtension.didReceiveNotificationExtensionRequest(
            request, with: content, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        guard let kept = kept() else { return }
        OneSignalExtension.serviceExtensionTimeWillExpireRequest(kept.request, with: kept.content)
        kept.handler(kept.content)
    }
}
