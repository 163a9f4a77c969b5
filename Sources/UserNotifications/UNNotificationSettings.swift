public import Foundation

/// Whether the app may notify, as UserNotifications' status.
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0
    case denied = 1
    case authorized = 2
    case provisional = 3
    case ephemeral = 4
}

/// Whether a kind of alert is on, as UserNotifications' setting.
public enum UNNotificationSetting: Int, Sendable {
    case notSupported = 0
    case disabled = 1
    case enabled = 2
}

/// How alerts show, as UserNotifications' style.
public enum UNAlertStyle: Int, Sendable {
    case none = 0
    case banner = 1
    case alert = 2
}

/// When previews show, as UserNotifications' setting.
public enum UNShowPreviewsSetting: Int, Sendable {
    case always = 0
    case whenAuthenticated = 1
    case never = 2
}

/// What an app asks to be allowed, as UserNotifications' options.
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let carPlay = UNAuthorizationOptions(rawValue: 1 << 3)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 1 << 4)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 1 << 5)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

/// How a notification shows while the app is in front, as UserNotifications' options.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// The app's notification settings, as UserNotifications' (a phone receiving the push has allowed it):
/// authorized, every kind of alert on, banners, previews always.
open class UNNotificationSettings: NSObject, @unchecked Sendable {
    // @unchecked: immutable, no stored property of its own.

    override init() {}

    open var authorizationStatus: UNAuthorizationStatus { .authorized }
    open var soundSetting: UNNotificationSetting { .enabled }
    open var badgeSetting: UNNotificationSetting { .enabled }
    open var alertSetting: UNNotificationSetting { .enabled }
    open var notificationCenterSetting: UNNotificationSetting { .enabled }
    open var lockScreenSetting: UNNotificationSetting { .enabled }
    open var carPlaySetting: UNNotificationSetting { .notSupported }
    open var criticalAlertSetting: UNNotificationSetting { .notSupported }
    open var announcementSetting: UNNotificationSetting { .notSupported }
    open var timeSensitiveSetting: UNNotificationSetting { .enabled }
    open var scheduledDeliverySetting: UNNotificationSetting { .disabled }
    open var directMessagesSetting: UNNotificationSetting { .enabled }
    open var alertStyle: UNAlertStyle { .banner }
    open var showPreviewsSetting: UNShowPreviewsSetting { .always }
    open var providesAppNotificationSettings: Bool { false }
}

/// The identifier of the action a user takes by opening a notification.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
/// The identifier of the action a user takes by dismissing a notification.
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// A user's answer to a notification, as UserNotifications' response: what an app's delegate gets. No one
/// answers here; the type is for shared app code that names it.
open class UNNotificationResponse: NSObject, @unchecked Sendable {
    // @unchecked: immutable, both stored properties `let`s of Sendable types.

    /// The notification answered.
    public let notification: UNNotification
    /// The action taken.
    public let actionIdentifier: String

    init(notification: UNNotification, actionIdentifier: String) {
        (self.notification, self.actionIdentifier) = (notification, actionIdentifier)
    }
}

/// A text a user typed in answer, as UserNotifications' response.
open class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    // @unchecked: as its superclass, with one more `let` String.

    /// The text.
    public let userText: String

    init(notification: UNNotification, actionIdentifier: String, userText: String) {
        self.userText = userText
        super.init(notification: notification, actionIdentifier: actionIdentifier)
    }
}

/// What the notification center tells an app's delegate, as UserNotifications' protocol: every method
/// optional (a default does nothing). No one calls it here: an extension's notifications are not shown.
public protocol UNUserNotificationCenterDelegate: AnyObject {
    /// A notification arrives while the app is in front.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    /// The user answers a notification.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
    /// The user opens the app's notification settings.
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([])
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        completionHandler()
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {}
}
