import Foundation
import Testing
import UserNotifications

/// `setValue(_:forKey:)` and `value(forKey:)` on notification content, as extension code uses key-value coding.
@Suite("Notification content: key-value coding")
struct ContentKeyValueCodingTests {
    @Test("setValue writes the named property of immutable content too, as Revolt's extension relies on")
    func writesImmutableContent() {
        let mutable = UNMutableNotificationContent()
        mutable.title = "Ada (from the intent)"
        let immutable = mutable.copy() as! UNNotificationContent
        immutable.setValue("Original title", forKey: "title")
        #expect(immutable.title == "Original title")
        #expect(mutable.title == "Ada (from the intent)", "the copy is its own")
    }

    @Test("every property reads back what was set, numbers as NSNumber")
    func roundTrips() {
        let content = UNMutableNotificationContent()
        content.setValue("S", forKey: "subtitle")
        content.setValue("B", forKey: "body")
        content.setValue(3, forKey: "badge")
        content.setValue(["k": "v"], forKey: "userInfo")
        content.setValue("chat", forKey: "categoryIdentifier")
        content.setValue("thread-1", forKey: "threadIdentifier")
        content.setValue("target", forKey: "targetContentIdentifier")
        content.setValue(0.5, forKey: "relevanceScore")
        content.setValue(UNNotificationInterruptionLevel.timeSensitive.rawValue, forKey: "interruptionLevel")
        #expect(content.subtitle == "S" && content.body == "B")
        #expect(content.badge == 3)
        #expect(content.userInfo["k"] as? String == "v")
        #expect(content.categoryIdentifier == "chat" && content.threadIdentifier == "thread-1")
        #expect(content.targetContentIdentifier == "target")
        #expect(content.relevanceScore == 0.5)
        #expect(content.interruptionLevel == .timeSensitive)
        #expect(content.value(forKey: "body") as? String == "B")
        #expect((content.value(forKey: "badge") as? NSNumber)?.intValue == 3)
        #expect((content.value(forKey: "relevanceScore") as? NSNumber)?.doubleValue == 0.5)
        content.setValue(nil, forKey: "badge")
        #expect(content.badge == nil)
    }

    @Test("the summary argument and its count, deprecated but set by extensions, are kept and copied")
    func summaryArguments() {
        // Enclosure's communication notifications set both.
        let content = UNMutableNotificationContent()
        content.summaryArgument = "Ada"
        content.summaryArgumentCount = 3
        let copy = content.copy() as! UNNotificationContent
        #expect(copy.summaryArgument == "Ada" && copy.summaryArgumentCount == 3)
        content.setValue("Grace", forKey: "summaryArgument")
        #expect(content.value(forKey: "summaryArgument") as? String == "Grace")
        #expect(copy.summaryArgument == "Ada", "the copy is its own")
    }

    @Test("an unknown key, or a value of another type, changes nothing and reads nil")
    func unknownKeysAreIgnored() {
        let content = UNMutableNotificationContent()
        content.title = "Kept"
        content.setValue("x", forKey: "notAKey")
        content.setValue(42, forKey: "title")
        #expect(content.title == "Kept")
        #expect(content.value(forKey: "notAKey") == nil)
    }
}
