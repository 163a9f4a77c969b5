// KlaviyoSwiftExtension: Klaviyo's extension API, under the module name an extension imports.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
public import SDKProfiles

/// Klaviyo's `handleNotificationServiceDidReceivedRequest(request:bestAttemptContent:contentHandler:fallbackMediaType:)`
/// and `handleNotificationServiceExtensionTimeWillExpireRequest(request:bestAttemptContent:contentHandler:)`.
public typealias KlaviyoExtensionSDK = SDKProfiles.KlaviyoExtensionSDK
