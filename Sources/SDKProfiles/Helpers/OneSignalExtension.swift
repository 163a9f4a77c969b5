import Foundation
import SimulatedDevice
public import UserNotifications

/// OneSignal's extension API (OneSignal/OneSignal-iOS-SDK v5, module `OneSignalExtension`:
/// `iOS_SDK/OneSignalSDK/OneSignalExtension/OneSignalExtension.h`; the handler
/// `OneSignalNotificationServiceExtensionHandler.m` and `OneSignalAttachmentHandler.m`, the stored
/// versions, not verified as the newest):
/// - the attachments from `os_data` → `att` when the payload has an `os_data` dictionary, else from `att`
///   (`OSNotification.m`), a dictionary of attachment id to URL; here the first `http(s)` one by id is
///   downloaded (OneSignal downloads each);
/// - a new default-configuration session, no timeout of its own; a response whose expected length is
///   above 50 MB (`MAX_NOTIFICATION_MEDIA_SIZE_BYTES`) is not attached (the SDK cancels it on the head;
///   here the whole body is counted first);
/// - the file extension from a `filename` query parameter, else the MIME type, else the URL's path
///   extension, kept only when iOS supports it; no HTTP status check; a failed attachment is skipped;
/// - on expiry it hands back the replacement content as it stands; the app's template delivers it, and
///   the handler is not guarded.
///
/// Before the download it schedules a receive receipt after a random whole-second delay of 0 to 24 s
/// (`arc4random_uniform(MAX_CONF_DELIVERY_DELAY)`, 25, "to lessen traffic for high recipient
/// notifications"), and after the content handler is called it waits up to 30 s
/// (`MAX_NSE_LIFETIME_SECOUNDS`) for the receipt (`OneSignalReceiveReceiptsController.m`): the receipt does
/// not hold back the display, but it holds the extension open.
///
/// The receipt is a PUT with a JSON body, as OneSignal sends it (`OneSignalExtensionRequests.m`,
/// `OSRequestReceiveReceipts`: `PUT notifications/<notification id>/report_received` with `app_id`,
/// `player_id` and `device_type` 0; `OneSignalCore/Source/API/OneSignalRequest.m` serializes the
/// parameters as a JSON body with `Content-Type: application/json`): here
/// `PUT /receipts/<request identifier>/report_received` on the media's host, 116 bytes of JSON with
/// synthetic ids (a fixed app id, a player id from the invocation). It runs as the extension's tracked
/// work with its delay drawn from the invocation's index (the same for a run, not OneSignal's own random
/// draw). Whether it is sent depends on how long the phone lets a delivered extension run (`--wind-down`,
/// 1 s by default): a receipt due later is abandoned with the suspended process, as on a phone that
/// suspends it. A payload without media sends it to the phone's API host (the media server over its network
/// class).
///
/// OneSignal downloads synchronously, polling the run loop on the extension's thread, and then calls the
/// handler. Given a handler, here an asynchronous download task with the same limits calls it (hundreds of
/// blocked threads would stall the harness, not a phone); given none (the two-argument form, or nil), the
/// call waits for the download, as OneSignal's does, and returns the content with its attachment.
public final class OneSignalExtension: Sendable {
    private init() {}

    /// OneSignal's `MAX_CONF_DELIVERY_DELAY`: receipts are delayed 0 to 24 whole seconds.
    static let receiptDelaySeconds: UInt64 = 25
    static let maximumBytes: Int64 = 50_000_000
    static let supported: Set<String> = [
        "aiff", "wav", "mp3", "mp4", "jpg", "jpeg", "png", "gif", "mpeg", "mpg", "avi", "m4a", "m4v",
    ]
    /// Where OneSignal's payloads carry their attachments: `att`, or `os_data` → `att` in its newer layout.
    static let attachmentKeys = ["att"]

    /// Schedules the receive receipt, downloads the attachment into `replacementContent` and calls
    /// `contentHandler` with it; returns `replacementContent`.
    @discardableResult
    public class func didReceiveNotificationExtensionRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?,
        withContentHandler contentHandler: ((UNNotificationContent) -> Void)!
    ) -> UNMutableNotificationContent! {
        let content = replacementContent ?? (request.content.mutableCopy() as? UNMutableNotificationContent)
        let handler = contentHandler.map(ContentHandler.init)
        let url = attachmentURL(request.content.userInfo)
        sendReceipt(for: request, beside: url)
        guard let content else {
            handler?(request.content)
            return nil
        }
        guard let url else {
            handler?(content)
            return content
        }
        let done = handler == nil ? DispatchSemaphore(value: 0) : nil
        MediaFiles.downloadAttachment(
            url, on: URLSession(configuration: .default),
            fileExtension: { response in
                guard let response, response.expectedContentLength <= maximumBytes else { return nil }
                return fileExtension(url, response)
            },
            completion: { attachment in
                if let attachment { content.attachments = [attachment] }
                handler?(content)
                done?.signal()
            })
        done?.wait()
        return content
    }

    /// The deprecated form without a handler: waits for the download and returns the content with it.
    @discardableResult
    public class func didReceiveNotificationExtensionRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?
    ) -> UNMutableNotificationContent! {
        didReceiveNotificationExtensionRequest(request, with: replacementContent, withContentHandler: nil)
    }

    /// The replacement content as it stands, for the app's template to deliver on expiry.
    @discardableResult
    public class func serviceExtensionTimeWillExpireRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?
    ) -> UNMutableNotificationContent! {
        replacementContent ?? (request.content.mutableCopy() as? UNMutableNotificationContent)
    }

    /// The first `http(s)` attachment URL of the payload, by attachment id.
    static func attachmentURL(_ userInfo: [AnyHashable: Any]) -> URL? {
        let layout = (userInfo["os_data"] as? [String: Any]).map { $0 as [AnyHashable: Any] } ?? userInfo
        guard let attachments = MediaFiles.value(in: layout, at: attachmentKeys) as? [String: Any] else { return nil }
        for id in attachments.keys.sorted() {
            guard let text = attachments[id] as? String, let url = URL(string: text),
                ["http", "https"].contains(url.scheme?.lowercased())
            else { continue }
            return url
        }
        return nil
    }

    /// Schedules the receive receipt: after its delay, a PUT of `/receipts/<identifier>/report_received`
    /// beside the media (else on the phone's API host), as tracked work of the phone that received `request`
    /// (its extension waits for it).
    private static func sendReceipt(for request: UNNotificationRequest, beside media: URL?) {
        guard let phone = SimulatedPhone.current,
            let url = SideCall.on(media, path: "/receipts/\(request.identifier)/report_received")
        else { return }
        var put = URLRequest(url: url)
        put.httpMethod = "PUT"
        put.setValue("application/json", forHTTPHeaderField: "Content-Type")
        put.httpBody = receiptBody(invocation: phone.invocationID)
        SideCall.send(
            put, on: URLSession(configuration: .default),
            after: TimeInterval(receiptDelay(invocation: phone.invocationID)), for: phone)
    }

    /// The synthetic app id every receipt names (OneSignal's is the app's UUID).
    static let appID = "5eb5a37e-b458-11e3-ac11-000c2940e62c"

    /// The receipt's JSON body: `app_id`, `player_id` (a UUID-shaped id from the invocation's index)
    /// and `device_type` 0 (iOS), keys sorted so that every receipt of a run has the same size.
    static func receiptBody(invocation: Int) -> Data {
        let player = String(
            format: "00000000-0000-4000-8000-%012x", UInt64(bitPattern: Int64(invocation)) & 0xFFFF_FFFF_FFFF)
        let fields: [String: Any] = ["app_id": appID, "player_id": player, "device_type": 0]
        // Three plain values always serialize; an empty body would still be sent.
        return (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
    }

    /// The receipt's delay in whole seconds, 0 to 24, drawn from the invocation's index (SplitMix64).
    static func receiptDelay(invocation: Int) -> UInt64 {
        var value = UInt64(bitPattern: Int64(invocation)) &+ 0x9E37_79B9_7F4A_7C15
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return (value ^ (value >> 31)) % receiptDelaySeconds
    }

    static func fileExtension(_ url: URL, _ response: URLResponse) -> String? {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        let named = query?.first { $0.name == "filename" }?.value.map { URL(fileURLWithPath: $0).pathExtension }
        let candidates = [named, MediaFiles.fileExtension(forMIMEType: response.mimeType), url.pathExtension]
        return candidates.compactMap { $0?.lowercased() }.first { supported.contains($0) }
    }
}
