import Foundation
import SimulatedDevice
import UserNotifications

/// Notifee (invertase/notifee `ios/NotifeeCore/NotifeeCoreExtensionHelper.m`) inside the app's template
/// takes the same steps as Firebase's helper (``FirebaseMessagingProfile``), down to its
/// `fileExtensionForResponse:`:
/// - a download task on a new default-configuration session, no timeout of its own (its synchronous data
///   task and 50 MB cap are for notifications the app displays, not the extension);
/// - the extension from `suggestedFilename`, else an `image/` MIME subtype;
/// - no HTTP status check; a failure delivers the content without the attachment;
/// - no expiry hook: the app's template delivers the best attempt, and the handler is not guarded.
final class NotifeeProfile: FirebaseMessagingProfile, @unchecked Sendable {}
