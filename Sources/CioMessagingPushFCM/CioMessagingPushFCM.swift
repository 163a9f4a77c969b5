// CioMessagingPushFCM: Customer.io's Firebase module, under the module name an extension imports.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here,
// as Customer.io's `Aliases.swift` exposes them so that an app needs this one import.
public import SDKProfiles

/// `MessagingPushFCM.initializeForExtension(withConfig:)`.
public typealias MessagingPushFCM = SDKProfiles.MessagingPushFCM

/// `MessagingPush.shared.didReceive(_:withContentHandler:)` and `serviceExtensionTimeWillExpire()`.
public typealias MessagingPush = SDKProfiles.MessagingPush

/// The configuration's builder: `MessagingPushConfigBuilder(cdpApiKey:)`.
public typealias MessagingPushConfigBuilder = SDKProfiles.MessagingPushConfigBuilder

/// The configuration `build()` gives.
public typealias MessagingPushConfigOptions = SDKProfiles.MessagingPushConfigOptions
