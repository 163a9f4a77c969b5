public import Foundation

/// What caused a notification to be delivered. A placeholder: Notification Service Extensions only see
/// ``UNPushNotificationTrigger`` (or `nil`), and nothing on Linux schedules local notifications.
///
/// Immutable; `@unchecked Sendable` because its one stored property is a `let` `Bool`
/// (the class is `open`, as Apple's is, so the compiler cannot check it).
open class UNNotificationTrigger: NSObject, NSCopying, @unchecked Sendable {
    /// Whether the trigger fires again.
    public let repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }

    /// Returns the trigger itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}

/// The trigger of a remote (APNs) notification: what a Notification Service Extension's request carries.
///
/// `@unchecked Sendable`, restating the conformance it inherits: it adds no stored property.
open class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// A push trigger. nse-bench specific: on iOS only the system creates them; the extension host does here.
    public init() {
        super.init(repeats: false)
    }
}
