/// Airship in the app's `NotificationService` as Airship's README writes it: a subclass of
/// ``UANotificationServiceExtension`` with nothing of its own.
final class AirshipProfile: UANotificationServiceExtension, @unchecked Sendable {}
