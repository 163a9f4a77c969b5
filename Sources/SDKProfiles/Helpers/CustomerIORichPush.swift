import Foundation
import SimulatedDevice
import UserNotifications

/// One notification's work in Customer.io's extension (customerio/customerio-ios 4.x,
/// `Sources/MessagingPush/PushHandling/NSEPushCoordinator.swift`, `RichPush/RichPushHttpClient.swift`):
/// - a push is Customer.io's when its `userInfo` has `CIO-Delivery-ID` and `CIO-Delivery-Token`
///   (`Type/PushNotification.swift`'s `cioDelivery`); ``start(_:contentHandler:autoTrackDelivery:)`` takes
///   no other;
/// - the image URL from `CIO` → `push` → `image`; a download task on an ephemeral session with a 30 s
///   resource and 60 s request timeout; the file named `UUID_` + `suggestedFilename`; no HTTP status check;
///   a failure delivers the content without the image;
/// - with `autoTrackPushEvents` (the default) the "delivered" metric runs in parallel with the rich-push
///   step, and the content handler is called only after both finish (`loadFinalContent`);
/// - ``cancel()`` (on expiry) cancels both and delivers what it has: the content with the image when the
///   rich-push step had finished, else the request's own; the handler is called once.
///
/// The metric is a POST with a JSON body, as Customer.io sends it (`RichPush/RichPushDeliveryTracker.swift`:
/// `CIOApiEndpoint.trackPushMetricsCdp`, `POST /track` on its CDP API host, with `anonymousId` (the
/// delivery id), `event` "Report Delivery Event" and `properties` holding `recipient` (the device token),
/// `metric` "delivered" and `deliveryId`), through the same HTTP client as the image
/// (`RichPushHttpClient.getCIOApiSession`: ephemeral, 30 s resource, 60 s request, with Basic authorization
/// by the CDP API key and Customer.io's user agent): here `POST /metrics/track` on the media's host;
/// `--endpoint metrics:...` shapes it. A push without an image sends it to the phone's API host (the media
/// server over its network class) and, as Customer.io, delivers once it has ended. The pending-metric file
/// Customer.io keeps in the App Group for the app to send later is not written.
///
/// `@unchecked Sendable`: its sessions, pending steps and the content so far are read and written under
/// `lock`, from the session queues' callbacks and the expiry call.
final class CustomerIORichPush: @unchecked Sendable {
    /// Where Customer.io's payload carries its image (`Sources/MessagingPush/Type/PushNotification.swift`).
    static let imageKeys = ["CIO", "push", "image"]
    /// The keys of a Customer.io push's delivery id and device token.
    static let deliveryIDKey = "CIO-Delivery-ID"
    static let deliveryTokenKey = "CIO-Delivery-Token"

    /// The CDP API key the metric's authorization names.
    private let apiKey: String
    private let lock = NSLock()
    private var session: URLSession?
    private var metricSession: URLSession?
    private var handler: ContentHandler?
    private var original: UNNotificationContent?
    /// The content with the image once the rich-push step has finished; nil before.
    private var composed: UNNotificationContent?
    /// The steps (rich push, metric) still running; the content is delivered when the last ends.
    private var pendingSteps = 0

    /// One push's work, its metric authorized by `apiKey`.
    init(apiKey: String) { self.apiKey = apiKey }

    /// The delivery id and device token of a Customer.io push; nil for any other.
    static func delivery(in userInfo: [AnyHashable: Any]) -> (id: String, token: String)? {
        guard let id = userInfo[deliveryIDKey] as? String, let token = userInfo[deliveryTokenKey] as? String else {
            return nil
        }
        return (id, token)
    }

    /// Starts the rich-push step and, with `autoTrackDelivery`, the metric; calls `contentHandler` once
    /// both end. False, with nothing started and the handler not called, for a push that is not Customer.io's.
    @discardableResult
    func start(
        _ request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void,
        autoTrackDelivery: Bool
    ) -> Bool {
        let userInfo = request.content.userInfo
        guard let delivery = Self.delivery(in: userInfo) else { return false }
        let imageURL = MediaFiles.url(in: userInfo, at: Self.imageKeys)
        let metric =
            autoTrackDelivery
            ? SideCall.on(imageURL, path: "/metrics/track").map {
                Self.metricRequest($0, deliveryID: delivery.id, token: delivery.token, apiKey: apiKey)
            } : nil
        let session = imageURL.map { _ in Self.customerIOSession() }
        let metricSession = metric.map { _ in Self.customerIOSession() }
        lock.withLock {
            handler = ContentHandler(contentHandler)
            original = request.content
            self.session = session
            self.metricSession = metricSession
            pendingSteps = 1 + (metric == nil ? 0 : 1)
        }
        if let metric, let metricSession {
            metricSession.dataTask(with: metric) { [self] _, _, _ in
                // Customer.io delivers whether the metric succeeded or not: it only waits for it.
                stepFinished(composed: nil)
            }.resume()
        }
        let content = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let imageURL, let session, let content else {
            stepFinished(composed: content ?? request.content)
            return true
        }
        session.downloadTask(with: imageURL) { [self] location, response, error in
            if error == nil, let location, let name = response?.suggestedFilename,
                let attachment = MediaFiles.attachment(
                    from: location, fileExtension: URL(fileURLWithPath: name).pathExtension, identifier: "")
            {
                content.attachments = [attachment]
            }
            stepFinished(composed: content)
        }.resume()
        return true
    }

    /// The expiry: cancels every request and delivers the content so far, unless it was delivered.
    func cancel() {
        let (session, metricSession, handler, content) = lock.withLock {
            defer {
                self.handler = nil
                pendingSteps = 0
            }
            return (self.session, self.metricSession, self.handler, composed ?? original)
        }
        session?.invalidateAndCancel()
        metricSession?.invalidateAndCancel()
        if let handler, let content { handler(content) }
    }

    /// Customer.io's sessions (`getBasicSession`): ephemeral, 30 s for the resource and 60 s for a request.
    private static func customerIOSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = 30
        configuration.timeoutIntervalForRequest = 60
        return URLSession(configuration: configuration)
    }

    /// The delivered metric's POST to `url`: its JSON body names the push's delivery id and device token, its
    /// header fields those of Customer.io's API session (`getCIOsessionHeader`).
    static func metricRequest(_ url: URL, deliveryID: String, token: String, apiKey: String) -> URLRequest {
        let fields: [String: Any] = [
            "anonymousId": deliveryID,
            "event": "Report Delivery Event",
            "properties": ["recipient": token, "metric": "delivered", "deliveryId": deliveryID],
        ]
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue(
            "Basic " + Data((apiKey + ":").utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        // Plain strings always serialize; an empty body would still be sent.
        request.httpBody = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return request
    }

    /// Customer.io's extension's user agent (`UserAgentUtil.getNSEUserAgentHeaderValue`): its client and
    /// version, the device, and the app (nse-bench's stand-ins for the last two).
    static let userAgent = "Customer.io iOS Client/4.7.5 (iPhone; iOS 26.1) com.example.app/1.0"

    /// One step ended (the rich-push step with its content); the last one delivers, unless expiry did.
    private func stepFinished(composed content: UNNotificationContent?) {
        let delivery = lock.withLock { () -> (ContentHandler, UNNotificationContent)? in
            if let content { composed = content }
            guard let handler else { return nil }
            pendingSteps -= 1
            guard pendingSteps == 0, let final = composed ?? original else { return nil }
            self.handler = nil
            return (handler, final)
        }
        if let delivery { delivery.0(delivery.1) }
    }
}
