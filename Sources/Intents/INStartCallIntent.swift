public import Foundation
public import UserNotifications

/// Where a call's audio goes.
public enum INCallAudioRoute: Int, Sendable {
    case unknown = 0
    case speakerphoneAudioRoute = 1
    case bluetoothAudioRoute = 2
}

/// What kind of number a call dials.
public enum INCallDestinationType: Int, Sendable {
    case unknown = 0
    case normal = 1
    case emergency = 2
    case voicemail = 3
    case redial = 4
    case callBack = 5
}

/// Whether a call is audio or video.
public enum INCallCapability: Int, Sendable {
    case unknown = 0
    case audioCall = 1
    case videoCall = 2
}

/// Which calls of the history an intent means, as Intents' `INCallRecordFilter`.
open class INCallRecordFilter: NSObject {
    /// The people in the calls.
    public let participants: [INPerson]?
    /// Whether audio or video.
    public let capability: INCallCapability

    /// A filter of calls with `participants` of `capability`.
    public init(participants: [INPerson]?, callTypes: Int, callCapability: INCallCapability) {
        _ = callTypes
        self.participants = participants
        capability = callCapability
        super.init()
    }
}

/// A call of the history, as Intents' `INCallRecord`.
open class INCallRecord: NSObject {
    /// The call's identifier.
    public let identifier: String

    /// A record of the call `identifier`.
    public init(identifier: String) {
        self.identifier = identifier
        super.init()
    }
}

/// A call to start, as Intents' `INStartCallIntent`: what a call's communication notification is updated
/// from (`content.updating(from: callIntent)`).
open class INStartCallIntent: INIntent, UNNotificationContentProviding {
    /// Which calls of the history it means.
    public let callRecordFilter: INCallRecordFilter?
    /// The call to call back.
    public let callRecordToCallBack: INCallRecord?
    /// Where the audio goes.
    public let audioRoute: INCallAudioRoute
    /// What kind of number it dials.
    public let destinationType: INCallDestinationType
    /// Who is called (or calling).
    public let contacts: [INPerson]?
    /// Audio or video.
    public let callCapability: INCallCapability

    /// A call, every field given (iOS 14.5).
    public init(
        callRecordFilter: INCallRecordFilter?, callRecordToCallBack: INCallRecord?, audioRoute: INCallAudioRoute,
        destinationType: INCallDestinationType, contacts: [INPerson]?, callCapability: INCallCapability
    ) {
        self.callRecordFilter = callRecordFilter
        self.callRecordToCallBack = callRecordToCallBack
        self.audioRoute = audioRoute
        self.destinationType = destinationType
        self.contacts = contacts
        self.callCapability = callCapability
        super.init()
    }

    /// The first contact's image (set with `setImage(_:forParameterNamed: \.contacts)` or the person's).
    open override func keyImage() -> INImage? {
        image(forParameterNamed: \.contacts) ?? contacts?.first?.image
    }
}
