public import Foundation
import UserNotifications

/// Whether an interaction came to the user or went from them.
public enum INInteractionDirection: Int, Sendable {
    case unspecified = 0
    case outgoing = 1
    case incoming = 2
}

/// An intent that happened, donated to the system, as Intents' `INInteraction`: a communication
/// notification donates its message's before updating its content.
open class INInteraction: NSObject {
    /// The intent.
    public let intent: INIntent
    /// Its response.
    public let intentResponse: INIntentResponse?
    /// Whether it came to the user or went from them.
    open var direction: INInteractionDirection = .unspecified
    /// The interaction's identifier.
    open var identifier: String = UUID().uuidString
    /// How far handling the intent went.
    open var intentHandlingStatus: INIntentHandlingStatus = .unspecified
    /// The group (conversation) it belongs to.
    open var groupIdentifier: String?
    /// When it happened.
    open var dateInterval: DateInterval?

    /// An interaction of `intent` with `response`.
    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        self.intentResponse = response
        super.init()
    }

    /// Donates the interaction to the system; `completion` is called with nil on another thread, at once:
    /// what iOS does with a donation (Siri's suggestions, the share sheet) is not simulated, nor is the
    /// time its call to the system takes.
    open func donate(completion: (((any Error)?) -> Void)? = nil) {
        Self.completeLater(completion)
    }

    /// Donates the interaction to the system (async form): returns at once.
    open func donate() async throws {}

    /// Deletes the donated interactions with `identifiers`: nothing was kept, so nothing to delete;
    /// `completion` is called with nil on another thread.
    open class func delete(with identifiers: [String], completion: (((any Error)?) -> Void)? = nil) {
        _ = identifiers
        completeLater(completion)
    }

    /// Deletes the donated interactions of `groupIdentifier`, as deleting by identifiers does.
    open class func delete(with groupIdentifier: String, completion: (((any Error)?) -> Void)? = nil) {
        _ = groupIdentifier
        completeLater(completion)
    }

    /// Deletes every donated interaction, as deleting by identifiers does.
    open class func deleteAll(completion: (((any Error)?) -> Void)? = nil) {
        completeLater(completion)
    }

    private static func completeLater(_ completion: (((any Error)?) -> Void)?) {
        guard let completion else { return }
        let call = DonationCompletion(body: completion)
        DispatchQueue.global().async(execute: CallbackContext.carrying { call.body(nil) })
    }
}

/// How far handling an intent went, as Intents' `INIntentHandlingStatus`.
public enum INIntentHandlingStatus: Int, Sendable {
    case unspecified = 0
    case ready = 1
    case inProgress = 2
    case success = 3
    case failure = 4
    case deferredToApplication = 5
    case userConfirmationRequired = 6
}

/// A donation's completion, called once on another thread as iOS calls it.
///
/// `@unchecked Sendable`: Apple's `donate(completion:)` takes a closure that is not `@Sendable` and calls
/// it on a queue of its own; what the closure captures is the caller's to make safe there, as on iOS.
/// Nothing here reads or writes it but that one call.
private struct DonationCompletion: @unchecked Sendable {
    let body: ((any Error)?) -> Void
}
