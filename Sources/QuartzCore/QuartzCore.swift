// Core Animation on Linux, as far as code an app shares with its extension reaches it: a view's layer and the
// values a design module sets on it (corner radius and curve, masked corners, border, shadow, mask), shape and
// gradient layers, and the media-time clock. Nothing is composited, drawn or animated (an extension has no
// window): a layer keeps what it is given and its geometry, as Core Animation's model layer does.
// UIKit re-exports this module, as iOS's does.
@_exported public import CoreFoundationTypes
@_exported public import CoreGraphics

/// Seconds since the machine started, on a clock that does not jump, as Core Animation's.
///
/// Not faithful: real time, which `--time-scale` does not shorten.
public func CACurrentMediaTime() -> CFTimeInterval {
    ProcessInfo.processInfo.systemUptime
}
