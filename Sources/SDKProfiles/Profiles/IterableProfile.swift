/// Iterable in the app's `NotificationService` as Iterable's sample app writes it
/// (`sample-apps/swift-sample-app/swift-sample-app-notification-extension/NotificationService.swift`): a
/// subclass of ``ITBNotificationServiceExtension`` with nothing of its own.
final class IterableProfile: ITBNotificationServiceExtension, @unchecked Sendable {}
