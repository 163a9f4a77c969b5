public import Foundation

/// A notification's identifier, content and trigger: what iOS hands to `didReceive`.
///
/// Immutable; `@unchecked Sendable` because every stored property is a `let` of a Sendable type, the content
/// being an immutable copy taken at initialization (the class is `open`, as Apple's is, so the compiler cannot
/// check it).
open class UNNotificationRequest: NSObject, NSCopying, @unchecked Sendable {
    /// The request's identifier.
    public let identifier: String
    /// An immutable copy of the content given at initialization.
    public let content: UNNotificationContent
    /// What caused the delivery; ``UNPushNotificationTrigger`` for a remote notification.
    public let trigger: UNNotificationTrigger?

    /// A request; the content is copied (as Apple's `@NSCopying` property does), so later changes to a
    /// mutable content object do not reach the request.
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = UNNotificationContent(fields: content.fields)
        self.trigger = trigger
        super.init()
    }

    /// Returns the request itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
