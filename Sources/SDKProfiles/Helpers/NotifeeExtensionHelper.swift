import Foundation
import SimulatedDevice
public import UserNotifications

/// Notifee's extension helper (invertase/notifee `ios/NotifeeCore/NotifeeCoreExtensionHelper.m`, reached
/// as `NotifeeExtensionHelper`), the same steps as Firebase's (``MessagingExtensionHelper``) down to its
/// `fileExtensionForResponse:`:
/// - the image URL from `notifee_options` → `image` of the request's `userInfo` (Notifee's
///   `notifee_options.ios.attachments` are not read here);
/// - a download task on a new default-configuration session, no timeout of its own (its synchronous data
///   task and 50 MB cap are for notifications the app displays, not the extension);
/// - the extension from `suggestedFilename`, else an `image/` MIME subtype;
/// - no HTTP status check; a failure delivers the content without the attachment;
/// - nothing of its own on expiry.
///
/// React Native's pod (`RNNotifeeCore`) defines no Swift module, so no `import` reaches it: the built-in
/// `notifee` profile calls it.
public enum NotifeeExtensionHelper {
    /// Notifee's `kPayloadOptionsName` and `kPayloadOptionsImageURLName`.
    static let imageKeys = ["notifee_options", "image"]

    /// Downloads the image the request names, attaches it to `content` and calls `contentHandler`.
    public static func populateNotificationContent(
        _ request: UNNotificationRequest?, with content: UNMutableNotificationContent,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let userInfo = request?.content.userInfo, let url = MediaFiles.url(in: userInfo, at: imageKeys) else {
            return contentHandler(content)
        }
        MessagingExtensionHelper.attach(url, to: content, then: contentHandler)
    }
}
