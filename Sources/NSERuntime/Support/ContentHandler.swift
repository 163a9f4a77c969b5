public import UserNotifications

/// The content handler iOS passes to `didReceive`, callable from any thread.
///
/// `@unchecked Sendable`: iOS's handler may be called from any thread (extensions call it from
/// `URLSession` delegate queues), and the nse-bench host's handler serialises every call under its
/// invocation's `Mutex`. Built-in extensions keep the handler in this box to call it from their tasks.
public struct ContentHandler: @unchecked Sendable {
    private let handler: (UNNotificationContent) -> Void

    /// Wraps the handler `didReceive` received.
    public init(_ handler: @escaping (UNNotificationContent) -> Void) {
        self.handler = handler
    }

    /// Calls the handler with `content`.
    public func callAsFunction(_ content: UNNotificationContent) {
        handler(content)
    }
}
