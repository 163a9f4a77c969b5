/// Batch in the app's `NotificationService` as Batch's sample writes it (BatchLabs/Batch-iOS-SDK-Sample
/// `NotificationService/NotificationService.swift`): a subclass of ``BAENotificationServiceExtension``
/// with nothing of its own.
final class BatchProfile: BAENotificationServiceExtension, @unchecked Sendable {}
