import Foundation
import SimulatedDevice
import UserNotifications

/// Customer.io (customerio/customerio-ios `Sources/MessagingPush/RichPush/RichPushHttpClient.swift`,
/// `PushHandling/NSEPushCoordinator.swift`):
/// - the image URL from `CIO` → `push` → `image` of the request's `userInfo`;
/// - a download task on an ephemeral session with a 30 s resource and 60 s request timeout;
/// - the file named `UUID_` + `suggestedFilename`; no HTTP status check; a failure delivers the content
///   without the image;
/// - on expiry it cancels every request (`invalidateAndCancel`) and delivers what it has; the handler is
///   guarded;
/// - the "delivered" metric runs in parallel with the rich-push step, and the content handler is called
///   only after both finish (`NSEPushCoordinator.loadFinalContent`); on expiry the metric is cancelled
///   too.
///
/// The metric is a POST with a JSON body, as Customer.io sends it (`RichPush/RichPushDeliveryTracker.swift`:
/// `CIOApiEndpoint.trackPushMetricsCdp`, `POST /track` on its CDP API host, with `anonymousId` (the
/// delivery id), `event` "Report Delivery Event" and `properties` holding `recipient` (the device
/// token), `metric` "delivered" and `deliveryId`): here `POST /metrics/track` on the media's host,
/// about 200 bytes of JSON (203 with nse-bench's request identifiers) with the request identifier as the delivery id and a synthetic 64-hex-digit
/// token, on a session of its own with no timeout set (Customer.io's HTTP client is not this profile's
/// subject); `--endpoint metrics:...` shapes it. A payload without media sends no metric (there is no
/// host to send it to).
final class CustomerIOProfile: SDKServiceBase, @unchecked Sendable {
    /// Where Customer.io's payload carries its image (`Sources/MessagingPush/Type/PushNotification.swift`).
    static let imageKeys = ["CIO", "push", "image"]
    private var session: URLSession?
    private var metricSession: URLSession?
    /// The steps (rich push, metric) still running; the content is delivered when the last ends.
    private var pendingSteps = 0

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        guard let url = MediaFiles.url(in: request.content.userInfo, at: Self.imageKeys) else {
            return deliverOnce(content)
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = 30
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration)
        let metric = SideCallURL.on(url, path: "/metrics/track").map {
            Self.metricRequest($0, deliveryID: request.identifier)
        }
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

    /// The delivered metric's POST to `url`: its JSON body names `deliveryID` and a synthetic token.
    static func metricRequest(_ url: URL, deliveryID: String) -> URLRequest {
        let fields: [String: Any] = [
            "anonymousId": deliveryID,
            "event": "Report Delivery Event",
            "properties": ["recipient": deviceToken, "metric": "delivered", "deliveryId": deliveryID],
        ]
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        // Plain strings always serialize; an empty body would still be sent.
        request.httpBody = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return request
    }

    /// A synthetic APNs device token: 32 bytes as 64 hex digits.
    static let deviceToken = String(repeating: "5eb5a37eb45811e3", count: 4)

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
