public import Foundation

/// Notification content whose properties can be set: what an extension builds its modified content in.
///
/// `@unchecked Sendable`, restating the conformance it inherits: every getter and setter runs under the
/// `Mutex` of ``UNNotificationContent`` (see its Sendability note).
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// Empty content: no text, no attachments, no sound.
    public override init() {
        super.init()
    }

    override init(fields: sending NotificationContentFields) {
        super.init(fields: fields)
    }

    /// The title.
    open override var title: String {
        get { fields.title }
        set { updateFields { $0.title = newValue } }
    }

    /// The subtitle.
    open override var subtitle: String {
        get { fields.subtitle }
        set { updateFields { $0.subtitle = newValue } }
    }

    /// The body text.
    open override var body: String {
        get { fields.body }
        set { updateFields { $0.body = newValue } }
    }

    /// The number for the app icon's badge; `nil` leaves the badge unchanged.
    open override var badge: NSNumber? {
        get { fields.badge }
        set { updateFields { $0.badge = newValue } }
    }

    /// The sound to play; `nil` for none.
    open override var sound: UNNotificationSound? {
        get { fields.sound }
        set { updateFields { $0.sound = newValue } }
    }

    /// The payload's custom keys and values.
    open override var userInfo: [AnyHashable: Any] {
        get { fields.userInfo }
        set { updateFields { $0.userInfo = newValue } }
    }

    /// The media files shown with the notification.
    open override var attachments: [UNNotificationAttachment] {
        get { fields.attachments }
        set { updateFields { $0.attachments = newValue } }
    }

    /// The identifier of the app-defined category (its actions).
    open override var categoryIdentifier: String {
        get { fields.categoryIdentifier }
        set { updateFields { $0.categoryIdentifier = newValue } }
    }

    /// The identifier that groups related notifications.
    open override var threadIdentifier: String {
        get { fields.threadIdentifier }
        set { updateFields { $0.threadIdentifier = newValue } }
    }

    /// The launch image to show when the app opens from the notification.
    open override var launchImageName: String {
        get { fields.launchImageName }
        set { updateFields { $0.launchImageName = newValue } }
    }

    /// The identifier of the app window to bring forward.
    open override var targetContentIdentifier: String? {
        get { fields.targetContentIdentifier }
        set { updateFields { $0.targetContentIdentifier = newValue } }
    }

    /// How urgently the notification interrupts the user.
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fields.interruptionLevel }
        set { updateFields { $0.interruptionLevel = newValue } }
    }

    /// How the notification ranks in the summary, from 0 to 1.
    open override var relevanceScore: Double {
        get { fields.relevanceScore }
        set { updateFields { $0.relevanceScore = newValue } }
    }

    /// The Focus filter criteria.
    open override var filterCriteria: String? {
        get { fields.filterCriteria }
        set { updateFields { $0.filterCriteria = newValue } }
    }

    /// The text a group's summary names this notification by (deprecated in iOS 15: kept, shown nowhere).
    @available(iOS, deprecated: 15.0, message: "summary arguments are ignored from iOS 15")
    open override var summaryArgument: String {
        get { fields.summaryArgument }
        set { updateFields { $0.summaryArgument = newValue } }
    }

    /// How many items this notification counts for in its group's summary (deprecated in iOS 15).
    @available(iOS, deprecated: 15.0, message: "summary arguments are ignored from iOS 15")
    open override var summaryArgumentCount: Int {
        get { fields.summaryArgumentCount }
        set { updateFields { $0.summaryArgumentCount = newValue } }
    }
}
