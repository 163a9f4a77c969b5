// Apple's CallKit on Linux: the one call a Notification Service Extension makes (iOS 14.5), handing an
// incoming VoIP call's payload to its app, so that a calling app's extension compiles and runs unchanged.
// The app's side (launching it, the call's screen) is not simulated: the report completes at once.
public import Foundation
import UserNotifications

/// CallKit's provider, as a Notification Service Extension uses it: to report an incoming VoIP call.
open class CXProvider: NSObject {
    /// Hands an incoming call's push payload to the app (iOS 14.5); `completion` is called with nil on
    /// another thread, at once.
    open class func reportNewIncomingVoIPPushPayload(
        _ dictionaryPayload: [AnyHashable: Any], completion: @escaping ((any Error)?) -> Void
    ) {
        _ = dictionaryPayload
        let call = ReportCompletion(body: completion)
        DispatchQueue.global().async(execute: CallbackContext.carrying { call.body(nil) })
    }

    /// Hands an incoming call's push payload to the app (async form): returns at once.
    open class func reportNewIncomingVoIPPushPayload(_ dictionaryPayload: [AnyHashable: Any]) async throws {
        _ = dictionaryPayload
    }
}

/// A report's completion, called once on another thread as iOS calls it.
///
/// `@unchecked Sendable`: Apple's completion is not `@Sendable` and is called on a queue of CallKit's own;
/// what the closure captures is the caller's to make safe there, as on iOS. Nothing else touches it.
private struct ReportCompletion: @unchecked Sendable {
    let body: ((any Error)?) -> Void
}
