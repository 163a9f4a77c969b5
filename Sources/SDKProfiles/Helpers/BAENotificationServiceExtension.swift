import Foundation
import SimulatedDevice
public import UserNotifications

/// Batch's extension, which the app's `NotificationService` subclasses as it is
/// (`class NotificationService: BAENotificationServiceExtension {}`; BatchLabs/Batch-iOS-SDK-Extension v4
/// `Sources/Swift/SwiftPM/BAENotificationServiceExtension.swift`,
/// `Sources/Swift/Rich Notifications/RichNotificationHelper.swift`):
/// - the attachment from `com.batch` → `at` → `u` of the request's `userInfo`, with its type in `t`
///   beside it: without both, nothing is attached and the original is delivered (`attachment(forPayload:)`);
///   the downloaded file is attached as it is, with `t` as its type hint (what Batch's server sends in `t`
///   is not in the SDK's source: the run's payloads carry the type iOS names for the media's extension,
///   such as `public.jpeg`);
/// - a download task on a new default-configuration session with a 20 s resource timeout
///   (`Consts.timeoutIntervalSecs`), constrained networks (Low Data Mode) refused by default
///   (`allowsConstrainedNetworkAccess = allowInLowDataMode`, which defaults to false): on a phone in Low
///   Data Mode the download fails at once and the original is shown;
/// - no HTTP status check; a failure delivers the **original** content;
/// - `serviceExtensionTimeWillExpire` is empty ("Nothing here yet"): past the deadline iOS shows the
///   original.
///
/// `@unchecked Sendable`: the state ``SDKServiceBase`` keeps is read and written under its lock.
open class BAENotificationServiceExtension: SDKServiceBase, @unchecked Sendable {
    /// Batch's `com.batch`, `at` and `u`.
    static let mediaKeys = ["com.batch", "at", "u"]
    /// Batch's `t`, the type beside `u`.
    static let typeKey = "t"

    /// Downloads the payload's attachment and delivers the content with it, or the original.
    ///
    /// The handler is `@Sendable`, as in Apple's current SDK, so a subclass may restate the signature with or
    /// without it.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        guard let content = begin(request, contentHandler) else { return contentHandler(request.content) }
        let userInfo = request.content.userInfo
        guard let url = MediaFiles.url(in: userInfo, at: Self.mediaKeys),
            let type = MediaFiles.value(in: userInfo, at: Self.mediaKeys.dropLast() + [Self.typeKey]) as? String
        else { return deliver(request.content) }
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForResource = 20
        // RichNotificationHelper.allowInLowDataMode, false by default.
        configuration.allowsConstrainedNetworkAccess = false
        let session = URLSession(configuration: configuration)
        session.downloadTask(with: url) { [self] location, _, error in
            guard error == nil, let location else { return deliver(request.content) }
            do {
                content.attachments.append(
                    try UNNotificationAttachment(
                        identifier: "batch_rich_attachment", url: location,
                        options: [UNNotificationAttachmentOptionsTypeHintKey: type]))
            } catch {
                // Batch logs the error and delivers the content it was given: the original.
                return deliver(request.content)
            }
            deliver(content)
        }.resume()
        session.finishTasksAndInvalidate()
    }

    /// Batch's is empty: nothing is delivered, and the original is shown.
    open override func serviceExtensionTimeWillExpire() {}
}
