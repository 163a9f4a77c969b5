import Foundation
public import UserNotifications

extension NotificationPayload {
    /// The request iOS would hand `didReceive` for this payload: the alert's title, subtitle and body,
    /// the badge, sound, thread and category, the interruption level, and the whole payload as
    /// `userInfo`, with a push trigger.
    ///
    /// ```swift
    /// let request = payload.notificationRequest(identifier: "41")
    /// request.content.userInfo["media_url"] as? String   // what a media extension reads
    /// ```
    public func notificationRequest(identifier: String) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = alert.title ?? ""
        content.subtitle = alert.subtitle ?? ""
        content.body = alert.body ?? ""
        content.badge = badge.map { NSNumber(value: $0) }
        content.sound = notificationSound
        content.threadIdentifier = threadIdentifier ?? ""
        content.categoryIdentifier = category ?? ""
        if let level = otherAPSFields["interruption-level"]?.stringValue {
            content.interruptionLevel = Self.interruptionLevels[level] ?? .active
        }
        content.userInfo = userInfo
        return UNNotificationRequest(identifier: identifier, content: content, trigger: UNPushNotificationTrigger())
    }

    /// `aps.sound`: `"default"`, a file name, or the critical-alert object.
    private var notificationSound: UNNotificationSound? {
        switch sound {
        case .string("default"):
            return .default
        case .string(let name):
            return UNNotificationSound(named: UNNotificationSoundName(name))
        case .object(let fields):
            let name = fields["name"]?.stringValue ?? "default"
            let isCritical = fields["critical"]?.integerValue == 1
            let volume: Float? =
                switch fields["volume"] {
                case .double(let value): Float(value)
                case .integer(let value): Float(value)
                default: nil
                }
            guard isCritical else {
                return name == "default" ? .default : UNNotificationSound(named: UNNotificationSoundName(name))
            }
            if name == "default" {
                return volume.map { UNNotificationSound.defaultCriticalSound(withAudioVolume: $0) } ?? .defaultCritical
            }
            let soundName = UNNotificationSoundName(name)
            return volume.map { UNNotificationSound.criticalSoundNamed(soundName, withAudioVolume: $0) }
                ?? UNNotificationSound.criticalSoundNamed(soundName)
        default:
            return nil
        }
    }

    private static let interruptionLevels: [String: UNNotificationInterruptionLevel] = [
        "passive": .passive, "active": .active, "time-sensitive": .timeSensitive, "critical": .critical,
    ]
}
