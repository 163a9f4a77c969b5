import UserNotifications

/// A content handler an SDK's helper was given, carried into its download's completion on the session's
/// queue.
///
/// `@unchecked Sendable`: iOS's handler may be called from any thread, and so may the host's (its
/// invocation lifecycle takes each call under its own lock); the helpers only call it.
struct ContentHandler: @unchecked Sendable {
    let call: (UNNotificationContent) -> Void

    init(_ call: @escaping (UNNotificationContent) -> Void) { self.call = call }

    func callAsFunction(_ content: UNNotificationContent) { call(content) }
}
