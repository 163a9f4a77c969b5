public import Foundation

// Key-value coding on notification content, which Foundation on Linux does not have (its `NSObject` has no
// `setValue(_:forKey:)`). Extension code uses it on Apple's platforms to change content that its type does
// not let it change: Revolt's extension sets the title back on the content `updating(from:)` returned,
// which is an immutable `UNNotificationContent` (`updated.setValue(originalTitle, forKey: "title")`); key-value
// coding writes the stored value whatever the class. The keys are the properties' names.
//
// Not faithful: a key the content does not have, or a value of another type, is ignored (`value(forKey:)`
// gives nil), where Apple's raises an exception that ends the extension's process.

extension UNNotificationContent {
    /// Sets the property named `key` to `value`, on mutable and immutable content alike, as key-value coding
    /// does on Apple's platforms; an unknown key or a value of the wrong type is ignored.
    public func setValue(_ value: Any?, forKey key: String) {
        updateFields { fields in
            switch key {
            case "title": if let text = value as? String { fields.title = text }
            case "subtitle": if let text = value as? String { fields.subtitle = text }
            case "body": if let text = value as? String { fields.body = text }
            case "badge": fields.badge = Self.number(value)
            case "sound": fields.sound = value as? UNNotificationSound
            case "userInfo": if let info = value as? [AnyHashable: Any] { fields.userInfo = info }
            case "attachments": if let list = value as? [UNNotificationAttachment] { fields.attachments = list }
            case "categoryIdentifier": if let text = value as? String { fields.categoryIdentifier = text }
            case "threadIdentifier": if let text = value as? String { fields.threadIdentifier = text }
            case "launchImageName": if let text = value as? String { fields.launchImageName = text }
            case "targetContentIdentifier": fields.targetContentIdentifier = value as? String
            case "filterCriteria": fields.filterCriteria = value as? String
            case "summaryArgument": if let text = value as? String { fields.summaryArgument = text }
            case "summaryArgumentCount":
                if let count = Self.number(value) { fields.summaryArgumentCount = count.intValue }
            case "relevanceScore": if let score = Self.number(value) { fields.relevanceScore = score.doubleValue }
            case "interruptionLevel":
                if let raw = Self.number(value), let level = UNNotificationInterruptionLevel(rawValue: raw.uintValue) {
                    fields.interruptionLevel = level
                }
            default: break
            }
        }
    }

    /// The value of the property named `key`, as key-value coding reads it (numbers as `NSNumber`); nil for
    /// an unknown key.
    public func value(forKey key: String) -> Any? {
        let fields = fields
        switch key {
        case "title": return fields.title
        case "subtitle": return fields.subtitle
        case "body": return fields.body
        case "badge": return fields.badge
        case "sound": return fields.sound
        case "userInfo": return fields.userInfo
        case "attachments": return fields.attachments
        case "categoryIdentifier": return fields.categoryIdentifier
        case "threadIdentifier": return fields.threadIdentifier
        case "launchImageName": return fields.launchImageName
        case "targetContentIdentifier": return fields.targetContentIdentifier
        case "filterCriteria": return fields.filterCriteria
        case "summaryArgument": return fields.summaryArgument
        case "summaryArgumentCount": return NSNumber(value: fields.summaryArgumentCount)
        case "relevanceScore": return NSNumber(value: fields.relevanceScore)
        case "interruptionLevel": return NSNumber(value: fields.interruptionLevel.rawValue)
        default: return nil
        }
    }

    private static func number(_ value: Any?) -> NSNumber? {
        if let number = value as? NSNumber { return number }
        if let integer = value as? Int { return NSNumber(value: integer) }
        if let double = value as? Double { return NSNumber(value: double) }
        return nil
    }
}
