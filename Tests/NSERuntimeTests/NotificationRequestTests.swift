import Foundation
import Testing
import UserNotifications

@testable import NSERuntime

/// The request the host builds from a payload, as iOS hands it to `didReceive`.
@Suite("Notification request from a payload")
struct NotificationRequestTests {
    @Test("alert, badge, sound, thread, category, interruption level and userInfo")
    func fields() throws {
        let payload = try NotificationPayload(
            parsing: """
                {"aps":{"alert":{"title":"T","subtitle":"S","body":"B"},"mutable-content":1,"badge":4,\
                "sound":"default","thread-id":"orders","category":"SHIP","interruption-level":"time-sensitive"},\
                "media_url":"https://cdn.example.com/a.jpg","campaign":"spring"}
                """)
        let request = payload.notificationRequest(identifier: "7")
        let content = request.content

        #expect(request.identifier == "7")
        #expect(request.trigger is UNPushNotificationTrigger)
        #expect(content.title == "T")
        #expect(content.subtitle == "S")
        #expect(content.body == "B")
        #expect(content.badge == 4)
        #expect(content.sound == .default)
        #expect(content.threadIdentifier == "orders")
        #expect(content.categoryIdentifier == "SHIP")
        #expect(content.interruptionLevel == .timeSensitive)
        #expect(content.userInfo["media_url"] as? String == "https://cdn.example.com/a.jpg")
        #expect(content.userInfo["campaign"] as? String == "spring")
        #expect((content.userInfo["aps"] as? [String: Any])?["mutable-content"] as? Int == 1)
    }

    @Test("a critical sound object and a plain-string alert")
    func criticalSound() throws {
        let payload = try NotificationPayload(
            parsing: #"{"aps":{"alert":"Body only","sound":{"critical":1,"name":"alarm.caf","volume":0.5}}}"#)
        let content = payload.notificationRequest(identifier: "1").content
        #expect(content.title.isEmpty)
        #expect(content.body == "Body only")
        #expect(
            content.sound
                == UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.5))
    }
}
