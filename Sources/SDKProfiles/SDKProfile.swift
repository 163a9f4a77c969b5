public import UserNotifications

/// The push SDKs whose extension helpers nse-bench reproduces, by the names `--extension` takes.
public enum SDKProfile: String, Sendable, CaseIterable {
    case firebase, onesignal, airship, customerio, batch, iterable, klaviyo, notifee

    /// One line for `--extension`'s help (and so docs/cli.md): the helper, and what sets it apart.
    public var summary: String {
        switch self {
        case .firebase: "Firebase Messaging's helper in the app's template"
        case .onesignal: "OneSignal's handler and its receive receipt"
        case .airship: "Airship's extension: the original on expiry"
        case .customerio: "Customer.io's rich push: 30 s, delivered metric"
        case .batch: "Batch's extension: 20 s, nothing on expiry"
        case .iterable: "Iterable's ITBNotificationServiceExtension"
        case .klaviyo: "Klaviyo's KlaviyoSwiftExtension"
        case .notifee: "Notifee's NotifeeCore extension helper"
        }
    }

    /// A new instance of the profile's extension.
    public func make() -> UNNotificationServiceExtension {
        switch self {
        case .firebase: FirebaseMessagingProfile()
        case .onesignal: OneSignalProfile()
        case .airship: AirshipProfile()
        case .customerio: CustomerIOProfile()
        case .batch: BatchProfile()
        case .iterable: IterableProfile()
        case .klaviyo: KlaviyoProfile()
        case .notifee: NotifeeProfile()
        }
    }
}
