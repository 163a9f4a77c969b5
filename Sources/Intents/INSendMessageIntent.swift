public import Foundation
public import UserNotifications

/// A request of Siri or the system, as Intents' `INIntent`; ``INSendMessageIntent`` is the one a
/// communication notification uses.
open class INIntent: NSObject {
    /// The intent's identifier.
    public let identifier: String? = UUID().uuidString
    /// A description for Siri's suggestions.
    open var suggestedInvocationPhrase: String?
    /// A description of the intent.
    open var intentDescription: String? { nil }
    /// What the donation says about the intent (a message's: ``INSendMessageIntentDonationMetadata``).
    open var donationMetadata: INIntentDonationMetadata?
    /// The images set for the intent's parameters, by parameter.
    var parameterImages: [AnyKeyPath: INImage] = [:]

    /// The image that represents the intent: a message's sender's (or its group's).
    open func keyImage() -> INImage? { nil }
}

/// What a donation says about its intent, as Intents' `INIntentDonationMetadata`.
open class INIntentDonationMetadata: NSObject {}

/// How an intent's parameter images are named by key path (`\.speakableGroupName`), as in Apple's overlay:
/// a protocol, so that `Self` is the intent's own class.
public protocol _INIntentSetImageKeyPath {}

extension INIntent: _INIntentSetImageKeyPath {}

extension _INIntentSetImageKeyPath where Self: INIntent {
    /// Sets the image for `parameterName` (`\.speakableGroupName`: a group conversation's picture).
    public func setImage<Value>(_ image: INImage?, forParameterNamed parameterName: KeyPath<Self, Value>) {
        parameterImages[parameterName] = image
    }

    /// The image set for `parameterName`, if any.
    public func image<Value>(forParameterNamed parameterName: KeyPath<Self, Value>) -> INImage? {
        parameterImages[parameterName]
    }
}

/// A response to an intent, as Intents' `INIntentResponse`.
open class INIntentResponse: NSObject {}

/// What kind of message is sent.
public enum INOutgoingMessageType: Int, Sendable {
    case unknown = 0
    case outgoingMessageText = 1
    case outgoingMessageAudio = 2
}

/// A name Siri can say (a group's name), as Intents' `INSpeakableString`.
open class INSpeakableString: NSObject {
    /// The phrase.
    public let spokenPhrase: String
    /// The app's identifier for it.
    public let vocabularyIdentifier: String?
    /// How to pronounce it.
    public let pronunciationHint: String?

    /// A speakable `spokenPhrase`.
    public init(spokenPhrase: String) {
        self.spokenPhrase = spokenPhrase
        vocabularyIdentifier = nil
        pronunciationHint = nil
        super.init()
    }

    /// A speakable `spokenPhrase` with its identifier and hint.
    public init(vocabularyIdentifier: String, spokenPhrase: String, pronunciationHint: String?) {
        self.spokenPhrase = spokenPhrase
        self.vocabularyIdentifier = vocabularyIdentifier
        self.pronunciationHint = pronunciationHint
        super.init()
    }
}

/// A file in an intent, as Intents' `INFile`: bytes or a file URL, with its name and type.
open class INFile: NSObject {
    /// The file's bytes, when made from them.
    public let data: Data?
    /// The file, when made from one.
    public let fileURL: URL?
    /// Its name.
    open var filename: String
    /// Its type identifier (`public.mpeg-4-audio`).
    public let typeIdentifier: String?

    /// A file of `data`'s bytes.
    public init(data: Data, filename: String, typeIdentifier: String?) {
        self.data = data
        fileURL = nil
        self.filename = filename
        self.typeIdentifier = typeIdentifier
        super.init()
    }

    /// The file at `fileURL`.
    public init(fileURL: URL, filename: String?, typeIdentifier: String?) {
        data = nil
        self.fileURL = fileURL
        self.filename = filename ?? fileURL.lastPathComponent
        self.typeIdentifier = typeIdentifier
        super.init()
    }
}

/// A file sent with a message (an audio message), as Intents' `INSendMessageAttachment`.
open class INSendMessageAttachment: NSObject {
    /// The audio message's file.
    public let audioMessageFile: INFile?

    /// An attachment of an audio message.
    public init(audioMessageFile: INFile) {
        self.audioMessageFile = audioMessageFile
        super.init()
    }
}

/// How a message concerns the phone's user, for the notification's prominence (iOS 15).
open class INSendMessageIntentDonationMetadata: INIntentDonationMetadata {
    /// Whether the message mentions the user.
    open var mentionsCurrentUser = false
    /// Whether it replies to the user.
    open var isReplyToCurrentUser = false
    /// Whether to notify even when the conversation is muted.
    open var notifyRecipientAnyway = false
    /// How many recipients the message has.
    open var recipientCount = 0

    public override init() {
        super.init()
    }
}

/// A message and its sender, as Intents' `INSendMessageIntent`: what a communication notification is
/// updated from (`content.updating(from: intent)`).
open class INSendMessageIntent: INIntent, UNNotificationContentProviding {
    /// The message's recipients (more than one: a group).
    public let recipients: [INPerson]?
    /// What kind of message it is.
    public let outgoingMessageType: INOutgoingMessageType
    /// The message's text.
    public let content: String?
    /// The group's name.
    public let speakableGroupName: INSpeakableString?
    /// The conversation's identifier.
    public let conversationIdentifier: String?
    /// The service (an app's own name for its network).
    public let serviceName: String?
    /// Who sent the message.
    public let sender: INPerson?
    /// The files sent with it.
    public let attachments: [INSendMessageAttachment]?
    /// The group's name, as text (before iOS 11's ``speakableGroupName``).
    public var groupName: String? { speakableGroupName?.spokenPhrase }

    /// An intent for a message, every field given (iOS 14.0).
    public init(
        recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
        speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?,
        sender: INPerson?,
        attachments: [INSendMessageAttachment]?
    ) {
        self.recipients = recipients
        self.outgoingMessageType = outgoingMessageType
        self.content = content
        self.speakableGroupName = speakableGroupName
        self.conversationIdentifier = conversationIdentifier
        self.serviceName = serviceName
        self.sender = sender
        self.attachments = attachments
        super.init()
    }

    /// An intent for a message of `outgoingMessageType` (iOS 14.0's form, without attachments).
    public convenience init(
        recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
        speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?, sender: INPerson?
    ) {
        self.init(
            recipients: recipients, outgoingMessageType: outgoingMessageType, content: content,
            speakableGroupName: speakableGroupName, conversationIdentifier: conversationIdentifier,
            serviceName: serviceName, sender: sender, attachments: nil)
    }

    /// The sender's image, else the group's (set with `setImage(_:forParameterNamed: \.speakableGroupName)`).
    open override func keyImage() -> INImage? {
        sender?.image ?? image(forParameterNamed: \.speakableGroupName)
    }

    /// An intent for a text message (iOS 11 to 14's form).
    public convenience init(
        recipients: [INPerson]?, content: String?, speakableGroupName: INSpeakableString?,
        conversationIdentifier: String?, serviceName: String?, sender: INPerson?
    ) {
        self.init(
            recipients: recipients, outgoingMessageType: .outgoingMessageText, content: content,
            speakableGroupName: speakableGroupName, conversationIdentifier: conversationIdentifier,
            serviceName: serviceName, sender: sender, attachments: nil)
    }
}
