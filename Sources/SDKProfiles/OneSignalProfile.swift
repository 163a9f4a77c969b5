import Foundation
import SimulatedDevice
import UserNotifications

/// OneSignal (OneSignal/OneSignal-iOS-SDK `OneSignalExtension/OneSignalAttachmentHandler.m`,
/// `OneSignalNotificationServiceExtensionHandler.m`; the stored versions, not verified as the newest):
/// - a new default-configuration session, no timeout of its own; a response whose expected length is
///   above 50 MB (`MAX_NOTIFICATION_MEDIA_SIZE_BYTES`) is not attached (the SDK cancels it on the head;
///   here the whole body is counted first);
/// - the extension from a `filename` query parameter, else the MIME type, else the URL's path extension,
///   kept only when iOS supports it; no HTTP status check; a failed attachment is skipped;
/// - on expiry the app's template delivers OneSignal's replacement content (the best attempt); the
///   handler is not guarded.
///
/// - before the download it schedules a receive receipt after a random whole-second delay of 0 to 24 s
///   (`arc4random_uniform(MAX_CONF_DELIVERY_DELAY)`, 25, "to lessen traffic for high recipient
///   notifications"), and after calling the content handler it waits up to 30 s
///   (`MAX_NSE_LIFETIME_SECOUNDS`) for the receipt (`OneSignalReceiveReceiptsController.m`): the receipt
///   does not hold back the display, but it holds the extension open.
///
/// The receipt is a PUT with a JSON body, as OneSignal sends it (`OneSignalExtensionRequests.m`,
/// `OSRequestReceiveReceipts`: `PUT notifications/<notification id>/report_received` with `app_id`,
/// `player_id` and `device_type` 0; `OneSignalCore/Source/API/OneSignalRequest.m` serializes the
/// parameters as a JSON body with `Content-Type: application/json`): here
/// `PUT /receipts/<request identifier>/report_received` on the media's host, 116 bytes of JSON
/// with synthetic ids (a fixed app id, a player id from the invocation). It runs as the extension's
/// tracked work with its delay drawn from the invocation's index (the same for a run, not OneSignal's
/// own random draw).
/// Whether it is sent depends on how long the phone lets a delivered extension run (`--wind-down`, 1 s
/// by default): a receipt due later is abandoned with the suspended process, as on a phone that
/// suspends it. A payload without media sends none (there is no host to send it to).
///
/// Not simulated: OneSignal downloads with a data task synchronously, polling the run loop on the
/// extension's thread (this profile uses an asynchronous download task with the same limits: hundreds
/// of blocked threads would stall the harness, not a phone, and the download's file is the host's to
/// clean up).
final class OneSignalProfile: SDKServiceBase, @unchecked Sendable {
    /// OneSignal's `MAX_CONF_DELIVERY_DELAY`: receipts are delayed 0 to 24 whole seconds.
    static let receiptDelaySeconds: UInt64 = 25
    static let maximumBytes: Int64 = 50_000_000
    static let supported: Set<String> = [
        "aiff", "wav", "mp3", "mp4", "jpg", "jpeg", "png", "gif", "mpeg", "mpg", "avi", "m4a", "m4v",
    ]

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        sendReceipt(for: request)
        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            return deliver(content)
        }
        let session = URLSession(configuration: .default)
        session.downloadTask(with: url) { [self] location, response, error in
            if error == nil, let location, let response, response.expectedContentLength <= Self.maximumBytes,
                let type = Self.fileExtension(url, response),
                let attachment = MediaFiles.attachment(from: location, fileExtension: type, identifier: "")
            {
                content.attachments = [attachment]
            }
            deliver(content)
        }.resume()
    }

    /// Schedules the receive receipt: after its delay, a PUT of `/receipts/<identifier>/report_received`
    /// beside the media, as tracked work of the phone that received `request` (its extension waits for it).
    private func sendReceipt(for request: UNNotificationRequest) {
        guard let phone = SimulatedPhone.current,
            let url = SideCallURL.besideMedia(of: request, path: "/receipts/\(request.identifier)/report_received")
        else { return }
        var put = URLRequest(url: url)
        put.httpMethod = "PUT"
        put.setValue("application/json", forHTTPHeaderField: "Content-Type")
        put.httpBody = Self.receiptBody(invocation: phone.invocationID)
        let receipt = put
        let delay = Self.receiptDelay(invocation: phone.invocationID)
        let wait = phone.scaledNanoseconds(TimeInterval(delay)) ?? 0
        let session = URLSession(configuration: .default)
        phone.network.track {
            do {
                try await Task.sleep(nanoseconds: wait)
            } catch {
                return  // the process is gone before the receipt was due: nothing is sent
            }
            do {
                _ = try await session.data(for: receipt)
            } catch {
                // OneSignal logs a failed receipt and moves on; the record has the request's failure.
            }
        }
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
