public import SDKProfiles
// PushwooshFramework: Pushwoosh's extension class and manager, under the module name an extension imports (6.7.3 and later).
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
// Pushwoosh's umbrella header imports UserNotifications, so `import PushwooshFramework` alone reaches it.
@_exported public import UserNotifications

/// Pushwoosh's extension (7.1 and later): `class NotificationService: PushwooshNotificationServiceExtension {}`.
public typealias PushwooshNotificationServiceExtension = SDKProfiles.PushwooshNotificationServiceExtension

/// Pushwoosh's manager, for extensions before 7.1: `PWNotificationExtensionManager.shared().handle(request, contentHandler: contentHandler)`.
public typealias PWNotificationExtensionManager = SDKProfiles.PWNotificationExtensionManager
