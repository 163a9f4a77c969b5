import Foundation
import SimulatedDevice
public import UserNotifications

/// Iterable's extension, which the app's `NotificationService` subclasses as it is
/// (`class NotificationService: ITBNotificationServiceExtension {}`; Iterable/swift-sdk
/// `notification-extension/ITBNotificationServiceExtension.swift`, `NotificationExtensionConstants.swift`):
/// - the media URL from `itbl` → `attachment-url` of the request's `userInfo`;
/// - `URLSession.shared` download task, no timeout of its own;
/// - the file named by `suggestedFilename`, else the URL's last path component;
/// - no HTTP status check; a failure delivers the best attempt without the attachment;
/// - on expiry it cancels the download and delivers the best attempt; the handler is not guarded, and
///   the cancelled download's completion calls it a second time.
///
/// Not here: action buttons from `itbl` → `actionButtons`, and `itblNotificationDelegate` for pushes that
/// are not Iterable's.
///
/// `@unchecked Sendable`: the state ``SDKServiceBase`` keeps and the download task are read and written
/// under its lock.
open class ITBNotificationServiceExtension: SDKServiceBase, @unchecked Sendable {
    /// Iterable's `itbl` and `attachment-url`.
    static let mediaKeys = ["itbl", "attachment-url"]

    private var task: URLSessionDownloadTask?
    /// Whether the expiry came: a download task kept after it is cancelled at once (an expiry between the
    /// task's start and its being kept found none to cancel, and the download outlived the expiry).
    private var expired = false

    /// Downloads the payload's attachment and delivers the best attempt with it.
    ///
    /// The handler is `@Sendable`, as in Apple's current SDK, so a subclass may restate the signature with or
    /// without it.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        guard let url = MediaFiles.url(in: request.content.userInfo, at: Self.mediaKeys) else {
            return deliver(content)
        }
        let task = MediaFiles.downloadAttachment(
            url, on: URLSession.shared,
            fileExtension: { response in
                URL(fileURLWithPath: response?.suggestedFilename ?? url.lastPathComponent).pathExtension
            },
            completion: { [self] attachment in
                if let attachment { content.attachments = [attachment] }
                deliver(content)
            })
        let cancelNow = lock.withLock {
            self.task = task
            return expired
        }
        if cancelNow { task.cancel() }
    }

    /// Cancels the download and delivers the best attempt.
    open override func serviceExtensionTimeWillExpire() {
        lock.withLock {
            expired = true
            return task
        }?.cancel()
        super.serviceExtensionTimeWillExpire()
    }
}
