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

/// A local notification's trigger after an interval, as UserNotifications': kept with the request, never
/// fired here.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    // @unchecked: as its superclass, with one more `let` of a Sendable type.

    /// Seconds until it fires.
    public let timeInterval: TimeInterval

    /// A trigger `timeInterval` seconds after it is added.
    public init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    /// When it would next fire, counted from now.
    open func nextTriggerDate() -> Date? { Date(timeIntervalSinceNow: timeInterval) }
}

/// A local notification's trigger at a date, as UserNotifications': kept with the request, never fired here.
open class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    // @unchecked: as its superclass, with one more `let` of a Sendable type.

    /// The date components it fires at.
    public let dateComponents: DateComponents

    /// A trigger at `dateComponents`.
    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// When it would next fire.
    open func nextTriggerDate() -> Date? {
        Calendar.current.nextDate(after: Date(), matching: dateComponents, matchingPolicy: .nextTime)
    }
}
