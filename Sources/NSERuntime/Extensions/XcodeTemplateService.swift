public import UserNotifications

// The `NotificationService` class of Xcode's "Notification Service Extension" target template, verbatim but
// for its name (`XcodeTemplateService`), `public`, and the template's trailing spaces on blank lines, which the
// linter rejects: the built-in `template` extension is the code every new extension starts from, run unchanged.
// `swift-format-ignore` keeps the formatter from rewriting it.

/// The Xcode template (built-in `template`): appends ` [modified]` to the title and delivers at once; on
/// expiry it delivers its best attempt. Written against Apple's API alone, so the host measures it from
/// outside; it knows nothing of nse-bench.
// swift-format-ignore
public class XcodeTemplateService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    public override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)

        if let bestAttemptContent = bestAttemptContent {
            // Modify the notification content here...
            bestAttemptContent.title = "\(bestAttemptContent.title) [modified]"

            contentHandler(bestAttemptContent)
        }
    }

    public override func serviceExtensionTimeWillExpire() {
        // Called just before the extension will be terminated by the system.
        // Use this as an opportunity to deliver your "best attempt" at modified content, otherwise the original push payload will be used.
        if let contentHandler = contentHandler, let bestAttemptContent =  bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

}
