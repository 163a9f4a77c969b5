import Foundation

/// Every value of a notification's content, kept together so that a copy is one assignment.
///
/// A value type: copying it copies the dictionary and the array; the objects inside (attachments,
/// sound, badge) are immutable, and `userInfo` holds property-list values (strings, numbers, arrays,
/// dictionaries), as Apple documents, so a copy of the fields shares nothing that can change.
struct NotificationContentFields {
    var title = ""
    var subtitle = ""
    var body = ""
    var badge: NSNumber?
    var sound: UNNotificationSound?
    var userInfo: [AnyHashable: Any] = [:]
    var attachments: [UNNotificationAttachment] = []
    var categoryIdentifier = ""
    var threadIdentifier = ""
    var launchImageName = ""
    var targetContentIdentifier: String?
    var interruptionLevel: UNNotificationInterruptionLevel = .active
    var relevanceScore: Double = 0
    var filterCriteria: String?
    var summaryArgument = ""
    var summaryArgumentCount = 0
}
