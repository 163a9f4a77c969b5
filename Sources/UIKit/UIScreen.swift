public import Foundation

/// The phone's screen, as UIKit's `UIScreen.main` describes it: an iPhone 15's or 16's, 393 × 852 points at 3
/// pixels a point (the scale of the phone's trait collection), 60 frames a second. Shared code reads it to
/// size images and shadows (`UIScreen.main.scale`); an extension shows nothing on it. Its brightness is 0.5
/// until code sets it, and setting it changes nothing else.
///
/// Not main-actor isolated, unlike UIKit's: what it gives never changes, so code reading it from any thread
/// compiles and reads the same (Swift 6 mode code that iOS's SDK would refuse compiles here).
public final class UIScreen: Sendable {
    /// The phone's screen.
    public static let main = UIScreen()

    /// The screens attached: the phone's.
    public static var screens: [UIScreen] { [main] }

    private let storedBrightness = LockedBrightness()

    private init() {}

    /// Its rectangle in points, upright.
    public var bounds: CGRect { CGRect(x: 0, y: 0, width: 393, height: 852) }
    /// Pixels a point: the phone's trait collection's display scale, 3.
    public var scale: CGFloat { UITraitCollection.phone.displayScale }
    /// Its rectangle in pixels, upright.
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * nativeScale, height: bounds.height * nativeScale)
    }
    /// Pixels a point of the physical screen: 3.
    public var nativeScale: CGFloat { scale }
    /// How many frames a second it shows at most: 60.
    public var maximumFramesPerSecond: Int { 60 }
    /// How bright it is, 0 to 1 (a value outside is clamped).
    public var brightness: CGFloat {
        get { storedBrightness.value }
        set { storedBrightness.value = min(max(newValue, 0), 1) }
    }
    /// Whether it is being recorded, mirrored or cast: no.
    public var isCaptured: Bool { false }
    /// Its traits: the phone's.
    public var traitCollection: UITraitCollection { .phone }
}

/// The screen's brightness, read and written from any thread.
///
/// `@unchecked Sendable`: `brightness` is read and written only under `lock`.
private final class LockedBrightness: @unchecked Sendable {
    private let lock = NSLock()
    private var brightness: CGFloat = 0.5

    var value: CGFloat {
        get { lock.withLock { brightness } }
        set { lock.withLock { brightness = newValue } }
    }
}
