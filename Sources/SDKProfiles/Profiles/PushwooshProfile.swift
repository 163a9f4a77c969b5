/// Pushwoosh in the app's `NotificationService` as its 7.1 documentation writes it
/// (`iOS_SDK/Pushwoosh/Public/PushwooshFramework.h`): a subclass of ``PushwooshNotificationServiceExtension``
/// with nothing of its own.
final class PushwooshProfile: PushwooshNotificationServiceExtension, @unchecked Sendable {}
