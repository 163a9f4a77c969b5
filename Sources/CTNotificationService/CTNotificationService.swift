public import SDKProfiles
// CTNotificationService: CleverTap's extension class, under the module name an extension imports.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
// CleverTap's umbrella header imports UserNotifications, so `import CTNotificationService` alone reaches it.
@_exported public import UserNotifications

/// CleverTap's extension: `class NotificationService: CTNotificationServiceExtension`, calling `super.didReceive`.
public typealias CTNotificationServiceExtension = SDKProfiles.CTNotificationServiceExtension
