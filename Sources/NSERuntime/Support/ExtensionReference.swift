import UserNotifications

/// An extension instance passed between the host's threads.
///
/// `@unchecked Sendable` without a lock, on purpose: iOS itself calls one extension from several threads
/// (`didReceive` on one, `serviceExtensionTimeWillExpire` on another), and `UNNotificationServiceExtension`
/// documents that an extension's state is its own to guard. The host only calls the instance's methods;
/// it never reads or writes its state.
struct ExtensionReference: @unchecked Sendable {
    let instance: UNNotificationServiceExtension
}
