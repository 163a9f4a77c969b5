import Foundation
import SimulatedDevice
public import UserNotifications

/// Firebase Messaging's entry point as a Notification Service Extension sees it
/// (firebase/firebase-ios-sdk `FirebaseMessaging/Sources/Public/FirebaseMessaging/FIRMessaging+ExtensionHelper.h`):
/// `Messaging.serviceExtension()`. The rest of `Messaging` (tokens, topics) is the app's, not the
/// extension's, and is not here.
///
/// ```swift
/// import FirebaseMessaging
/// Messaging.serviceExtension().populateNotificationContent(bestAttemptContent, withContentHandler: contentHandler)
/// ```
public final class Messaging: Sendable {
    private init() {}

    /// A helper. Firebase's is one for the whole process (`dispatch_once`), which keeps the last caller's
    /// handler and content; here each call makes one, so that the phones a worker process runs side by side
    /// never share a notification's state (one phone's extension rarely has two in flight).
    public class func serviceExtension() -> MessagingExtensionHelper { MessagingExtensionHelper() }
}

/// Firebase's extension helper (`FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`):
/// - the image URL from `fcm_options` → `image` of the content's `userInfo` (no URL: delivered at once);
/// - a download task on a new default-configuration session, no timeout of its own;
/// - the extension from the response's `suggestedFilename`, else an `image/` MIME subtype, else none;
/// - no HTTP status check (a 404 body with a usable name is attached); a failed download or attachment
///   delivers the content without it;
/// - nothing of its own on expiry: the app's `serviceExtensionTimeWillExpire` decides, and nothing guards
///   the handler, so a download that completes later calls it again.
public final class MessagingExtensionHelper: Sendable {
    /// A helper, as `[[FIRMessagingExtensionHelper alloc] init]` makes one.
    public init() {}

    /// Firebase's `kPayloadOptionsName` and `kPayloadOptionsImageURLName`.
    static let imageKeys = ["fcm_options", "image"]

    /// Downloads the image `content`'s `userInfo` names, attaches it, and calls `contentHandler` with
    /// `content`, as Firebase's helper does.
    public func populateNotificationContent(
        _ content: UNMutableNotificationContent,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let url = MediaFiles.url(in: content.userInfo, at: Self.imageKeys) else {
            return contentHandler(content)
        }
        Self.attach(url, to: content, then: contentHandler)
    }

    /// Downloads `url` on a new default-configuration session, names the file by its response
    /// (``MediaFiles/suggestedOrImageSubtype(_:)``), attaches it to `content` when that works, and calls
    /// `contentHandler` with `content`: Firebase's steps, which Notifee's helper takes too.
    static func attach(
        _ url: URL, to content: UNMutableNotificationContent,
        then contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        MediaFiles.downloadAttachment(
            url, on: URLSession(configuration: .default), fileExtension: MediaFiles.suggestedOrImageSubtype
        ) { attachment in
            if let attachment { content.attachments = [attachment] }
            handler(content)
        }
    }

    /// Firebase hands a delivery event for BigQuery to Google's data transport, which stores it on disk and
    /// uploads it in batches. Not simulated: nothing is stored or sent, and the source scan says so.
    public func exportDeliveryMetricsToBigQuery(withMessageInfo info: [AnyHashable: Any]) {}
}

/// The helper's Objective-C name, as older Swift code spells it.
public typealias FIRMessagingExtensionHelper = MessagingExtensionHelper
