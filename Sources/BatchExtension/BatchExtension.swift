// BatchExtension: Batch's extension class, under the module name an extension imports.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
public import SDKProfiles

/// Batch's extension: `class NotificationService: BAENotificationServiceExtension {}`.
public typealias BAENotificationServiceExtension = SDKProfiles.BAENotificationServiceExtension

/// Batch's helper, for an app that keeps its own extension: `RichNotificationHelper().didReceive(...)`,
/// `appendRichData(toContent:completionHandler:)`, `RichNotificationHelper.allowInLowDataMode`.
public typealias RichNotificationHelper = SDKProfiles.RichNotificationHelper

/// The helper's Objective-C name.
public typealias BAERichNotificationHelper = SDKProfiles.RichNotificationHelper

/// Why the helper handed the content back without rich data.
public typealias RichDataError = SDKProfiles.RichDataError
