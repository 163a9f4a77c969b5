// IterableAppExtensions: Iterable's extension class, under the module name an extension imports.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
public import SDKProfiles

/// Iterable's extension: `class NotificationService: ITBNotificationServiceExtension {}`.
public typealias ITBNotificationServiceExtension = SDKProfiles.ITBNotificationServiceExtension
