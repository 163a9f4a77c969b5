// An extension that leaves the work to two modules it shares with its app: PushModels reads the push,
// MediaKit downloads its media. Run it with both:
//   nse-bench run --extension Examples/SharedModule/NotificationService \
//       --module Examples/SharedModule/MediaKit --module Examples/SharedModule/PushModels
import MediaKit
import PushModels
import UserNotifications

class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    let downloader = AttachmentDownloader(session: URLSession(configuration: .default))

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let bestAttemptContent, let push = RichPush(userInfo: request.content.userInfo) else {
            return contentHandler(request.content)
        }
        downloader.attachment(for: push) { attachment in
            if let attachment { bestAttemptContent.attachments = [attachment] }
            contentHandler(bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
