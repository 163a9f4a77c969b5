// Apple's UserNotifications API for Notification Service Extensions, on Linux: the public surface an
// extension uses, so that iOS extension code (the Xcode template included) compiles unchanged here.
public import Foundation

/// The base class of a Notification Service Extension: subclass it and override ``didReceive(_:withContentHandler:)``.
///
/// The nse-bench host calls ``didReceive(_:withContentHandler:)`` once per notification and, if the content
/// handler has not been called by the deadline, ``serviceExtensionTimeWillExpire()`` (possibly on another
/// thread, as iOS does). Not `Sendable`: an extension's own state is its own to guard.
open class UNNotificationServiceExtension: NSObject {
    /// An extension; the host creates one per extension process.
    public override init() {
        super.init()
    }

    /// Called with a notification to modify; call `contentHandler` exactly once with the content to show.
    ///
    /// The default implementation delivers the request's content unchanged, as Apple's does.
    ///
    /// The handler is `@Sendable`, as in Apple's current SDK: an override may declare it either way (Xcode's
    /// template without, Swift 6 code with `@escaping @Sendable`), and both compile in Swift 5 and 6 modes.
    open func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }

    /// Called when the time to modify the content is up: the last chance to deliver a best attempt before the
    /// original content is shown. The default implementation does nothing.
    open func serviceExtensionTimeWillExpire() {}
}
