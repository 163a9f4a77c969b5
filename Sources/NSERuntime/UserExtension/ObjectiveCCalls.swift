import SDKProfiles

/// The Objective-C messages a translated extension may send (``ObjectiveCTranslation``), each with its Swift
/// spelling: the push SDKs' calls as their Objective-C guides write them, and the few of Foundation and
/// UserNotifications that Xcode's template and those guides use. A message not here is named and refused,
/// never guessed: the Swift importer renames selectors (`withMutableNotificationContent:` is `with:`), so
/// only a table can say what each one is in Swift.
enum ObjectiveCCalls {
    /// The type of a translated expression, as far as a translation needs it.
    enum ValueType: Sendable, Hashable {
        /// A class, named (`OneSignal`), as the receiver of its class methods.
        case classObject(String)
        /// An instance of the class named; `optional` when a Swift optional (a message to it is `?.`).
        case object(String, optional: Bool = false)
        /// A block.
        case block
        /// A BOOL.
        case bool
        /// What a call returns that nothing may read (`void`).
        case void
    }

    /// A message's Swift spelling: `$r` is the receiver, `$0`, `$1`, ... the arguments, `$*` the variadic
    /// ones after them.
    struct Call: Sendable, Hashable {
        var swift: String
        var result: ValueType
        /// The Swift module the spelling needs, if any.
        var module: String?
        /// The push SDK whose call it is, for payloads' media fields.
        var sdk: SDKProfile?

        /// The Swift of this call: `$r` given `receiver`, `$0`, `$1`, ... the `arguments`, `$*` the
        /// `variadic` ones, each after a comma. One pass, so that an argument's own text (a string holding
        /// `$1`) is never read as a placeholder.
        func spelled(receiver: String, arguments: [String], variadic: [String]) -> String {
            var result = ""
            var characters = swift[...]
            while let first = characters.first {
                characters = characters.dropFirst()
                guard first == "$", let next = characters.first else {
                    result.append(first)
                    continue
                }
                if next == "r" {
                    result += receiver
                } else if next == "*" {
                    result += variadic.map { ", " + $0 }.joined()
                } else if let index = next.wholeNumberValue, index < arguments.count {
                    result += arguments[index]
                } else {
                    result.append(first)
                    continue
                }
                characters = characters.dropFirst()
            }
            return result
        }
    }

    /// What a push SDK's Objective-C class keeps in a private property `name` (declared in its `.m`'s class
    /// extension) that a subclass reaches by redeclaring the property (`@property ... contentHandler;` in its
    /// header, as CleverTap's samples do): the accessor of nse-bench's stand-in that reads it, and its type.
    /// Reads only: the stand-in's best attempt is a copy taken under its lock.
    static func redeclarable(_ name: String, of base: String) -> (swift: String, type: ValueType)? {
        guard base == "CTNotificationServiceExtension" else { return nil }
        return switch name {
        case "contentHandler": ("objectiveCContentHandler", .block)
        case "bestAttemptContent": ("objectiveCBestAttemptContent", .object("UNMutableNotificationContent"))
        default: nil
        }
    }

    /// Whether `name` is a class whose class methods the table knows.
    static func isKnownClass(_ name: String) -> Bool { classMethods[name] != nil }

    /// The properties of mutable content an extension may set.
    static let settableProperties: Set<String> = [
        "title", "subtitle", "body", "categoryIdentifier", "threadIdentifier", "launchImageName",
    ]

    /// The Swift spelling of `selector` sent to a receiver of `type`; nil for a message nse-bench does not
    /// know.
    static func call(_ selector: String, to type: ValueType) -> Call? {
        switch type {
        case .classObject(let name): classMethods[name]?[selector]
        case .object(let name, _): instanceMethods[name]?[selector]
        case .block, .bool, .void: nil
        }
    }

    /// The properties of UserNotifications' and Foundation's objects a translation may read and set: Swift
    /// keeps their Objective-C names.
    static func property(_ name: String, of type: String) -> ValueType? {
        properties[type]?[name]
            ?? (type == "UNMutableNotificationContent" ? properties["UNNotificationContent"]?[name] : nil)
    }

    /// The Objective-C types a property may be declared with, by their Swift names.
    static let propertyTypes: [String: String] = [
        "UNNotificationRequest": "UNNotificationRequest", "UNNotificationContent": "UNNotificationContent",
        "UNMutableNotificationContent": "UNMutableNotificationContent", "NSString": "String", "NSURL": "URL",
        "NSDictionary": "[AnyHashable: Any]",
    ]

    private static let properties: [String: [String: ValueType]] = [
        "UNNotificationRequest": [
            "content": .object("UNNotificationContent"), "identifier": .object("NSString"),
        ],
        "UNNotificationContent": [
            "userInfo": .object("NSDictionary"), "title": .object("NSString"), "subtitle": .object("NSString"),
            "body": .object("NSString"), "categoryIdentifier": .object("NSString"),
            "threadIdentifier": .object("NSString"), "launchImageName": .object("NSString"),
            "attachments": .object("NSArray"),
        ],
    ]

    /// OneSignal's class methods, on the class spelled `receiver` in Swift, from `module`.
    private static func oneSignal(_ receiver: String, module: String) -> [String: Call] {
        [
            "didReceiveNotificationExtensionRequest:withMutableNotificationContent:withContentHandler:": Call(
                swift: "\(receiver).didReceiveNotificationExtensionRequest($0, with: $1, withContentHandler: $2)",
                result: .object("UNMutableNotificationContent"), module: module, sdk: .onesignal),
            "didReceiveNotificationExtensionRequest:withMutableNotificationContent:": Call(
                swift: "\(receiver).didReceiveNotificationExtensionRequest($0, with: $1)",
                result: .object("UNMutableNotificationContent"), module: module, sdk: .onesignal),
            "serviceExtensionTimeWillExpireRequest:withMutableNotificationContent:": Call(
                swift: "\(receiver).serviceExtensionTimeWillExpireRequest($0, with: $1)",
                result: .object("UNMutableNotificationContent"), module: module, sdk: .onesignal),
        ]
    }

    private static let classMethods: [String: [String: Call]] = [
        // OneSignal's guides before v5 (`#import <OneSignal/OneSignal.h>`), and v5's OneSignalExtension.
        "OneSignal": oneSignal("OneSignal", module: "OneSignal"),
        "OneSignalExtension": oneSignal("OneSignalExtension", module: "OneSignalExtension"),
        "FIRMessaging": [
            "extensionHelper": Call(
                swift: "Messaging.serviceExtension()", result: .object("FIRMessagingExtensionHelper"),
                module: "FirebaseMessaging", sdk: .firebase)
        ],
        // React Native's pod defines no Swift module: the helper is SDKProfiles', as the `notifee` profile's.
        "NotifeeExtensionHelper": [
            "populateNotificationContent:withContent:withContentHandler:": Call(
                swift: "NotifeeExtensionHelper.populateNotificationContent($0, with: $1, withContentHandler: $2)",
                result: .void, module: "SDKProfiles", sdk: .notifee)
        ],
        "CleverTap": [
            "sharedInstance": Call(
                swift: "CleverTap.sharedInstance()", result: .object("CleverTap", optional: true),
                module: "CleverTapSDK"),
            "setDebugLevel:": Call(swift: "CleverTap.setDebugLevel($0)", result: .void, module: "CleverTapSDK"),
        ],
        "NSString": [
            "stringWithFormat:": Call(swift: "String(format: $0$*)", result: .object("NSString"))
        ],
    ]

    private static let instanceMethods: [String: [String: Call]] = [
        "FIRMessagingExtensionHelper": [
            "populateNotificationContent:withContentHandler:": Call(
                swift: "$r.populateNotificationContent($0, withContentHandler: $1)", result: .void, sdk: .firebase)
        ],
        "CleverTap": [
            "recordNotificationViewedEventWithData:": Call(
                swift: "$r.recordNotificationViewedEvent(withData: $0)", result: .void, module: "CleverTapSDK")
        ],
        "UNNotificationContent": [
            "mutableCopy": Call(
                swift: "($r.mutableCopy() as! UNMutableNotificationContent)",
                result: .object("UNMutableNotificationContent"))
        ],
        "UNMutableNotificationContent": [
            "mutableCopy": Call(
                swift: "($r.mutableCopy() as! UNMutableNotificationContent)",
                result: .object("UNMutableNotificationContent"))
        ],
    ]
}
