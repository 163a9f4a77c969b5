// CleverTapSDK: the part of CleverTap's SDK an extension calls (the viewed event), under its module name.
// The code itself is SDKProfiles'; these are its names here.
public import SDKProfiles

/// CleverTap's SDK: `CleverTap.sharedInstance()?.recordNotificationViewedEvent(withData: request.content.userInfo)`.
public typealias CleverTap = SDKProfiles.CleverTap

/// CleverTap's log levels, for `CleverTap.setDebugLevel(CleverTapLogLevel.debug.rawValue)`.
public typealias CleverTapLogLevel = SDKProfiles.CleverTapLogLevel
