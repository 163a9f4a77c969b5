public import Foundation

/// An object that handles events, as UIKit's: the root of the view classes. No event reaches one here
/// (a Notification Service Extension has no user interface), so it only gives views their ancestry.
///
/// Main-actor isolated as UIKit's, and `@preconcurrency` as Swift takes UIKit's Objective-C isolation: code in
/// Swift 5 mode that makes a view off the main actor compiles, as it does against iOS's SDK.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    /// A responder.
    public override init() {}

    /// The next responder: none here.
    open var next: UIResponder? { nil }

    /// Whether it can become first responder: no.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether it is first responder: never.
    open var isFirstResponder: Bool { false }

    /// Asks to become first responder: refused, as no window is shown.
    @discardableResult open func becomeFirstResponder() -> Bool { false }

    /// Gives up first responder.
    @discardableResult open func resignFirstResponder() -> Bool { true }
}
