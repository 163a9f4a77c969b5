import Foundation
public import UserNotifications

/// Pushwoosh's extension, which the app's `NotificationService` subclasses (7.1 and later,
/// `class NotificationService: PushwooshNotificationServiceExtension {}`; Pushwoosh/pushwoosh-ios-sdk
/// `iOS_SDK/Pushwoosh/Public/PushwooshNotificationServiceExtension.h`): each push is a
/// ``PushwooshNotificationProcessor``, started once ``pushwooshPrepare(for:completion:)`` completes; on expiry
/// each unfinished one delivers its best attempt, once.
///
/// `@unchecked Sendable`: the processors still running are read and written under `lock`.
open class PushwooshNotificationServiceExtension: UNNotificationServiceExtension, @unchecked Sendable {
    private let lock = NSLock()
    private var processors: [PushwooshNotificationProcessor] = []

    /// Hands the push to a processor of its own once ``pushwooshPrepare(for:completion:)`` completes: a push
    /// that is not Pushwoosh's is then handed back as it came.
    ///
    /// The handler is `@Sendable`, as in Apple's current SDK, so a subclass may restate the signature with or
    /// without it.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        let processor = PushwooshNotificationProcessor(request, contentHandler: contentHandler)
        lock.withLock { processors.append(processor) }
        pushwooshPrepare(for: request) { processor.process(request) }
    }

    /// Delivers each processor's best attempt, unless it delivered already.
    open override func serviceExtensionTimeWillExpire() {
        for processor in lock.withLock({ processors }) { processor.expire() }
    }

    /// The app's own work before Pushwoosh's (prefetching its media, say); Pushwoosh's starts when `completion`
    /// is called. By default it is called at once.
    open func pushwooshPrepare(for request: UNNotificationRequest, completion: @escaping () -> Void) {
        completion()
    }

    /// The App Group the badge count is kept in; nil for the Info.plist's `PW_APP_GROUPS_NAME`. The badge is not
    /// simulated: the name is not read.
    open func pushwooshAppGroupsName() -> String? { nil }
}

/// Pushwoosh's manager, which extensions before 7.1 call from the template
/// (`PWNotificationExtensionManager.shared().handle(request, contentHandler: contentHandler)`; deprecated in 7.1,
/// where it runs the same processor as ``PushwooshNotificationServiceExtension`` without an expiry hook).
public final class PWNotificationExtensionManager: Sendable {
    private static let manager = PWNotificationExtensionManager()

    private init() {}

    /// The shared manager (`+sharedManager`).
    @available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
    public static func shared() -> PWNotificationExtensionManager { manager }

    /// Sends the delivery event and downloads the attachment, then calls `contentHandler` once.
    @available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
    public func handle(_ request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        PushwooshNotificationProcessor(request, contentHandler: contentHandler).process(request)
    }

    /// The form before 6.5.10, without a handler: it counted the badge in the App Group, which is not simulated,
    /// and did nothing else.
    @available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
    public func handle(_ request: UNNotificationRequest, withAppGroups appGroupsName: String?) {}

    /// As ``handle(_:contentHandler:)``; in 7.1 the App Group changes only the badge, which is not simulated.
    @available(*, deprecated, message: "Since 7.1.0: subclass PushwooshNotificationServiceExtension instead.")
    public func handle(
        _ request: UNNotificationRequest, withAppGroups appGroupsName: String,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        PushwooshNotificationProcessor(request, contentHandler: contentHandler).process(request)
    }
}
