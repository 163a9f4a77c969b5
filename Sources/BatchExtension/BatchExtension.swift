// BatchExtension: Batch's extension class, under the module name an extension imports.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
public import SDKProfiles

/// Batch's extension: `class NotificationService: BAENotificationServiceExtension {}`.
public typealias BAENotificationServiceExtension = SDKProfiles.BAENotificationServiceExtension
