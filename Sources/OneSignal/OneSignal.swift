// OneSignal: the module OneSignal's SDK before v5 gave extensions (`import OneSignal`), for its extension API,
// whose class methods kept their names in v5's OneSignalExtension.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); this is its name here.
public import SDKProfiles

/// OneSignal's `didReceiveNotificationExtensionRequest(_:with:withContentHandler:)`, its two-argument form and
/// `serviceExtensionTimeWillExpireRequest(_:with:)`, as v3 and v4 spell them (SDKProfiles' `OneSignalExtension`).
public typealias OneSignal = SDKProfiles.OneSignalExtension
