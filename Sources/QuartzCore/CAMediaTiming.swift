public import Foundation

/// How a layer's or an animation's time relates to its parent's, as Core Animation's. Kept as given: nothing
/// is animated here.
public protocol CAMediaTiming {
    /// When it begins, in its parent's time.
    var beginTime: CFTimeInterval { get set }
    /// How long one pass lasts.
    var duration: CFTimeInterval { get set }
    /// How fast its time runs against its parent's.
    var speed: Float { get set }
    /// An offset into its own time.
    var timeOffset: CFTimeInterval { get set }
    /// How many times it repeats.
    var repeatCount: Float { get set }
    /// How long it repeats for.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each pass plays back in reverse after playing forward.
    var autoreverses: Bool { get set }
    /// What it shows outside its active time.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What a timed object shows outside its active time, as Core Animation's.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// Nothing outside the active time: the default.
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
}

/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// An animation's pacing, as Core Animation's: a cubic Bézier from (0, 0) to (1, 1) through two control
/// points, those of the named functions as Apple gives them.
open class CAMediaTimingFunction: NSObject {
    private let controls: [Float]

    /// The function of these control points.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        controls = [c1x, c1y, c2x, c2y]
        super.init()
    }

    /// One of the predefined functions.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Control point `index` (0 is (0, 0), 1 and 2 are the function's, 3 is (1, 1)) written to `point`, as
    /// two floats; an index outside 0...3 writes nothing.
    open func getControlPoint(at index: Int, values point: UnsafeMutablePointer<Float>) {
        switch index {
        case 0: (point[0], point[1]) = (0, 0)
        case 1: (point[0], point[1]) = (controls[0], controls[1])
        case 2: (point[0], point[1]) = (controls[2], controls[3])
        case 3: (point[0], point[1]) = (1, 1)
        default: return
        }
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CAMediaTimingFunction)?.controls == controls
    }

    open override var hash: Int { controls.hashValue }
}
