public import Foundation
import Synchronization

/// The content of a notification: what the extension receives in its request and hands back, modified, to
/// the content handler. Read-only; ``UNMutableNotificationContent`` is the subclass whose properties can be set.
///
/// `mutableCopy()` returns a ``UNMutableNotificationContent`` (so the Xcode template's
/// `request.content.mutableCopy() as? UNMutableNotificationContent` works) and `copy()` an immutable
/// `UNNotificationContent`; both are independent of the original.
///
/// ## Sendability
/// `@unchecked Sendable`, as Apple marks it (`NS_SWIFT_SENDABLE`): every property is read and written under
/// the `Mutex` that holds the fields, so concurrent access from the extension's work and from
/// `serviceExtensionTimeWillExpire` (which iOS calls on another thread, and the Xcode template uses to read
/// `bestAttemptContent`) cannot corrupt memory. The lock makes each property access atomic, not a sequence of
/// them: an extension that sets the title on one thread while delivering on another still races logically,
/// as it would on iOS. The `userInfo` values are taken to be property-list values, which are immutable.
/// ``UNMutableNotificationContent`` inherits the conformance (Swift lets no subclass withdraw it); a host that
/// must keep what was delivered takes `copy()` of it.
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The fields; written only by ``UNMutableNotificationContent``'s setters.
    private let storage: Mutex<NotificationContentFields>

    init(fields: sending NotificationContentFields) {
        self.storage = Mutex(fields)
        super.init()
    }

    /// Empty content: no text, no attachments, no sound.
    public override init() {
        self.storage = Mutex(NotificationContentFields())
        super.init()
    }

    /// A snapshot of every field.
    final var fields: NotificationContentFields {
        storage.withLock { $0 }
    }

    /// Changes fields under the lock; only ``UNMutableNotificationContent`` calls it.
    final func updateFields(_ body: (inout NotificationContentFields) -> Void) {
        storage.withLock { body(&$0) }
    }

    /// The title.
    open var title: String { fields.title }
    /// The subtitle.
    open var subtitle: String { fields.subtitle }
    /// The body text.
    open var body: String { fields.body }
    /// The number for the app icon's badge; `nil` leaves the badge unchanged.
    open var badge: NSNumber? { fields.badge }
    /// The sound to play; `nil` for none.
    open var sound: UNNotificationSound? { fields.sound }
    /// The payload's custom keys and values (the `aps` dictionary included).
    open var userInfo: [AnyHashable: Any] { fields.userInfo }
    /// The media files shown with the notification.
    open var attachments: [UNNotificationAttachment] { fields.attachments }
    /// The identifier of the app-defined category (its actions).
    open var categoryIdentifier: String { fields.categoryIdentifier }
    /// The identifier that groups related notifications.
    open var threadIdentifier: String { fields.threadIdentifier }
    /// The launch image to show when the app opens from the notification.
    open var launchImageName: String { fields.launchImageName }
    /// The identifier of the app window to bring forward.
    open var targetContentIdentifier: String? { fields.targetContentIdentifier }
    /// How urgently the notification interrupts the user.
    open var interruptionLevel: UNNotificationInterruptionLevel { fields.interruptionLevel }
    /// How the notification ranks in the summary, from 0 to 1.
    open var relevanceScore: Double { fields.relevanceScore }
    /// The Focus filter criteria.
    open var filterCriteria: String? { fields.filterCriteria }
    /// The text a group's summary names this notification by (deprecated in iOS 15, still read by extensions).
    @available(iOS, deprecated: 15.0, message: "summary arguments are ignored from iOS 15")
    open var summaryArgument: String { fields.summaryArgument }
    /// How many items this notification counts for in its group's summary (deprecated in iOS 15).
    @available(iOS, deprecated: 15.0, message: "summary arguments are ignored from iOS 15")
    open var summaryArgumentCount: Int { fields.summaryArgumentCount }

    /// Whether the content has alert text (a title, subtitle or body): content without it is ignored by iOS,
    /// which then shows the original notification. nse-bench specific.
    public final var hasAlertText: Bool {
        let fields = fields
        return !(fields.title.isEmpty && fields.subtitle.isEmpty && fields.body.isEmpty)
    }

    /// An immutable copy: a `UNNotificationContent`, even when the receiver is mutable.
    open func copy(with zone: NSZone? = nil) -> Any {
        UNNotificationContent(fields: fields)
    }

    /// A mutable copy: a ``UNMutableNotificationContent`` that changes independently of the receiver.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        UNMutableNotificationContent(fields: fields)
    }

    /// The text fields and attachment count, for logs.
    open override var description: String {
        let fields = fields
        return "<\(Swift.type(of: self)) title: \(fields.title.debugDescription), "
            + "subtitle: \(fields.subtitle.debugDescription), body: \(fields.body.debugDescription), "
            + "attachments: \(fields.attachments.count)>"
    }
}
