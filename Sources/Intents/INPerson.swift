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
    public static let iPhone = INPersonHandleLabel(rawValue: "iPhone")
    public static let mobile = INPersonHandleLabel(rawValue: "_$!<Mobile>!$_")
    public static let main = INPersonHandleLabel(rawValue: "_$!<Main>!$_")
    public static let homeFax = INPersonHandleLabel(rawValue: "_$!<HomeFAX>!$_")
    public static let workFax = INPersonHandleLabel(rawValue: "_$!<WorkFAX>!$_")
    public static let pager = INPersonHandleLabel(rawValue: "_$!<Pager>!$_")
    public static let school = INPersonHandleLabel(rawValue: "_$!<School>!$_")
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

/// How a person relates to the user, as Intents' `INPersonRelationship`.
public struct INPersonRelationship: RawRepresentable, Hashable, Sendable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static let father = INPersonRelationship(rawValue: "father")
    public static let mother = INPersonRelationship(rawValue: "mother")
    public static let parent = INPersonRelationship(rawValue: "parent")
    public static let brother = INPersonRelationship(rawValue: "brother")
    public static let sister = INPersonRelationship(rawValue: "sister")
    public static let child = INPersonRelationship(rawValue: "child")
    public static let son = INPersonRelationship(rawValue: "son")
    public static let daughter = INPersonRelationship(rawValue: "daughter")
    public static let friend = INPersonRelationship(rawValue: "friend")
    public static let spouse = INPersonRelationship(rawValue: "spouse")
    public static let partner = INPersonRelationship(rawValue: "partner")
    public static let assistant = INPersonRelationship(rawValue: "assistant")
    public static let manager = INPersonRelationship(rawValue: "manager")
}

/// A person in an intent (a message's sender or recipient), as Intents' `INPerson`, with each of the
/// initializers iOS 10 to 15 added.
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
    /// Other handles the person is reached by.
    public let aliases: [INPersonHandle]?
    /// What the app suggests the person is.
    public let suggestionType: INPersonSuggestionType
    /// How the person relates to the user.
    public let relationship: INPersonRelationship?
    /// Whether the app suggests adding the person to Contacts.
    public let isContactSuggestion: Bool

    private init(
        handle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool = false, aliases: [INPersonHandle]? = nil,
        suggestionType: INPersonSuggestionType = .none, relationship: INPersonRelationship? = nil,
        isContactSuggestion: Bool = false
    ) {
        self.personHandle = handle
        self.nameComponents = nameComponents
        self.displayName = displayName ?? handle.value ?? ""
        self.image = image
        self.contactIdentifier = contactIdentifier
        self.customIdentifier = customIdentifier
        self.isMe = isMe
        self.aliases = aliases
        self.suggestionType = suggestionType
        self.relationship = relationship
        self.isContactSuggestion = isContactSuggestion
        super.init()
    }

    /// A person who is not the phone's user (iOS 10).
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?
    ) {
        self.init(
            handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier)
    }

    /// A person who may be the phone's user (iOS 11).
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool
    ) {
        self.init(
            handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: isMe)
    }

    /// A person with other handles and what the app suggests they are (iOS 12).
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, aliases: [INPersonHandle]?,
        suggestionType: INPersonSuggestionType
    ) {
        self.init(
            handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, aliases: aliases,
            suggestionType: suggestionType)
    }

    /// A person with how they relate to the user (iOS 14).
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, relationship: INPersonRelationship?
    ) {
        self.init(
            handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, relationship: relationship)
    }

    /// A person who may be the phone's user, with what the app suggests they are (iOS 15).
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isMe: Bool, suggestionType: INPersonSuggestionType
    ) {
        self.init(
            handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, isMe: isMe,
            suggestionType: suggestionType)
    }

    /// A person the app may suggest adding to Contacts (iOS 15).
    public convenience init(
        personHandle: INPersonHandle, nameComponents: PersonNameComponents?, displayName: String?, image: INImage?,
        contactIdentifier: String?, customIdentifier: String?, isContactSuggestion: Bool,
        suggestionType: INPersonSuggestionType
    ) {
        self.init(
            handle: personHandle, nameComponents: nameComponents, displayName: displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: customIdentifier, suggestionType: suggestionType,
            isContactSuggestion: isContactSuggestion)
    }
}
