public import Foundation
internal import SimulatedDevice

/// The phone, as UIKit's `UIDevice.current` describes it to an extension: an iPhone on iOS 26.1
/// (``systemVersion``), named "iPhone" as iOS 16 and later name every device to apps without the
/// user-assigned-name entitlement. Shared code reads it for the device facts it sends with a request
/// (`osVersion`, `model`, `identifierForVendor`).
///
/// ``identifierForVendor`` is the phone's own: each invocation of a run is another phone, so each has its
/// own identifier, the same throughout its invocation and on every run (drawn from the invocation's
/// number); code run outside any invocation (a static initialized at load) gets one for the process.
/// Orientation is unknown and battery monitoring off, as an extension finds them; once code turns
/// monitoring on, the battery reads 80% and unplugged.
///
/// `@unchecked Sendable`: its one mutable property is read and written only under `lock`.
open class UIDevice: NSObject, @unchecked Sendable {
    /// The iOS version the run's phones report.
    public static let simulatedSystemVersion = "26.1"

    private static let shared = UIDevice()

    /// The phone the calling code runs on.
    open class var current: UIDevice { shared }

    private let lock = NSLock()
    private var batteryMonitoring = false

    /// `"iPhone"`: iOS's name for the device to apps without the user-assigned-name entitlement.
    open var name: String { "iPhone" }
    /// `"iPhone"`.
    open var model: String { "iPhone" }
    /// `"iPhone"`.
    open var localizedModel: String { "iPhone" }
    /// `"iOS"`.
    open var systemName: String { "iOS" }
    /// ``simulatedSystemVersion``.
    open var systemVersion: String { Self.simulatedSystemVersion }
    /// `.phone`.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    /// Whether the device runs several apps at once: true.
    open var isMultitaskingSupported: Bool { true }
    /// `.unknown`: an extension's process generates no orientation changes.
    open var orientation: UIDeviceOrientation { .unknown }
    /// Whether the device is generating orientation notifications: false.
    open var isGeneratingDeviceOrientationNotifications: Bool { false }

    /// The identifier of this app's vendor on this phone: the invocation's phone's (see the type's notes).
    open var identifierForVendor: UUID? {
        guard let phone = SimulatedPhone.current else { return Self.processIdentifier }
        return Self.identifier(forPhone: phone.invocationID)
    }

    private static let processIdentifier = UUID()

    /// A version-4 UUID drawn from `phone`, the same for the same number.
    static func identifier(forPhone phone: Int) -> UUID {
        func mix(_ seed: UInt64) -> UInt64 {
            var value = seed &+ 0x9E37_79B9_7F4A_7C15
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
        let high = mix(UInt64(bitPattern: Int64(phone)))
        let low = mix(high ^ 0x6E73_652D_6265_6E63)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// Whether the code asked for battery readings; off until it does.
    open var isBatteryMonitoringEnabled: Bool {
        get { lock.withLock { batteryMonitoring } }
        set { lock.withLock { batteryMonitoring = newValue } }
    }

    /// -1 while monitoring is off, as iOS gives; 0.8 once on.
    open var batteryLevel: Float { isBatteryMonitoringEnabled ? 0.8 : -1 }

    /// `.unknown` while monitoring is off, as iOS gives; `.unplugged` once on.
    open var batteryState: BatteryState { isBatteryMonitoringEnabled ? .unplugged : .unknown }

    /// Whether proximity monitoring is on: false, as an extension cannot turn it on.
    open var isProximityMonitoringEnabled: Bool {
        get { false }
        set {}
    }

    /// Whether the sensor is close to the user: false.
    open var proximityState: Bool { false }

    /// Starts orientation notifications: none come, as an extension's process gets none.
    open func beginGeneratingDeviceOrientationNotifications() {}

    /// Ends orientation notifications.
    open func endGeneratingDeviceOrientationNotifications() {}

    /// The keyboard click: nothing plays.
    open func playInputClick() {}

    /// The battery's state.
    public enum BatteryState: Int, Sendable {
        case unknown = 0
        case unplugged = 1
        case charging = 2
        case full = 3
    }

    /// Posted when the battery's state changes (never here).
    public static let batteryStateDidChangeNotification = Notification.Name(
        "UIDeviceBatteryStateDidChangeNotification")
    /// Posted when the battery's level changes (never here).
    public static let batteryLevelDidChangeNotification = Notification.Name(
        "UIDeviceBatteryLevelDidChangeNotification")
    /// Posted when the orientation changes (never here).
    public static let orientationDidChangeNotification = Notification.Name(
        "UIDeviceOrientationDidChangeNotification")
}

/// The device's physical orientation.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 3
    case landscapeRight = 4
    case faceUp = 5
    case faceDown = 6

    /// Whether it is a portrait orientation.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether it is a landscape orientation.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    /// Whether it is flat (face up or down).
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// Whether it is a valid interface orientation (portrait or landscape).
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// `UIDevice.BatteryState`'s older name.
public typealias UIDeviceBatteryState = UIDevice.BatteryState
