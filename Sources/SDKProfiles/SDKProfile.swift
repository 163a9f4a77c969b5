public import UserNotifications

/// The push SDKs whose extension helpers nse-bench reproduces, by the names `--extension` takes.
public enum SDKProfile: String, Sendable, CaseIterable {
    case firebase, onesignal, airship, customerio, batch, iterable, klaviyo, notifee

    /// One line for `--extension` help and the README.
    public var summary: String {
        switch self {
        case .firebase: "Firebase Messaging's helper"
        case .onesignal: "OneSignal's extension handler"
        case .airship: "Airship's service extension"
        case .customerio: "Customer.io's rich push"
        case .batch: "Batch's extension"
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
