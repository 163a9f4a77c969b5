import Foundation
import SimulatedDevice
import UserNotifications

/// Customer.io (customerio/customerio-ios `Sources/MessagingPush/RichPush/RichPushHttpClient.swift`,
/// `PushHandling/NSEPushCoordinator.swift`):
/// - a download task on an ephemeral session with a 30 s resource and 60 s request timeout;
/// - the file named `UUID_` + `suggestedFilename`; no HTTP status check; a failure delivers the content
///   without the image;
/// - on expiry it cancels every request (`invalidateAndCancel`) and delivers what it has; the handler is
///   guarded.
///
/// Not simulated: Customer.io displays only after a "delivered" metric POST also finishes, and the
/// simulated phone sends GET only, so this profile is the media half of its behaviour (faster than the
/// real SDK whenever the metric is the slower of the two).
final class CustomerIOProfile: SDKServiceBase, @unchecked Sendable {
    private var session: URLSession?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            return deliverOnce(content)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = 30
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration)
        lock.withLock { self.session = session }
        session.downloadTask(with: url) { [self] location, response, error in
            if error == nil, let location, let name = response?.suggestedFilename,
                let attachment = MediaFiles.attachment(
                    from: location, fileExtension: URL(fileURLWithPath: name).pathExtension, identifier: "")
            {
                content.attachments = [attachment]
            }
            deliverOnce(content)
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        let (session, content) = lock.withLock { (self.session, bestAttemptContent) }
        session?.invalidateAndCancel()
        if let content { deliverOnce(content) }
    }
}
