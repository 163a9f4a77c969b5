import Foundation
import SimulatedDevice
import UserNotifications

/// Firebase Messaging (firebase/firebase-ios-sdk `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`)
/// inside the app's Xcode-template `NotificationService`:
/// - a download task on a new default-configuration session, no timeout of its own;
/// - the extension from the response's `suggestedFilename`, else an `image/` MIME subtype, else none;
/// - no HTTP status check (a 404 body with a usable name is attached); a failed download or attachment
///   delivers the best attempt without it;
/// - no expiry hook of its own: the app's template delivers the best attempt, and nothing guards the
///   handler, so a download that completes later calls it again.
class FirebaseMessagingProfile: SDKServiceBase, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            return deliver(content)
        }
        let session = URLSession(configuration: .default)
        session.downloadTask(with: url) { [self] location, response, error in
            if error == nil, let location,
                let attachment = MediaFiles.attachment(
                    from: location, fileExtension: MediaFiles.suggestedOrImageSubtype(response), identifier: "")
            {
                content.attachments = [attachment]
            }
            deliver(content)
        }.resume()
    }
}
