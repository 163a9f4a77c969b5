// FirebaseMessaging: Firebase Messaging's extension API, under the module name an extension imports.
// The helper itself is SDKProfiles' (the built-in profile runs the same code); these are its names here.
public import SDKProfiles

/// Firebase's `Messaging`: `Messaging.serviceExtension()` (SDKProfiles' `Messaging`).
public typealias Messaging = SDKProfiles.Messaging

/// Firebase's extension helper: `populateNotificationContent(_:withContentHandler:)`.
public typealias MessagingExtensionHelper = SDKProfiles.MessagingExtensionHelper

/// The helper's Objective-C name.
public typealias FIRMessagingExtensionHelper = SDKProfiles.MessagingExtensionHelper
