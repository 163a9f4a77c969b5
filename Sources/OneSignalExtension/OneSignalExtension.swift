// OneSignalExtension: OneSignal v5's extension API, under the module name an extension imports.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
public import SDKProfiles

/// OneSignal's `didReceiveNotificationExtensionRequest(_:with:withContentHandler:)` and
/// `serviceExtensionTimeWillExpireRequest(_:with:)` (SDKProfiles' `OneSignalExtension`).
public typealias OneSignalExtension = SDKProfiles.OneSignalExtension
