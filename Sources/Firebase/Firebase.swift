// Firebase: the umbrella module many CocoaPods apps import, here for its extension API: Firebase Messaging's.
@_exported public import FirebaseMessaging
