import Foundation
import SimulatedDevice
import UserNotifications

/// Airship (urbanairship/ios-library `AirshipExtensions/AirshipNotificationServiceExtension/Source/`, the
/// newest version stored: `UANotificationServiceExtension.swift` with `OnceContentHandler`,
/// `AirshipNotificationMutationProvider.swift`):
/// - every media item downloaded in parallel (a task group), each with async `download(from:)` on a new
///   default-configuration session, no timeout of its own;
/// - the type from the URL's last path component when iOS supports it, else the MIME type, else magic
///   bytes; no HTTP status check;
/// - any failure delivers the original content, without attachments;
/// - on expiry it cancels the downloads and delivers the **original** request content; the handler is
///   guarded (called once).
final class AirshipProfile: SDKServiceBase, @unchecked Sendable {
    static let supported: Set<String> = [
        "jpg", "jpeg", "png", "gif", "aif", "aiff", "mp3", "mpg", "mpeg", "mp4", "m4a", "wav", "avi",
    ]

    private var task: Task<Void, Never>?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        let urls = [request.content.userInfo["media_url"]].compactMap { ($0 as? String).flatMap(URL.init(string:)) }
        guard !urls.isEmpty else { return deliverOnce(content) }
        let original = request.content
        let task = Task { [self] in
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
        lock.withLock { self.task = task }
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

    override func serviceExtensionTimeWillExpire() {
        lock.withLock { task }?.cancel()
        if let original = lock.withLock({ originalContent }) { deliverOnce(original) }
    }
}
