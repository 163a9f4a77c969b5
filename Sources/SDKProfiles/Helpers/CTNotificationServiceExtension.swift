import Foundation
import SimulatedDevice
public import UserNotifications

/// CleverTap's extension, which the app's `NotificationService` subclasses
/// (`class NotificationService: CTNotificationServiceExtension`, calling `super.didReceive`; CleverTap/CTNotificationService
/// 0.1.7, `CTNotificationService/CTNotificationServiceExtension.m`, unchanged in behaviour since 0.1.5):
/// - the media URL from `ct_mediaUrl` and its type from `ct_mediaType` of the request's `userInfo` (or the keys
///   ``mediaUrlKey`` and ``mediaTypeKey`` name); without either, the best attempt is delivered at once;
/// - a download task on a new default-configuration session, no timeout of its own, no HTTP status check;
/// - the file renamed in place to the download's name plus `.jpg`, `.mp4` or `.mp3` for the types `image`,
///   `video` and `audio`, else by the MIME type (`image/jpeg`: `.jpeg`, `image/png`, `image/gif`), else a bare
///   `.` (which iOS does not take as an attachment); a failed download, move or attachment delivers the best
///   attempt without it;
/// - on expiry the best attempt is delivered, without cancelling the download, and nothing guards the
///   handler: a download ending later calls it a second time.
///
/// The handler and best attempt are the class's own (a class extension in CleverTap's `.m`), so a subclass may
/// declare its own `contentHandler` and `bestAttemptContent`, as CleverTap's samples do. Not here: a URL the
/// payload gives that is no URL (CleverTap hands nil to `NSURLSession`; here the best attempt is delivered
/// without the attachment).
///
/// `@unchecked Sendable`: the handler and best attempt are written by `didReceive` before the download starts
/// and read by its completion on the session's queue or by `serviceExtensionTimeWillExpire`, under `lock`.
open class CTNotificationServiceExtension: UNNotificationServiceExtension, @unchecked Sendable {
    /// CleverTap's default keys for the media's URL and type.
    static let defaultMediaURLKey = "ct_mediaUrl"
    static let defaultMediaTypeKey = "ct_mediaType"

    /// The `userInfo` key of the media's URL; nil for CleverTap's `ct_mediaUrl`.
    open var mediaUrlKey: String?
    /// The `userInfo` key of the media's type (`image`, `video`, `audio`, `gif`); nil for CleverTap's `ct_mediaType`.
    open var mediaTypeKey: String?

    private let lock = NSLock()
    private var handler: ((UNNotificationContent) -> Void)?
    private var bestAttempt: UNMutableNotificationContent?

    /// The handler CleverTap keeps, as an Objective-C subclass reads it by redeclaring `contentHandler` (its
    /// accessors then override CleverTap's private ones): for nse-bench's translation of such a subclass.
    public var objectiveCContentHandler: ((UNNotificationContent) -> Void)! { lock.withLock { handler } }

    /// The best attempt CleverTap keeps, as such a subclass reads `bestAttemptContent`: a copy taken under the
    /// lock, so that a download ending meanwhile does not set its attachment while the copy is read.
    public var objectiveCBestAttemptContent: UNMutableNotificationContent! {
        lock.withLock { bestAttempt.flatMap { $0.mutableCopy() as? UNMutableNotificationContent } }
    }

    /// Downloads the payload's media and delivers the best attempt with it.
    ///
    /// The handler is `@Sendable`, as in Apple's current SDK, so a subclass may restate the signature with or
    /// without it.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        let content = request.content.mutableCopy() as? UNMutableNotificationContent
        lock.withLock {
            handler = contentHandler
            bestAttempt = content
        }
        let userInfo = request.content.userInfo
        guard let content, let address = userInfo[mediaUrlKey ?? Self.defaultMediaURLKey] as? String,
            let type = userInfo[mediaTypeKey ?? Self.defaultMediaTypeKey] as? String
        else { return deliverBestAttempt() }
        guard let url = URL(string: address) else { return deliverBestAttempt() }
        let session = URLSession(configuration: .default)
        session.downloadTask(with: url) { [self] location, response, error in
            if error == nil, let location,
                let attachment = Self.attachment(
                    from: location, named: Self.fileSuffix(type: type, mimeType: response?.mimeType))
            {
                lock.withLock { content.attachments = [attachment] }
            }
            deliverBestAttempt()
        }.resume()
    }

    /// Delivers the best attempt as it stands, whatever was delivered before.
    open override func serviceExtensionTimeWillExpire() {
        deliverBestAttempt()
    }

    /// The kept handler called with the kept best attempt: a copy taken under the lock, so that a download
    /// ending at the expiry's moment does not set its attachment while the handler reads it.
    private func deliverBestAttempt() {
        let kept: (((UNNotificationContent) -> Void)?, UNNotificationContent?) = lock.withLock {
            (handler, bestAttempt.map { $0.mutableCopy() as? UNNotificationContent ?? $0 })
        }
        if let call = kept.0, let content = kept.1 { call(content) }
    }

    /// What CleverTap appends to the downloaded file's name (`fileExtensionForMediaType:mimeType:`).
    static func fileSuffix(type: String, mimeType: String?) -> String {
        switch type {
        case "image": ".jpg"
        case "video": ".mp4"
        case "audio": ".mp3"
        default:
            switch mimeType {
            case "image/jpeg": ".jpeg"
            case "image/png": ".png"
            case "image/gif": ".gif"
            default: "."
            }
        }
    }

    /// `location` moved to its own path plus `suffix`, as an attachment with an empty identifier; nil when the
    /// move or iOS's checks fail (CleverTap ignores the move's error, and the attachment then fails).
    static func attachment(from location: URL, named suffix: String) -> UNNotificationAttachment? {
        let file = URL(fileURLWithPath: location.path + suffix)
        do {
            try FileManager.default.moveItem(at: location, to: file)
            return try UNNotificationAttachment(identifier: "", url: file, options: nil)
        } catch {
            return nil
        }
    }
}
