/// How urgently a notification interrupts the user, with Apple's raw values.
public enum UNNotificationInterruptionLevel: UInt, Sendable, Hashable {
    /// Added to the list without lighting the screen or playing a sound.
    case passive = 0
    /// Presented immediately, lighting the screen and possibly playing a sound (the default).
    case active = 1
    /// Presented immediately, breaking through system controls such as Focus.
    case timeSensitive = 2
    /// Presented immediately, breaking through the mute switch.
    case critical = 3
}
