import Foundation
import SimulatedDevice
public import UserNotifications

/// The shape most SDKs' documentation has the app's `NotificationService` take: keep the handler and a
/// best attempt, hand `didReceive` to the SDK's helper, and on expiry deliver the best attempt (the
/// Xcode template's `serviceExtensionTimeWillExpire`). Profiles whose SDK behaves otherwise on expiry
/// override it.
///
/// `@unchecked Sendable`: the handler and best attempt are written before the download starts and read
/// by its callback on the session's queue or by `serviceExtensionTimeWillExpire`, under `lock`.
open class SDKServiceBase: UNNotificationServiceExtension, @unchecked Sendable {
    let lock = NSLock()
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    /// The request's own content, for SDKs that fall back to it.
    var originalContent: UNNotificationContent?
    /// The request, for SDKs whose expiry call takes it.
    var receivedRequest: UNNotificationRequest?
    private var delivered = false

    /// Keeps the handler and a mutable copy of the content; nil when the content cannot be copied.
    func begin(
        _ request: UNNotificationRequest, _ contentHandler: @escaping (UNNotificationContent) -> Void
    ) -> UNMutableNotificationContent? {
        let copy = request.content.mutableCopy() as? UNMutableNotificationContent
        lock.withLock {
            self.contentHandler = contentHandler
            self.bestAttemptContent = copy
            self.originalContent = request.content
            self.receivedRequest = request
        }
        return copy
    }

    /// The request, handler and best attempt kept by ``begin(_:_:)``; nil before it, or without a copy.
    func kept() -> (
        request: UNNotificationRequest, handler: (UNNotificationContent) -> Void, content: UNMutableNotificationContent
    )? {
        lock.withLock {
            guard let receivedRequest, let contentHandler, let bestAttemptContent else { return nil }
            return (receivedRequest, contentHandler, bestAttemptContent)
        }
    }

    /// Delivers `content` through the kept handler.
    func deliver(_ content: UNNotificationContent) {
        let handler = lock.withLock { contentHandler }
        handler?(content)
    }

    /// Delivers `content` unless something was delivered already: the guard of SDKs that call the
    /// handler once (Airship's `OnceContentHandler`, Customer.io's `isCompleted`).
    func deliverOnce(_ content: UNNotificationContent) {
        let first = lock.withLock { () -> Bool in
            defer { delivered = true }
            return !delivered
        }
        if first { deliver(content) }
    }

    /// The template's expiry: the best attempt, as it stands.
    open override func serviceExtensionTimeWillExpire() {
        let (handler, content) = lock.withLock { (contentHandler, bestAttemptContent) }
        if let handler, let content { handler(content) }
    }
}
