public import Foundation

/// What kind of address an ``INPersonHandle`` is.
public enum INPersonHandleType: Int, Sendable {
    case unknown = 0
    case emailAddress = 1
    case phoneNumber = 2
}

/// The label of a handle (`_$!<Mobile>!$_`, ...), as Intents' `INPersonHandleLabel`.
public struct INPersonHandleLabel: RawRepresentable, Hashable, Sendable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let home = INPersonHandleLabel(rawValue: "_$!<Home>!$_")
    public static let work = INPersonHandleLabel(rawValue: "_$!<Work>!$_")
    public static let mobile = INPersonHandleLabel(rawValue: "_$!<Mobile>!$_")
    public static let main = INPersonHandleLabel(rawValue: "_$!<Main>!$_")
    public static let other = INPersonHandleLabel(rawValue: "_$!<Other>!$_")
}

/// How a person is reached: an address and its kind, as Intents' `INPersonHandle`.
open class INPersonHandle: NSObject {
    /// The address (an email, a phone number, an app's own user ID).
    public let value: String?
    /// What kind of address it is.
    public let type: INPersonHandleType
    /// Its label.
    public let label: INPersonHandleLabel?

    /// A handle of `value`, of `type`, labelled `label`.
    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?) {
        self.value = value
        self.type = type
        self.label = label
        super.init()
    }

    /// A handle of `value`, of `type`.
    public convenience init(value: String?, type: INPersonHandleType) {
        self.init(value: value, type: type, label: nil)
    }
}

/// What an app suggests a person is, as Intents' `INPersonSuggestionType`.
public enum INPersonSuggestionType: Int, Sendable {
    case none = 0
    case socialProfile = 1
    case instantMessageAddress = 2
}

/// A person in an intent (a message's sender or recipient), as Intents' `INPerson`.
open class INPerson: NSObject {
    /// How the person is reached.
    public let personHandle: INPersonHandle?
    /// The person's name, in parts.
    public let nameComponents: PersonNameComponents?
    /// The name the notification shows.
    public let displayName: String
    /// The person's image (the avatar a communication notification shows).
    public let image: INImage?
    /// The person's identifier in Contacts.
    public let contactIdentifier: String?
    /// The app's own identifier for the person.
    public let customIdentifier: String?
    /// Whether the person is the phone's user.
    public let isMe: Bool
    /// What the app suggests the person is.
    public let suggestionType: INPersonSuggestionType

    /// A person, every field given.
    public init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool, suggestionType: INPersonSuggestionType
    ) {
        self.personHandle = personHandle
        self.nameComponents = nameComponents
        self.displayName = displayName ?? personHandle.value ?? ""
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.isMe = isMe
        self.suggestionType = suggestionType
        super.init()
    }

    /// A person who may be the phone's user.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: isMe,
            suggestionType: .none)
    }

    /// A person who is not the phone's user.
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?
    ) {
        self.init(
            personHandle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: false,
            suggestionType: .none)
    }
}
