// AirshipServiceExtension: Airship's extension class, under the module name an extension imports (CocoaPods': AirshipServiceExtension; Swift package's: AirshipNotificationServiceExtension).
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
public import SDKProfiles

/// Airship's extension: `class NotificationService: UANotificationServiceExtension {}`.
public typealias UANotificationServiceExtension = SDKProfiles.UANotificationServiceExtension
