public import Foundation

/// An event, as UIKit's: none reaches an extension, so code that hit-tests passes nil or one of these, which
/// holds no touches.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// The kinds of event.
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
        case scroll = 10
        case hover, transform
    }

    /// Its kind: touches.
    open var type: EventType { .touches }
    /// When it happened: now, as it was made.
    open var timestamp: TimeInterval = ProcessInfo.processInfo.systemUptime
}
