import Foundation
import SimulatedDevice
import UserNotifications

/// Notifee (invertase/notifee `ios/NotifeeCore/NotifeeCoreExtensionHelper.m`) inside the app's template:
/// - a download task on a new default-configuration session, no timeout of its own (its synchronous data
///   task and 50 MB cap are for notifications the app displays, not the extension);
/// - the extension from `suggestedFilename`, else an `image/` MIME subtype (Firebase's rule);
/// - no HTTP status check; a failure delivers the content without the attachment;
/// - no expiry hook: the app's template delivers the best attempt, and the handler is not guarded.
final class NotifeeProfile: SDKServiceBase, @unchecked Sendable {
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
