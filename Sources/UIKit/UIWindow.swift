/// A window, as UIKit's: the root of a view hierarchy, which its views find as their ``UIView/window``. An
/// extension shows none; code that makes one (a design module's previews, an overlay) gets one that keeps what
/// it is told and shows nothing. It is hidden until ``makeKeyAndVisible()`` or `isHidden = false`.
open class UIWindow: UIView {
    /// How high it sits among windows.
    public struct Level: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        public static let normal = Level(rawValue: 0)
        public static let statusBar = Level(rawValue: 1000)
        public static let alert = Level(rawValue: 2000)
    }

    /// A window of `frame`, hidden until shown, as UIKit's.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// A window from an archive: there is none to read here; hidden.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    /// Its level: normal.
    open var windowLevel = Level.normal
    /// Whether it is the key window: once made key.
    public private(set) var isKeyWindow = false

    /// Makes it the key window.
    open func makeKey() { isKeyWindow = true }

    /// Makes it the key window and shows it (nothing is shown here).
    open func makeKeyAndVisible() {
        makeKey()
        isHidden = false
    }
}
