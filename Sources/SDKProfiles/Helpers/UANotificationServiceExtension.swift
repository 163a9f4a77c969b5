import Foundation
import SimulatedDevice
public import UserNotifications

/// Airship's extension, which the app's `NotificationService` subclasses as it is
/// (`class NotificationService: UANotificationServiceExtension {}`; urbanairship/ios-library
/// `AirshipExtensions/AirshipNotificationServiceExtension/Source/UANotificationServiceExtension.swift`
/// with `OnceContentHandler`, `AirshipNotificationMutationProvider.swift`, `MediaAttachmentPayload.swift`,
/// the newest version stored):
/// - the media from `com.urbanairship.media_attachment` of the request's `userInfo`: its `urls`, an array
///   of `{url, url_id}` objects, else its `url`, a string or an array of strings (its `options`, `thumbnail_id`
///   and `content` are not applied here);
/// - every media item downloaded in parallel (a task group), each with async `download(from:)` on a new
///   default-configuration session, no timeout of its own;
/// - the type from the URL's last path component when iOS supports it, else the MIME type, else magic
///   bytes; no HTTP status check;
/// - any failure delivers the original content, without attachments;
/// - on expiry it cancels the downloads and delivers the **original** request content; the handler is
///   guarded (called once).
///
/// Not here: `airshipConfig` (`AirshipExtensionConfig`) of newer versions.
///
/// `@unchecked Sendable`: the state ``SDKServiceBase`` keeps and the download task are read and written
/// under its lock.
open class UANotificationServiceExtension: SDKServiceBase, @unchecked Sendable {
    /// Airship's media key.
    static let mediaKey = "com.urbanairship.media_attachment"
    static let supported: Set<String> = [
        "jpg", "jpeg", "png", "gif", "aif", "aiff", "mp3", "mpg", "mpeg", "mp4", "m4a", "wav", "avi",
    ]

    private var task: Task<Void, Never>?

    /// Downloads the payload's media in parallel and delivers the content with them, or the original.
    ///
    /// The handler is `@Sendable`, as in Apple's current SDK, so a subclass may restate the signature with or
    /// without it.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        let urls = Self.mediaURLs(request.content.userInfo)
        guard !urls.isEmpty else { return deliverOnce(content) }
        let original = request.content
        // Made and kept under the lock: an expiry between the two (the download already asked for) would
        // find no task to cancel, and the download would outlive the expiry.
        lock.lock()
        defer { lock.unlock() }
        task = Task { [self] in
            do {
                content.attachments = try await withThrowingTaskGroup(of: UNNotificationAttachment.self) { group in
                    for (index, url) in urls.enumerated() {
                        group.addTask { try await Self.attachment(url, identifier: "\(index)") }
                    }
                    var attachments: [UNNotificationAttachment] = []
                    for try await attachment in group { attachments.append(attachment) }
                    return attachments
                }
                deliverOnce(content)
            } catch {
                deliverOnce(original)
            }
        }
    }

    /// Cancels the downloads and delivers the original content, unless something was delivered already.
    open override func serviceExtensionTimeWillExpire() {
        lock.withLock { task }?.cancel()
        if let original = lock.withLock({ originalContent }) { deliverOnce(original) }
    }

    /// The media URLs of Airship's payload: each of `urls`' `url`, else `url` (a string or strings).
    static func mediaURLs(_ userInfo: [AnyHashable: Any]) -> [URL] {
        guard let media = userInfo[mediaKey] as? [String: Any] else { return [] }
        let texts: [String] =
            if let objects = media["urls"] as? [[String: Any]] {
                objects.compactMap { $0["url"] as? String }
            } else if let one = media["url"] as? String {
                [one]
            } else {
                media["url"] as? [String] ?? []
            }
        return texts.compactMap(URL.init(string:))
    }

    private static func attachment(_ url: URL, identifier: String) async throws -> UNNotificationAttachment {
        let session = URLSession(configuration: .default)
        let (location, response) = try await session.download(from: url)
        try Task.checkCancellation()
        let fromName = url.pathExtension.lowercased()
        let type =
            supported.contains(fromName)
            ? fromName
            : MediaFiles.fileExtension(forMIMEType: response.mimeType) ?? MediaFiles.fileExtension(sniffing: location)
        guard let type,
            let attachment = MediaFiles.attachment(from: location, fileExtension: type, identifier: identifier)
        else { throw URLError(.cannotDecodeContentData) }
        return attachment
    }
}
