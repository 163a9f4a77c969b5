import UserNotifications

/// Customer.io in the app's `NotificationService` as Customer.io's sample writes it
/// (customerio/customerio-ios `Apps/APN-UIKit/NotificationServiceExtension/NotificationService.swift`):
/// initialize the module for the extension, hand `didReceive` to ``MessagingPush``, and on expiry
/// ``MessagingPush/serviceExtensionTimeWillExpire()``. What Customer.io does with the push is
/// ``CustomerIORichPush``'s: the image, the delivered metric in parallel, the handler after both.
///
/// `@unchecked Sendable`: it keeps no state; ``MessagingPush`` keeps the pushes under its lock.
final class CustomerIOProfile: UNNotificationServiceExtension, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        MessagingPushAPN.initializeForExtension(
            withConfig: MessagingPushConfigBuilder(cdpApiKey: "nse-bench").logLevel(.debug).build())
        MessagingPush.shared.didReceive(request, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        MessagingPush.shared.serviceExtensionTimeWillExpire()
    }
}
