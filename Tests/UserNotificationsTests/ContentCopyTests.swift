import Foundation
import NSEBenchTestSupport
import Synchronization
import Testing
import UserNotifications

@Suite("Content copy semantics")
struct ContentCopyTests {
    private func filledContent() throws -> (UNMutableNotificationContent, TemporaryDirectory) {
        let directory = try TemporaryDirectory(prefix: "nse-bench-unapi")
        let content = UNMutableNotificationContent()
        content.title = "Title"
        content.subtitle = "Subtitle"
        content.body = "Body"
        content.badge = 3
        content.sound = .default
        content.userInfo = ["encrypted_data": "abc", "aps": ["mutable-content": 1]]
        content.attachments = [
            try UNNotificationAttachment(identifier: "a", url: directory.file(named: "a.png", size: 10))
        ]
        content.categoryIdentifier = "category"
        content.threadIdentifier = "thread"
        content.launchImageName = "launch"
        content.targetContentIdentifier = "target"
        content.interruptionLevel = .timeSensitive
        content.relevanceScore = 0.5
        content.filterCriteria = "work"
        return (content, directory)
    }

    private func expectSameFields(_ copy: UNNotificationContent, _ original: UNNotificationContent) {
        #expect(copy.title == original.title)
        #expect(copy.subtitle == original.subtitle)
        #expect(copy.body == original.body)
        #expect(copy.badge == original.badge)
        #expect(copy.sound == original.sound)
        #expect(copy.userInfo["encrypted_data"] as? String == original.userInfo["encrypted_data"] as? String)
        #expect(copy.attachments.map(\.identifier) == original.attachments.map(\.identifier))
        #expect(copy.categoryIdentifier == original.categoryIdentifier)
        #expect(copy.threadIdentifier == original.threadIdentifier)
        #expect(copy.launchImageName == original.launchImageName)
        #expect(copy.targetContentIdentifier == original.targetContentIdentifier)
        #expect(copy.interruptionLevel == original.interruptionLevel)
        #expect(copy.relevanceScore == original.relevanceScore)
        #expect(copy.filterCriteria == original.filterCriteria)
    }

    @Test func mutableCopyOfImmutableContentIsAnIndependentMutableCopy() throws {
        let (filled, directory) = try filledContent()
        defer { directory.remove() }
        let original = try #require(filled.copy() as? UNNotificationContent)

        let copy = try #require(original.mutableCopy() as? UNMutableNotificationContent)
        expectSameFields(copy, original)

        copy.title = "Changed"
        copy.userInfo["encrypted_data"] = nil
        copy.attachments = []
        #expect(original.title == "Title")
        #expect(original.userInfo["encrypted_data"] as? String == "abc")
        #expect(original.attachments.count == 1)
    }

    @Test func mutableCopyOfMutableContentIsIndependentBothWays() throws {
        let (original, directory) = try filledContent()
        defer { directory.remove() }

        let copy = try #require(original.mutableCopy() as? UNMutableNotificationContent)
        #expect(copy !== original)
        expectSameFields(copy, original)

        original.body = "Original changed"
        copy.body = "Copy changed"
        #expect(original.body == "Original changed")
        #expect(copy.body == "Copy changed")
    }

    @Test func copyOfMutableContentIsImmutableAndFrozen() throws {
        let (original, directory) = try filledContent()
        defer { directory.remove() }

        let copy = original.copy()
        #expect(!(copy is UNMutableNotificationContent))
        let content = try #require(copy as? UNNotificationContent)
        expectSameFields(content, original)

        original.title = "Later"
        #expect(content.title == "Title")
    }

    @Test func requestKeepsAnImmutableCopyOfItsContent() {
        let content = UNMutableNotificationContent()
        content.title = "Before"
        let request = UNNotificationRequest(identifier: "r", content: content, trigger: nil)
        content.title = "After"
        #expect(request.content.title == "Before")
        #expect(!(request.content is UNMutableNotificationContent))
        #expect(request.trigger == nil)
    }

    @Test func alertTextIsATitleSubtitleOrBody() {
        let content = UNMutableNotificationContent()
        #expect(!content.hasAlertText)
        content.subtitle = "s"
        #expect(content.hasAlertText)
        content.subtitle = ""
        content.badge = 1
        #expect(!content.hasAlertText)
    }

    @Test func defaultsMatchApple() {
        let content = UNNotificationContent()
        #expect(content.title.isEmpty && content.body.isEmpty)
        #expect(content.badge == nil && content.sound == nil)
        #expect(content.attachments.isEmpty && content.userInfo.isEmpty)
        #expect(content.interruptionLevel == .active)
        #expect(content.relevanceScore == 0)
    }

    /// iOS calls `serviceExtensionTimeWillExpire` on another thread while the extension may still write its
    /// best attempt: each property access must stay memory-safe under that race.
    @Test func concurrentWritesAndCopiesStayConsistent() {
        let content = UNMutableNotificationContent()
        let torn = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 2_000) { index in
            if index.isMultiple(of: 2) {
                content.title = "title \(index)"
            } else if let title = (content.copy() as? UNNotificationContent)?.title,
                !(title.isEmpty || title.hasPrefix("title "))
            {
                torn.add(1, ordering: .relaxed)
            }
        }
        #expect(torn.load(ordering: .relaxed) == 0)
        #expect(content.title.hasPrefix("title "))
    }

    @Test("the default sound is one shared, immutable value, equal to itself and to nothing else")
    func defaultSoundIsShared() {
        let sound = UNNotificationSound.default
        #expect(sound === UNNotificationSound.default, "every notification shares it: no object per invocation")
        #expect(sound.name == nil && !sound.isCritical && sound.criticalVolume == nil)
        #expect(sound.isEqual(UNNotificationSound.default))
        #expect(!sound.isEqual(UNNotificationSound.defaultCritical))
        #expect(!sound.isEqual(UNNotificationSound(named: UNNotificationSoundName("chime.caf"))))
    }
}
