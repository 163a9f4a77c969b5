// UserNotificationsUI on Linux, as far as a Notification Service Extension reaches it: an extension whose files
// import it beside UserNotifications (a file shared with the app's Notification Content Extension, or the
// import left from Xcode's content-extension template) compiles unchanged. A content extension's view (its
// UIKit view controller) is never shown: nse-bench simulates the service extension, which has no view.
@_exported public import Foundation
@_exported public import UserNotifications

/// The protocol a Notification Content Extension's view controller adopts, as UserNotificationsUI declares
/// it; its optional requirements have defaults that do nothing, as an unimplemented optional method does.
@MainActor
public protocol UNNotificationContentExtension: NSObjectProtocol {
    /// A notification arrived for the extension's view to show.
    func didReceive(_ notification: UNNotification)
    /// The user chose one of the notification's actions.
    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void)
    /// The media play/pause button the system draws over the view.
    var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType { get }
    /// Where that button is, in the view's coordinates.
    var mediaPlayPauseButtonFrame: CGRect { get }
    /// The button was tapped to play.
    func mediaPlay()
    /// The button was tapped to pause.
    func mediaPause()
}

extension UNNotificationContentExtension {
    /// Not implemented: the system dismisses and forwards the action, as iOS does without the method.
    public func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        completion(.dismissAndForwardAction)
    }

    /// No button, as without the property.
    public var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType { .none }

    /// No frame, as without the property.
    public var mediaPlayPauseButtonFrame: CGRect { .zero }

    /// Nothing, as without the method.
    public func mediaPlay() {}

    /// Nothing, as without the method.
    public func mediaPause() {}
}

/// The media button a content extension asks for.
public enum UNNotificationContentExtensionMediaPlayPauseButtonType: UInt, Sendable {
    case none = 0
    case `default` = 1
    case overlay = 2
}

/// What happens after a content extension handled an action.
public enum UNNotificationContentExtensionResponseOption: UInt, Sendable {
    case doNotDismiss = 0
    case dismiss = 1
    case dismissAndForwardAction = 2
}
