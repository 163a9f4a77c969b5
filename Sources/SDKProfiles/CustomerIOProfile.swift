import Foundation
import SimulatedDevice
import UserNotifications

/// Customer.io (customerio/customerio-ios `Sources/MessagingPush/RichPush/RichPushHttpClient.swift`,
/// `PushHandling/NSEPushCoordinator.swift`):
/// - a download task on an ephemeral session with a 30 s resource and 60 s request timeout;
/// - the file named `UUID_` + `suggestedFilename`; no HTTP status check; a failure delivers the content
///   without the image;
/// - on expiry it cancels every request (`invalidateAndCancel`) and delivers what it has; the handler is
///   guarded;
/// - the "delivered" metric runs in parallel with the rich-push step, and the content handler is called
///   only after both finish (`NSEPushCoordinator.loadFinalContent`); on expiry the metric is cancelled
///   too.
///
/// The metric is a GET of `/metrics/delivered` on the media's host (the simulated phone sends GET only;
/// Customer.io's is a POST to its own API host), on a session of its own with no timeout set
/// (Customer.io's HTTP client is not this profile's subject); `--endpoint metrics:...` shapes it. A
/// payload without media sends no metric (there is no host to send it to).
final class CustomerIOProfile: SDKServiceBase, @unchecked Sendable {
    private var session: URLSession?
    private var metricSession: URLSession?
    /// The steps (rich push, metric) still running; the content is delivered when the last ends.
    private var pendingSteps = 0

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
        let metric = SideCallURL.on(url, path: "/metrics/delivered")
        let metricSession = metric.map { _ in URLSession(configuration: .default) }
        lock.withLock {
            self.session = session
            self.metricSession = metricSession
            pendingSteps = metric == nil ? 1 : 2
        }
        if let metric, let metricSession {
            metricSession.dataTask(with: metric) { [self] _, _, _ in
                // Customer.io delivers whether the metric succeeded or not: it only waits for it.
                stepFinished(content)
            }.resume()
        }
        session.downloadTask(with: url) { [self] location, response, error in
            if error == nil, let location, let name = response?.suggestedFilename,
                let attachment = MediaFiles.attachment(
                    from: location, fileExtension: URL(fileURLWithPath: name).pathExtension, identifier: "")
            {
                content.attachments = [attachment]
            }
            stepFinished(content)
        }.resume()
    }

    /// One step ended; the last one delivers.
    private func stepFinished(_ content: UNNotificationContent) {
        let last = lock.withLock { () -> Bool in
            pendingSteps -= 1
            return pendingSteps == 0
        }
        if last { deliverOnce(content) }
    }

    override func serviceExtensionTimeWillExpire() {
        let (session, metricSession, content) = lock.withLock { (self.session, self.metricSession, bestAttemptContent) }
        session?.invalidateAndCancel()
        metricSession?.invalidateAndCancel()
        if let content { deliverOnce(content) }
    }
}
