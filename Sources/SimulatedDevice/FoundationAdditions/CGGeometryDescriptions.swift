public import Foundation

// Core Graphics' descriptions of its geometry, which Foundation on Linux's `CGPoint`, `CGSize` and `CGRect`
// lack: extension code logs an image's size with `size.debugDescription` (a measured survey unit,
// Riqtu/Hohma-Swift, stopped at "value of type 'CGSize' has no member 'debugDescription'"), and on Apple's
// platforms `"\(size)"` reads `(30.0, 20.0)`, not Linux's `CGSize(width: 30.0, height: 20.0)`. Each user's
// module imports SimulatedDevice implicitly, so the unchanged code finds these, with Foundation alone as on
// iOS (whose Foundation brings Core Graphics). The conformances are retroactive on purpose: they are
// Apple's, which Linux's Foundation leaves out.

// swift-format-ignore: AvoidRetroactiveConformances
extension CGPoint: @retroactive CustomDebugStringConvertible {
    /// `(x, y)`, as Core Graphics writes a point.
    public var debugDescription: String { "(\(x), \(y))" }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGSize: @retroactive CustomDebugStringConvertible {
    /// `(width, height)`, as Core Graphics writes a size.
    public var debugDescription: String { "(\(width), \(height))" }
}

// swift-format-ignore: AvoidRetroactiveConformances
extension CGRect: @retroactive CustomDebugStringConvertible {
    /// `(x, y, width, height)`, as Core Graphics writes a rectangle.
    public var debugDescription: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
