// An extension whose download lives in a file the Xcode project compiles into both the app and the
// extension (Shared/MediaAttachment.swift), used with no import, and whose subtitle comes from ChatKit, a
// local Swift package the project links (Packages/ChatKit). Run it as it is:
//   nse-bench run --extension Examples/XcodeProject/NotificationService
import ChatKit
import UserNotifications

class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let bestAttemptContent else { return contentHandler(request.content) }
        MediaAttachment.load(from: request.content.userInfo) { attachment in
            if let attachment {
                bestAttemptContent.attachments = [attachment]
                bestAttemptContent.subtitle = ChatKit.photoSubtitle
            }
            contentHandler(bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
