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
/// Not simulated: OneSignal downloads with a data task synchronously, polling the run loop on the
/// extension's thread (this profile uses an asynchronous download task with the same limits: hundreds
/// of blocked threads would stall the harness, not a phone, and the download's file is the host's to
/// clean up), and it sends a receive receipt after a random 0-24 s delay, a POST the
/// simulated phone does not send (it does not hold back the display).
final class OneSignalProfile: SDKServiceBase, @unchecked Sendable {
    static let maximumBytes: Int64 = 50_000_000
    static let supported: Set<String> = [
        "aiff", "wav", "mp3", "mp4", "jpg", "jpeg", "png", "gif", "mpeg", "mpg", "avi", "m4a", "m4v",
    ]

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
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

    static func fileExtension(_ url: URL, _ response: URLResponse) -> String? {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        let named = query?.first { $0.name == "filename" }?.value.map { URL(fileURLWithPath: $0).pathExtension }
        let candidates = [named, MediaFiles.fileExtension(forMIMEType: response.mimeType), url.pathExtension]
        return candidates.compactMap { $0?.lowercased() }.first { supported.contains($0) }
    }
}
