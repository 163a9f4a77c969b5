public import UserNotifications

/// Batch's extension, which the app's `NotificationService` subclasses as it is
/// (`class NotificationService: BAENotificationServiceExtension {}`; BatchLabs/Batch-iOS-SDK-Extension v4
/// `Sources/Swift/SwiftPM/BAENotificationServiceExtension.swift`): it hands `didReceive` and
/// `serviceExtensionTimeWillExpire` to a ``RichNotificationHelper`` of its own, which says what Batch does.
///
/// `@unchecked Sendable`: its one stored property is an immutable, `Sendable` helper.
open class BAENotificationServiceExtension: UNNotificationServiceExtension, @unchecked Sendable {
    private let richNotificationHelper = RichNotificationHelper()

    /// Hands the request to the helper: its rich data appended, or the original.
    ///
    /// The handler is `@Sendable`, as in Apple's current SDK, so a subclass may restate the signature with or
    /// without it.
    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        richNotificationHelper.didReceive(request, withContentHandler: contentHandler)
    }

    /// Batch's is empty: nothing is delivered, and the original is shown.
    open override func serviceExtensionTimeWillExpire() {
        richNotificationHelper.serviceExtensionTimeWillExpire()
    }
}
