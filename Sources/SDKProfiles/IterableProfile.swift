import Foundation
import SimulatedDevice
import UserNotifications

/// Iterable (Iterable/iterable-swift-sdk `notification-extension/ITBNotificationServiceExtension.swift`):
/// - `URLSession.shared` download task, no timeout of its own;
/// - the file named by `suggestedFilename`, else the URL's last path component;
/// - no HTTP status check; a failure delivers the best attempt without the attachment;
/// - on expiry it cancels the download and delivers the best attempt; the handler is not guarded, and
///   the cancelled download's completion calls it a second time.
final class IterableProfile: SDKServiceBase, @unchecked Sendable {
    private var task: URLSessionDownloadTask?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            return deliver(content)
        }
        let task = URLSession.shared.downloadTask(with: url) { [self] location, response, error in
            if error == nil, let location {
                let name = response?.suggestedFilename ?? url.lastPathComponent
                let type = URL(fileURLWithPath: name).pathExtension
                if let attachment = MediaFiles.attachment(from: location, fileExtension: type, identifier: "") {
                    content.attachments = [attachment]
                }
            }
            deliver(content)
        }
        lock.withLock { self.task = task }
        task.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        lock.withLock { task }?.cancel()
        super.serviceExtensionTimeWillExpire()
    }
}
