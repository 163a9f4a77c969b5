import Foundation
import SimulatedDevice
import UserNotifications

/// One push's work in Pushwoosh's extension (Pushwoosh/pushwoosh-ios-sdk 7.1.3,
/// `iOS_SDK/Pushwoosh/Public/PWNotificationServiceProcessor.m`, `PWMessageDeliveryRequest.m`):
/// - a push is Pushwoosh's when its `userInfo` has `pw_msg`; any other is handed back as it came, once the
///   app's own step (``PushwooshNotificationServiceExtension/pushwooshPrepare(for:completion:)``) is done;
/// - the delivery event and the attachment start together, and the content handler is called once both have
///   ended, the event's response included (the event does hold back the display);
/// - the attachment from `attachment`: a `URLSession.shared` download task, no timeout of its own, no HTTP
///   status check, the file named by `suggestedFilename`, else the response URL's last path component; a
///   failure delivers without it;
/// - ``expire()`` delivers the best attempt as it stands (with the attachment once it was added), and
///   nothing after: the handler is called exactly once.
///
/// The delivery event is a POST with a JSON body, as Pushwoosh sends it (`POST <app code>.api.pushwoosh.com/
/// json/1.3/messageDeliveryEvent`, `{"request": {"application", "hwid", "userId", "v", "device_type": 1,
/// "hash": p, "metaData": md}}`, `Authorization: Token ...`) on a default-configuration session of its own:
/// here `POST /metrics/messageDeliveryEvent` on the media's host (else the phone's API host), where the
/// embedded server answers side calls (`--endpoint metrics:...` shapes it), with synthetic ids. Not here: the badge (`aps` → `pw_badge` counted in the App Group's `badge_count`), the retry queue
/// Pushwoosh keeps for a failed event, and its gRPC transport; the handler is called on the session's queue,
/// where Pushwoosh's goes to the main queue.
///
/// `@unchecked Sendable`: the handler, the best attempt and the steps still running are read and written under
/// `lock`, from the sessions' callbacks and the expiry call.
final class PushwooshNotificationProcessor: @unchecked Sendable {
    /// The key that marks a push as Pushwoosh's (`PWMessage.isPushwooshMessage`).
    static let messageKey = "pw_msg"
    /// The message's hash, sent back in the delivery event.
    static let hashKey = "p"
    /// The message's metadata, sent back in the delivery event.
    static let metaDataKey = "md"
    /// Where Pushwoosh's payload carries its attachment's URL.
    static let attachmentKey = "attachment"
    /// The synthetic application code the delivery event names (the app's Pushwoosh app id).
    static let applicationCode = "5EB5A-37EB4"
    /// The SDK version the delivery event names.
    static let version = "7.1.3"

    private let lock = NSLock()
    private var handler: ContentHandler?
    private let bestAttempt: UNMutableNotificationContent
    private var pendingSteps = 0
    /// Whether ``process(_:)`` ran: a second call (an app's step completing twice) starts nothing.
    private var started = false

    /// Keeps `contentHandler` and a copy of the request's content as the best attempt (the copy Pushwoosh
    /// makes when it arms, so that the expiry has one at any time).
    init(_ request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        handler = ContentHandler(contentHandler)
        bestAttempt = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
    }

    /// Starts the delivery event and the attachment's download, the last to end delivering; a push that is not
    /// Pushwoosh's is delivered as it came. Once only.
    func process(_ request: UNNotificationRequest) {
        let first = lock.withLock { () -> Bool in
            defer { started = true }
            return !started
        }
        guard first else { return }
        let userInfo = request.content.userInfo
        guard userInfo[Self.messageKey] != nil else { return finish() }
        let media = (userInfo[Self.attachmentKey] as? String).flatMap(URL.init(string:))
        let event = SideCall.on(media, path: "/metrics/messageDeliveryEvent").map {
            Self.deliveryEvent($0, hash: userInfo[Self.hashKey] as? String, metaData: userInfo[Self.metaDataKey])
        }
        lock.withLock { pendingSteps = (event == nil ? 0 : 1) + (media == nil ? 0 : 1) }
        if let event {
            URLSession(configuration: .default).dataTask(with: event) { [self] _, _, _ in
                // Pushwoosh delivers whether the event succeeded or not (a failure goes to its retry queue).
                stepFinished()
            }.resume()
        }
        if let media {
            URLSession.shared.downloadTask(with: media) { [self] location, response, error in
                let name = response?.suggestedFilename ?? (response?.url ?? media).lastPathComponent
                if error == nil, let location,
                    let attachment = MediaFiles.attachment(
                        from: location, fileExtension: URL(fileURLWithPath: name).pathExtension, identifier: "")
                {
                    lock.withLock { bestAttempt.attachments.append(attachment) }
                }
                stepFinished()
            }.resume()
        }
        if event == nil, media == nil { finish() }
    }

    /// The expiry's fallback: the best attempt as it stands, unless it was delivered.
    func expire() { finish() }

    private func stepFinished() {
        let last = lock.withLock { () -> Bool in
            pendingSteps -= 1
            return pendingSteps == 0
        }
        if last { finish() }
    }

    /// Calls the handler with the best attempt, the first time only: a copy taken under the lock, so that a
    /// download ending at the expiry's moment does not add its attachment while the handler reads it.
    private func finish() {
        let delivery = lock.withLock { () -> (ContentHandler, UNNotificationContent)? in
            guard let handler else { return nil }
            self.handler = nil
            return (handler, bestAttempt.mutableCopy() as? UNNotificationContent ?? bestAttempt)
        }
        if let (handler, content) = delivery { handler(content) }
    }

    /// The delivery event's POST to `url`, naming the message's `hash` and `metaData` and the calling phone's
    /// device (a hardware id from its invocation's index).
    static func deliveryEvent(_ url: URL, hash: String?, metaData: Any?) -> URLRequest {
        let index = String(UInt64(bitPattern: Int64(SimulatedPhone.current?.invocationID ?? 0)), radix: 16)
        let hardwareID = String(repeating: "0", count: 32 - index.count) + index
        var fields: [String: Any] = [
            "application": applicationCode, "hwid": hardwareID, "userId": hardwareID, "v": version,
            "device_type": 1,
        ]
        if let hash { fields["hash"] = hash }
        if let metaData, JSONSerialization.isValidJSONObject(["md": metaData]) { fields["metaData"] = metaData }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.setValue("Token " + apiToken, forHTTPHeaderField: "Authorization")
        // Checked as valid JSON above; an empty body would still be sent.
        request.httpBody =
            (try? JSONSerialization.data(withJSONObject: ["request": fields], options: [.sortedKeys])) ?? Data()
        return request
    }

    /// The synthetic API token the delivery event's authorization names (the app's `Pushwoosh_API_TOKEN`).
    static let apiToken = "nse-bench-pushwoosh-token"
}
