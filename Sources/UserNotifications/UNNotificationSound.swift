public import Foundation

/// The name of a sound file in the app's bundle or its `Library/Sounds` directory.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Sendable {
    /// The file name.
    public let rawValue: String

    /// A sound name from a file name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A sound name from a file name.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}

/// The sound played with a notification. Linux plays nothing; the value only travels with the content.
///
/// Immutable; `@unchecked Sendable` because every stored property is a `let` of a Sendable type
/// (the class is `open`, as Apple's is, so the compiler cannot check it).
open class UNNotificationSound: NSObject, NSCopying, @unchecked Sendable {
    /// The sound file's name; `nil` for the system's default sound.
    public let name: UNNotificationSoundName?
    /// Whether the sound is a critical alert sound.
    public let isCritical: Bool
    /// The volume of a critical alert sound, from 0 to 1.
    public let criticalVolume: Float?

    init(name: UNNotificationSoundName?, isCritical: Bool = false, criticalVolume: Float? = nil) {
        self.name = name
        self.isCritical = isCritical
        self.criticalVolume = criticalVolume
        super.init()
    }

    /// The system's default notification sound: one shared instance, as a sound is immutable (every
    /// notification the run builds carries it, issue #18).
    open class var `default`: UNNotificationSound { sharedDefault }

    private static let sharedDefault = UNNotificationSound(name: nil)

    /// The system's default critical alert sound.
    open class var defaultCritical: UNNotificationSound { UNNotificationSound(name: nil, isCritical: true) }

    /// A sound from a file.
    public convenience init(named name: UNNotificationSoundName) {
        self.init(name: name)
    }

    /// A critical alert sound from a file.
    open class func criticalSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
        UNNotificationSound(name: name, isCritical: true)
    }

    /// A critical alert sound from a file, at a volume from 0 to 1.
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float)
        -> UNNotificationSound
    {
        UNNotificationSound(name: name, isCritical: true, criticalVolume: volume)
    }

    /// The ringtone the user chose, for a call's notification (iOS 15.2).
    open class var defaultRingtone: UNNotificationSound { UNNotificationSound(name: nil) }

    /// A ringtone from a file, for a call's notification (iOS 15.2).
    open class func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> UNNotificationSound {
        UNNotificationSound(name: name)
    }

    /// The system's default critical alert sound at a volume from 0 to 1.
    open class func defaultCriticalSound(withAudioVolume volume: Float) -> UNNotificationSound {
        UNNotificationSound(name: nil, isCritical: true, criticalVolume: volume)
    }

    /// Returns the sound itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// Sounds are equal when they play the same file the same way.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationSound else { return false }
        return name == other.name && isCritical == other.isCritical && criticalVolume == other.criticalVolume
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(name)
        hasher.combine(isCritical)
        hasher.combine(criticalVolume)
        return hasher.finalize()
    }
}
