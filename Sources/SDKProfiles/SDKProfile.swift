public import UserNotifications

/// The push SDKs whose extension helpers nse-bench reproduces, by the names `--extension` takes.
public enum SDKProfile: String, Sendable, CaseIterable {
    case firebase, onesignal, airship, customerio, batch, iterable, klaviyo, notifee, clevertap, pushwoosh

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
        case .clevertap: "CleverTap's CTNotificationServiceExtension"
        case .pushwoosh: "Pushwoosh's extension: waits for its event"
        }
    }

    /// Where the SDK's helper reads the media URL: object keys from the top level of the payload. A run of
    /// the profile, or of a user's extension that imports the SDK, writes each generated payload's media
    /// URL there in place of `media_url`.
    public var mediaKeys: [String] {
        switch self {
        case .firebase: MessagingExtensionHelper.imageKeys
        case .onesignal: OneSignalExtension.attachmentKeys + ["id"]
        case .airship: [UANotificationServiceExtension.mediaKey, "url"]
        case .customerio: CustomerIORichPush.imageKeys
        case .batch: RichNotificationHelper.mediaKeys
        case .iterable: ITBNotificationServiceExtension.mediaKeys
        case .klaviyo: [KlaviyoExtensionSDK.mediaKey]
        case .notifee: NotifeeExtensionHelper.imageKeys
        case .clevertap: [CTNotificationServiceExtension.defaultMediaURLKey]
        case .pushwoosh: [PushwooshNotificationProcessor.attachmentKey]
        }
    }

    /// The key beside the media URL's that the SDK requires to carry the media's type, and the words it takes:
    /// Batch's `t` (a type identifier; its helper attaches nothing without it), CleverTap's `ct_mediaType`
    /// (`image`, `video`, `audio`, `gif`; it delivers at once without it). nil for the others.
    public var mediaTypeHint: (key: String, vocabulary: MediaTypeVocabulary)? {
        switch self {
        case .batch: (RichNotificationHelper.typeKey, .uniformType)
        case .clevertap: (CTNotificationServiceExtension.defaultMediaTypeKey, .mediaKind)
        default: nil
        }
    }

    /// The properties of the SDK's extension class by which an app names its own keys for the media's URL and
    /// type (CleverTap's `mediaUrlKey`, `mediaTypeKey`), whose string literals in a user's extension a run
    /// writes generated payloads' media at; nil for SDKs without.
    public var mediaKeyProperties: (url: String, type: String)? {
        self == .clevertap ? ("mediaUrlKey", "mediaTypeKey") : nil
    }

    /// The modules a user's extension imports to reach the SDK's helper under its own names: nse-bench
    /// ships a module of each name (none for Notifee, whose React Native pod defines no Swift module).
    public var moduleNames: [String] {
        switch self {
        // The SDK's module, and the umbrella many CocoaPods apps import.
        case .firebase: ["FirebaseMessaging", "Firebase"]
        // v5's module, and the one before it.
        case .onesignal: ["OneSignalExtension", "OneSignal"]
        // CocoaPods' module name, and the Swift package's.
        case .airship: ["AirshipServiceExtension", "AirshipNotificationServiceExtension"]
        case .batch: ["BatchExtension"]
        case .iterable: ["IterableAppExtensions"]
        case .klaviyo: ["KlaviyoSwiftExtension"]
        // The APNs and Firebase modules, and the one they share (CioInternalCommon alone names no SDK).
        case .customerio: ["CioMessagingPushAPN", "CioMessagingPushFCM", "CioMessagingPush"]
        case .notifee: []
        // The extension class's module. CleverTap's SDK (`CleverTapSDK`, its viewed event) reads no media: an
        // extension that imports it beside another SDK's module is that SDK's.
        case .clevertap: ["CTNotificationService"]
        // The module since 6.7.3, and the one before it.
        case .pushwoosh: ["PushwooshFramework", "Pushwoosh"]
        }
    }

    /// Fields every push the SDK sends carries beside its alert, at the payload's top level, for the push
    /// `messageIdentifier` (16 hex digits): Customer.io's delivery id and device token, without which its
    /// helper leaves a push alone; Pushwoosh's `pw_msg` mark, without which its helper does the same, and the
    /// message's hash `p`; CleverTap's `wzrk_id` and `wzrk_pivot`. Empty for the others.
    public func payloadFields(messageIdentifier: String) -> [String: String] {
        switch self {
        case .customerio:
            [
                CustomerIORichPush.deliveryIDKey: "cio-" + messageIdentifier,
                CustomerIORichPush.deliveryTokenKey: Self.deviceToken,
            ]
        case .pushwoosh:
            [PushwooshNotificationProcessor.messageKey: "1", PushwooshNotificationProcessor.hashKey: messageIdentifier]
        // CleverTap's campaign id and pivot, which its viewed event sends back.
        case .clevertap: ["wzrk_id": messageIdentifier, "wzrk_pivot": "wzrk_default"]
        default: [:]
        }
    }

    /// A synthetic APNs device token: 32 bytes as 64 hex digits.
    static let deviceToken = String(repeating: "5eb5a37eb45811e3", count: 4)

    /// The SDK's extension class an app's `NotificationService` subclasses, for SDKs used that way.
    public var serviceExtensionClass: String? {
        switch self {
        case .airship: "UANotificationServiceExtension"
        case .batch: "BAENotificationServiceExtension"
        case .iterable: "ITBNotificationServiceExtension"
        case .clevertap: "CTNotificationServiceExtension"
        case .pushwoosh: "PushwooshNotificationServiceExtension"
        default: nil
        }
    }

    /// The SDK whose module `module` is (``moduleNames``); nil for any other.
    public init?(module: String) {
        guard let profile = Self.allCases.first(where: { $0.moduleNames.contains(module) }) else { return nil }
        self = profile
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
        case .clevertap: CleverTapProfile()
        case .pushwoosh: PushwooshProfile()
        }
    }
}
