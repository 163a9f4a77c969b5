import Foundation
import SimulatedDevice
public import UserNotifications

/// Customer.io's extension API (customerio/customerio-ios 4.x: `Sources/MessagingPush/MessagingPush.swift`,
/// `MessagingPushImplementation.swift`, `Sources/MessagingPushAPN/MessagingPushAPN.swift`), which a user's
/// extension reaches through the modules `CioMessagingPushAPN`, `CioMessagingPushFCM`, `CioMessagingPush`
/// and `CioInternalCommon`, as Customer.io's sample writes it:
///
/// ```swift
/// MessagingPushAPN.initializeForExtension(
///     withConfig: MessagingPushConfigBuilder(cdpApiKey: "...").logLevel(.debug).appGroupId("group...").build())
/// MessagingPush.shared.didReceive(request, withContentHandler: contentHandler)
/// // and in serviceExtensionTimeWillExpire():
/// MessagingPush.shared.serviceExtensionTimeWillExpire()
/// ```
///
/// - Before `initializeForExtension`, `didReceive` hands the request's content straight back and returns
///   false.
/// - A push without Customer.io's delivery fields (`CIO-Delivery-ID`, `CIO-Delivery-Token`) returns false
///   and the handler is **not** called, as Customer.io's does: an extension that ignores the result then
///   shows the original at the deadline.
/// - Each Customer.io push is a ``CustomerIORichPush``. Customer.io's expiry cancels every one its process
///   holds; here it cancels those of the calling invocation's phone, as each invocation is a phone of its own.
public protocol MessagingPushInstance: AnyObject {
    /// Handles the push when it is Customer.io's; whether it is.
    @discardableResult
    func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) -> Bool

    /// Cancels the pushes in progress and delivers what each has.
    func serviceExtensionTimeWillExpire()
}

/// Customer.io's `MessagingPush`: `MessagingPush.shared`, `MessagingPush.initializeForExtension(withConfig:)`.
///
/// `@unchecked Sendable`: its configuration and pushes in progress are read and written under `lock`.
public final class MessagingPush: MessagingPushInstance, @unchecked Sendable {
    /// The module's one instance.
    public static let shared = MessagingPush()

    private let lock = NSLock()
    private var configuration: MessagingPushConfigOptions?
    /// The pushes in progress, by the phone whose invocation started them (nil: code outside any).
    private var inProgress: [ObjectIdentifier?: [CustomerIORichPush]] = [:]

    /// Customer.io's configuration as the module keeps it: the builder's defaults until initialized.
    public static var moduleConfig: MessagingPushConfigOptions {
        shared.lock.withLock { shared.configuration } ?? MessagingPushConfigBuilder().build()
    }

    /// Initializes the module for a Notification Service Extension; the first call's configuration stays.
    @discardableResult
    public static func initializeForExtension(withConfig config: MessagingPushConfigOptions)
        -> any MessagingPushInstance
    {
        shared.lock.withLock {
            if shared.configuration == nil { shared.configuration = config }
        }
        return shared
    }

    @discardableResult
    public func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) -> Bool {
        guard let configuration = lock.withLock({ configuration }) else {
            contentHandler(request.content)
            return false
        }
        let push = CustomerIORichPush(apiKey: configuration.cdpApiKey)
        let phone = Self.phoneKey
        lock.withLock { inProgress[phone, default: []].append(push) }
        let handled = push.start(
            request,
            contentHandler: { [self] content in
                forget(push, of: phone)
                contentHandler(content)
            }, autoTrackDelivery: configuration.autoTrackPushEvents)
        if !handled { forget(push, of: phone) }
        return handled
    }

    /// Drops `push` from `phone`'s pushes in progress, and the phone when it has none left.
    private func forget(_ push: CustomerIORichPush, of phone: ObjectIdentifier?) {
        lock.withLock {
            inProgress[phone]?.removeAll { $0 === push }
            if inProgress[phone]?.isEmpty == true { inProgress[phone] = nil }
        }
    }

    /// Customer.io's manual metric (`trackMetric(deliveryID:event:deviceToken:)`): nothing is sent here
    /// (its CDP host is not simulated; the run names such calls `not faithful:`).
    public func trackMetric(deliveryID: String, event: CustomerIOMetric, deviceToken: String) {}

    /// The app's call; nothing is registered here.
    public func registerDeviceToken(_ deviceToken: String) {}

    /// The app's call; nothing is deleted here.
    public func deleteDeviceToken() {}

    public func serviceExtensionTimeWillExpire() {
        let pushes = lock.withLock { inProgress.removeValue(forKey: Self.phoneKey) ?? [] }
        for push in pushes { push.cancel() }
    }

    /// The phone whose invocation calls.
    private static var phoneKey: ObjectIdentifier? { SimulatedPhone.current.map(ObjectIdentifier.init) }
}

/// Customer.io's `MessagingPushAPN`: the APNs module's entry, which initializes ``MessagingPush``.
public enum MessagingPushAPN {
    /// `MessagingPushAPN.initializeForExtension(withConfig:)`.
    @discardableResult
    public static func initializeForExtension(withConfig config: MessagingPushConfigOptions)
        -> any MessagingPushInstance
    {
        MessagingPush.initializeForExtension(withConfig: config)
    }
}

/// Customer.io's `MessagingPushFCM`: the Firebase module's entry, which initializes ``MessagingPush``.
public enum MessagingPushFCM {
    /// `MessagingPushFCM.initializeForExtension(withConfig:)`.
    @discardableResult
    public static func initializeForExtension(withConfig config: MessagingPushConfigOptions)
        -> any MessagingPushInstance
    {
        MessagingPush.initializeForExtension(withConfig: config)
    }
}

/// Customer.io's configuration (`Config/MessagingPushConfigOptions.swift`).
public struct MessagingPushConfigOptions: Sendable {
    public let logLevel: CioLogLevel
    public let cdpApiKey: String
    public let region: CustomerIORegion
    public let autoFetchDeviceToken: Bool
    /// Whether the extension sends the "delivered" metric (and waits for it before delivering).
    public let autoTrackPushEvents: Bool
    public let showPushAppInForeground: Bool
    public let appGroupId: String?
}

/// Customer.io's builder (`Config/MessagingPushConfigBuilder.swift`), with its defaults.
public final class MessagingPushConfigBuilder {
    private var logLevel: CioLogLevel = .error
    private let cdpApiKey: String
    private var region: CustomerIORegion = .US
    private var autoFetchDeviceToken = true
    private var autoTrackPushEvents = true
    private var showPushAppInForeground = true
    private var appGroupId: String?

    /// The app's builder, with no API key.
    public init() { cdpApiKey = "" }

    /// The extension's builder.
    public init(cdpApiKey: String) { self.cdpApiKey = cdpApiKey }

    @discardableResult
    public func region(_ region: CustomerIORegion) -> MessagingPushConfigBuilder {
        self.region = region
        return self
    }

    @discardableResult
    public func logLevel(_ logLevel: CioLogLevel) -> MessagingPushConfigBuilder {
        self.logLevel = logLevel
        return self
    }

    @discardableResult
    public func autoFetchDeviceToken(_ value: Bool) -> MessagingPushConfigBuilder {
        autoFetchDeviceToken = value
        return self
    }

    @discardableResult
    public func autoTrackPushEvents(_ value: Bool) -> MessagingPushConfigBuilder {
        autoTrackPushEvents = value
        return self
    }

    @discardableResult
    public func showPushAppInForeground(_ value: Bool) -> MessagingPushConfigBuilder {
        showPushAppInForeground = value
        return self
    }

    @discardableResult
    public func appGroupId(_ value: String) -> MessagingPushConfigBuilder {
        appGroupId = value
        return self
    }

    public func build() -> MessagingPushConfigOptions {
        MessagingPushConfigOptions(
            logLevel: logLevel, cdpApiKey: cdpApiKey, region: region, autoFetchDeviceToken: autoFetchDeviceToken,
            autoTrackPushEvents: autoTrackPushEvents, showPushAppInForeground: showPushAppInForeground,
            appGroupId: appGroupId)
    }
}

/// Customer.io's push metrics (`CioInternalCommon`'s `Service/Request/PushMetric.swift`), `Metric` there.
public enum CustomerIOMetric: String, Codable, Sendable {
    case delivered, opened, converted
}

/// Customer.io's log levels (`CioInternalCommon`'s `Util/Log.swift`); nothing is logged here.
public enum CioLogLevel: String, CaseIterable, Sendable {
    case none, error, info, debug
}

/// The region of the Customer.io workspace (`CioInternalCommon`'s `Type/Region.swift`), `Region` there.
public enum CustomerIORegion: String, Equatable, Sendable {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case US, EU
}
