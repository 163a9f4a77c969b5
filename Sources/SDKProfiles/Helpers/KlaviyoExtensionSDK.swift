import Foundation
import SimulatedDevice
public import UserNotifications

/// Klaviyo's extension API (klaviyo/klaviyo-swift-sdk `Sources/KlaviyoSwiftExtension/KlaviyoExtension.swift`):
/// - the media URL from `rich-media` of the best attempt's `userInfo`, its file extension from `rich-media-type`,
///   else `fallbackMediaType` (`jpg`);
/// - `URLSession.shared` download task, no timeout of its own;
/// - no HTTP status check; a failure delivers the best attempt without the attachment;
/// - on expiry the best attempt, without cancelling the download; the handler is not guarded.
public enum KlaviyoExtensionSDK {
    /// Klaviyo's media keys.
    static let mediaKey = "rich-media"
    static let mediaTypeKey = "rich-media-type"

    /// Downloads the payload's media into `bestAttemptContent` and calls `contentHandler` with it.
    public static func handleNotificationServiceDidReceivedRequest(
        request: UNNotificationRequest, bestAttemptContent: UNMutableNotificationContent,
        contentHandler: @escaping (UNNotificationContent) -> Void, fallbackMediaType: String = "jpg"
    ) {
        // Klaviyo reads the best attempt's, so what the app changed before calling it counts.
        let userInfo = bestAttemptContent.userInfo
        guard let url = MediaFiles.url(in: userInfo, at: [mediaKey]) else {
            return contentHandler(bestAttemptContent)
        }
        let type = userInfo[mediaTypeKey] as? String ?? fallbackMediaType
        let handler = ContentHandler(contentHandler)
        MediaFiles.downloadAttachment(
            url, on: URLSession.shared, fileExtension: { _ in type },
            completion: { attachment in
                if let attachment { bestAttemptContent.attachments = [attachment] }
                handler(bestAttemptContent)
            })
    }

    /// Delivers the best attempt as it stands.
    public static func handleNotificationServiceExtensionTimeWillExpireRequest(
        request: UNNotificationRequest, bestAttemptContent: UNMutableNotificationContent,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(bestAttemptContent)
    }
}
