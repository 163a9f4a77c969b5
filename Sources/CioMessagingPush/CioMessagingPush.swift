// CioMessagingPush: Customer.io's module shared by its APNs and Firebase modules, under the module name an
// extension imports. The helper itself is SDKProfiles' (the built-in profile runs the same code).
public import SDKProfiles

/// `MessagingPush.initializeForExtension(withConfig:)`, `MessagingPush.shared.didReceive(_:withContentHandler:)`
/// and `serviceExtensionTimeWillExpire()`.
public typealias MessagingPush = SDKProfiles.MessagingPush

/// What `initializeForExtension` returns.
public typealias MessagingPushInstance = SDKProfiles.MessagingPushInstance

/// The configuration's builder: `MessagingPushConfigBuilder(cdpApiKey:)`.
public typealias MessagingPushConfigBuilder = SDKProfiles.MessagingPushConfigBuilder

/// The configuration `build()` gives.
public typealias MessagingPushConfigOptions = SDKProfiles.MessagingPushConfigOptions
