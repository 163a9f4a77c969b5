// An app's extension that lets Firebase Messaging attach the image of an FCM notification, as Firebase's
// documentation has apps write it: the Xcode template handing its best attempt to Firebase's helper.
// nse-bench compiles it unchanged against its own FirebaseMessaging module, whose helper reads the image
// URL from `fcm_options.image`, where the run's generated payloads put it.
import FirebaseMessaging
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
        Messaging.serviceExtension().exportDeliveryMetricsToBigQuery(withMessageInfo: request.content.userInfo)
        Messaging.serviceExtension().populateNotificationContent(bestAttemptContent, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
