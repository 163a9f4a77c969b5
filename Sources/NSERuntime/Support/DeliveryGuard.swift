import Synchronization
public import UserNotifications

/// A content handler that runs at most once, whoever calls it first: the "called once" flag real SDKs
/// (Customer.io among them) put around the handler, so that the download's completion and
/// `serviceExtensionTimeWillExpire` cannot both deliver.
///
/// ```swift
/// let deliver = DeliveryGuard(contentHandler)
/// deliver(bestAttempt)   // true: delivered
/// deliver(bestAttempt)   // false: already delivered, nothing happens
/// ```
public final class DeliveryGuard: Sendable {
    private let handler: ContentHandler
    private let delivered = Atomic<Bool>(false)

    /// Guards `handler`.
    public init(_ handler: ContentHandler) {
        self.handler = handler
    }

    /// Guards the handler `didReceive` received.
    public convenience init(_ handler: @escaping (UNNotificationContent) -> Void) {
        self.init(ContentHandler(handler))
    }

    /// Whether the handler has been called.
    public var hasDelivered: Bool { delivered.load(ordering: .acquiring) }

    /// Calls the handler with `content` if nobody has yet.
    ///
    /// - Returns: whether this call delivered.
    @discardableResult
    public func callAsFunction(_ content: UNNotificationContent) -> Bool {
        guard delivered.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return false }
        handler(content)
        return true
    }
}
