import Foundation
import SimulatedDevice
import UserNotifications

/// Klaviyo (klaviyo/klaviyo-swift-sdk `Sources/KlaviyoSwiftExtension/KlaviyoExtension.swift`):
/// - `URLSession.shared` download task, no timeout of its own;
/// - the extension from the payload's `rich-media-type`, `jpg` when absent (so every generated payload's
///   file is named `.jpg`);
/// - no HTTP status check; a failure delivers the best attempt without the attachment;
/// - on expiry the best attempt, without cancelling the download; the handler is not guarded.
final class KlaviyoProfile: SDKServiceBase, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            return deliver(content)
        }
        let type = request.content.userInfo["rich-media-type"] as? String ?? "jpg"
        URLSession.shared.downloadTask(with: url) { [self] location, _, error in
            if error == nil, let location,
                let attachment = MediaFiles.attachment(from: location, fileExtension: type, identifier: "")
            {
                content.attachments = [attachment]
            }
            deliver(content)
        }.resume()
    }
}
