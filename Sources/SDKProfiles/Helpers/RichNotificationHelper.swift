public import Foundation
import SimulatedDevice
public import UserNotifications

/// Batch's rich notification helper (BatchLabs/Batch-iOS-SDK-Extension v4
/// `Sources/Swift/Rich Notifications/RichNotificationHelper.swift`, `BAERichNotificationHelper` in
/// Objective-C), which ``BAENotificationServiceExtension`` forwards to and an app that keeps its own
/// extension calls:
/// - the attachment from `com.batch` → `at` → `u` of the content's `userInfo`, with its type in `t` beside
///   it: without both, ``RichDataError/noRichDataFound`` and the content as it came;
/// - a download task on a new default-configuration session with a 20 s resource timeout
///   (`Consts.timeoutIntervalSecs`), constrained networks (Low Data Mode) refused unless
///   ``allowInLowDataMode``: on a phone in Low Data Mode the download fails at once;
/// - the downloaded file attached as it is, with `t` as its type hint (what Batch's server sends in `t` is
///   not in the SDK's source: the run's payloads carry the type iOS names for the media's extension, such as
///   `public.jpeg`); no HTTP status check;
/// - any failure hands back the content it was given: ``didReceive(_:withContentHandler:)`` delivers the
///   original;
/// - ``serviceExtensionTimeWillExpire()`` is empty ("Nothing here yet"): past the deadline iOS shows the
///   original.
public final class RichNotificationHelper: NSObject, Sendable {
    /// Batch's `com.batch`, `at` and `u`.
    static let mediaKeys = ["com.batch", "at", "u"]
    /// Batch's `t`, the type beside `u`.
    static let typeKey = "t"
    /// `Consts.timeoutIntervalSecs`.
    static let resourceTimeout: TimeInterval = 20
    private static let lowDataMode = LockedFlag()

    /// Whether rich content is fetched in iOS 13's Low Data Mode (constrained networks); false by default,
    /// as Batch's. One value for the extension's process, as a static is on a phone.
    public static var allowInLowDataMode: Bool {
        get { lowDataMode.value }
        set { lowDataMode.value = newValue }
    }

    /// A Boolean shared across threads. `@unchecked Sendable`: `stored` is read and written under `lock`.
    private final class LockedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = false
        var value: Bool {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// A helper.
    public override init() { super.init() }

    /// Downloads the attachment `content`'s payload names and hands `completionHandler` a copy of `content`
    /// with it appended; on any failure, `content` as it came and the error.
    public func appendRichData(
        toContent content: UNNotificationContent,
        completionHandler: @escaping (UNNotificationContent?, (any Error)?) -> Void
    ) {
        let userInfo = content.userInfo
        guard let text = MediaFiles.value(in: userInfo, at: Self.mediaKeys) as? String,
            let type = MediaFiles.value(in: userInfo, at: Self.mediaKeys.dropLast() + [Self.typeKey]) as? String
        else { return completionHandler(content, RichDataError.noRichDataFound) }
        guard let url = URL(string: text) else {
            return completionHandler(content, RichDataError.invalidRichDataPayload)
        }
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForResource = Self.resourceTimeout
        configuration.allowsConstrainedNetworkAccess = Self.allowInLowDataMode
        let session = URLSession(configuration: configuration)
        let handler = CompletionHandler(completionHandler)
        session.downloadTask(with: url) { location, _, error in
            if let error { return handler(content, RichDataError.downloadError(underlyingError: error)) }
            guard let location else { return handler(content, RichDataError.unknownDownloadError) }
            do {
                let attachment = try UNNotificationAttachment(
                    identifier: "batch_rich_attachment", url: location,
                    options: [UNNotificationAttachmentOptionsTypeHintKey: type])
                guard let copy = content.mutableCopy() as? UNMutableNotificationContent else {
                    return handler(content, RichDataError.unknownError)
                }
                copy.attachments.append(attachment)
                handler(copy, nil)
            } catch {
                handler(content, error)
            }
        }.resume()
        session.finishTasksAndInvalidate()
    }

    /// Appends the rich data to the request's content and delivers it; on a failure, the original.
    public func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        appendRichData(toContent: request.content) { content, _ in
            // Batch prints the error and delivers what it was handed back.
            handler(content ?? request.content)
        }
    }

    /// Batch's is empty: nothing is delivered, and the original is shown.
    public func serviceExtensionTimeWillExpire() {}

    /// `appendRichData`'s completion, carried to the download's completion on the session's queue.
    /// `@unchecked Sendable`: the helper only calls it, once.
    private struct CompletionHandler: @unchecked Sendable {
        let call: (UNNotificationContent?, (any Error)?) -> Void
        init(_ call: @escaping (UNNotificationContent?, (any Error)?) -> Void) { self.call = call }
        func callAsFunction(_ content: UNNotificationContent?, _ error: (any Error)?) { call(content, error) }
    }
}

/// Why Batch's helper handed the content back without rich data (`RichDataError`).
public enum RichDataError: Error {
    /// No `com.batch` → `at` with both `u` and `t`.
    case noRichDataFound
    /// `u` is no URL.
    case invalidRichDataPayload
    /// The download failed.
    case downloadError(underlyingError: any Error)
    /// The download ended with neither a file nor an error.
    case unknownDownloadError
    /// The content could not be copied.
    case unknownError
}
