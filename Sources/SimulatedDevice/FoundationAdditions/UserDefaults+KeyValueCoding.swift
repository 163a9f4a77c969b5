public import Foundation

// Key-value coding on `UserDefaults`, which Foundation on Linux does not have (its `NSObject` has no
// `setValue(_:forKey:)`): extension code stores a badge count or a flag in its App Group's defaults with
// it (Bluesky's extension: `prefs?.setValue(count, forKey: "badgeCount")`). On Apple's platforms a
// defaults object's key-value coding reads and writes its values, as `object(forKey:)` and
// `set(_:forKey:)` do. Each user's module imports SimulatedDevice implicitly, so the unchanged call finds
// these. Being an extension's, a `UserDefaults` subclass cannot override them, as it can `NSObject`'s on iOS.

extension UserDefaults {
    /// Stores `value` for `key`, as `set(_:forKey:)` does; nil removes it.
    public func setValue(_ value: Any?, forKey key: String) { set(value, forKey: key) }

    /// The value stored for `key`, as `object(forKey:)` reads it.
    public func value(forKey key: String) -> Any? { object(forKey: key) }
}
