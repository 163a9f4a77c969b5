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
        /// An integer (`NSUInteger`, a literal).
        case integer
        /// What a call returns that nothing may read (`void`).
        case void
        /// `&name`, the address of the `NSError *` local `name`: a throwing message's last argument.
        case errorOut(String)
        /// A C constant (`NSCachesDirectory`), which only a function takes.
        case constant

        /// Whether it is an object, which may be nil.
        var isObject: Bool {
            if case .object = self { return true }
            return false
        }
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
        /// The arguments Swift takes as optionals; any other argument that may be nil is unwrapped (`!`), as
        /// the method's Objective-C would fail on nil, and a literal `nil` there is refused.
        var optionalArguments: Set<Int> = []
        /// For each argument that is a block, the Objective-C types of the block's parameters, which a block
        /// literal passed there must declare.
        var blockParameters: [Int: [String]] = [:]
        /// Whether the Swift throws where the Objective-C sets its last argument (`error:`, not in `swift`):
        /// `nil` there is `try?`, `&error` sets the local from what was thrown.
        var throwing = false
        /// The classes of the arguments whose Swift takes one class: an `id` passed there is cast to it.
        var parameterClasses: [Int: String] = [:]
        /// Whether the variadic arguments are a format's (`stringWithFormat:`), each a string or an integer.
        var formats = false
        /// For each argument that is an array or a set, the Swift type of its elements: an array or a set
        /// made or kept in a variable (`[Any]`, `Set<AnyHashable>`) is cast to it.
        var collectionElements: [Int: String] = [:]
        /// Whether it does something beyond answering though it answers a value (a write, a download), as a call
        /// answering nothing or a throwing one does: Objective-C evaluates it as an argument even for a nil
        /// receiver.
        var acts = false
        /// Whether the arguments are a list ending at its first nil (`initWithObjects:a, b, nil`), `$*` in
        /// `swift` being the Swift array of those before it.
        var nilTerminated = false

        /// How many arguments the Swift takes (`$0`, `$1`, ...).
        var argumentCount: Int {
            (0..<10).filter { swift.contains("$\($0)") }.count
        }

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
        "title", "subtitle", "body", "categoryIdentifier", "threadIdentifier", "launchImageName", "attachments",
        "userInfo",
    ]

    /// The Swift spelling of `selector` sent to a receiver of `type`, or to an instance of a class it derives
    /// from; nil for a message nse-bench does not know.
    static func call(_ selector: String, to type: ValueType) -> Call? {
        switch type {
        case .classObject(let name): classMethods[name]?[selector]
        case .object(let name, _): lineage(of: name).lazy.compactMap { instanceMethods[$0]?[selector] }.first
        case .block, .bool, .integer, .void, .errorOut, .constant: nil
        }
    }

    /// The property `name` of an instance of `type` (or of a class it derives from), which a translation may
    /// read: its Swift spelling (`$r` the receiver) and type; nil for one nse-bench does not know.
    static func property(_ name: String, of type: String) -> Call? {
        lineage(of: type).lazy.compactMap { properties[$0]?[name] }.first
    }

    /// `name` and the classes it derives from, nearest first.
    static func lineage(of name: String) -> [String] {
        var classes = [name]
        while let base = superclasses[classes[classes.count - 1]] { classes.append(base) }
        return classes
    }

    /// Whether a value of class `type` may be kept in a variable of class `declared`: the same class, one
    /// deriving from it, or `id`.
    static func isAssignable(_ type: String, to declared: String) -> Bool {
        declared == "id" || lineage(of: type).contains(declared)
    }

    /// The C functions a translation may call, with their Swift spelling and what they return.
    static let functions: [String: Call] = [
        // The extension's module shadows both with the phone's folders (``PhoneFolders``), as for Swift.
        "NSTemporaryDirectory": Call(swift: "NSTemporaryDirectory()", result: .object("NSString")),
        "NSSearchPathForDirectoriesInDomains": Call(
            swift: "NSSearchPathForDirectoriesInDomains($0, $1, $2)", result: .object(stringArray)),
    ]

    /// The class of an array of strings (what `NSSearchPathForDirectoriesInDomains` returns), which no
    /// declaration names: a translation sends it messages but keeps it in no variable.
    static let stringArray = "NSArray<NSString *>"

    /// The C constants a translation may pass, with their Swift spelling.
    static let constants: [String: String] = [
        "UNNotificationActionOptionNone": "[]",
        "UNNotificationActionOptionAuthenticationRequired": ".authenticationRequired",
        "UNNotificationActionOptionDestructive": ".destructive", "UNNotificationActionOptionForeground": ".foreground",
        "UNNotificationCategoryOptionNone": "[]",
        "UNNotificationCategoryOptionCustomDismissAction": ".customDismissAction",
        "UNNotificationCategoryOptionAllowInCarPlay": ".allowInCarPlay",
        "NSCachesDirectory": ".cachesDirectory", "NSDocumentDirectory": ".documentDirectory",
        "NSLibraryDirectory": ".libraryDirectory", "NSApplicationSupportDirectory": ".applicationSupportDirectory",
        "NSUserDomainMask": ".userDomainMask",
    ]

    /// The Objective-C classes a property, a local variable or a block's parameter may be declared with, by
    /// their Swift names: UserNotifications' and those of a media download.
    static let objectTypes: [String: String] = [
        "UNNotificationRequest": "UNNotificationRequest", "UNNotificationContent": "UNNotificationContent",
        "UNMutableNotificationContent": "UNMutableNotificationContent", "NSString": "String", "NSURL": "URL",
        "NSDictionary": "[AnyHashable: Any]", "id": "Any", "NSData": "Data", "NSError": "Error",
        "NSURLResponse": "URLResponse", "NSHTTPURLResponse": "HTTPURLResponse", "NSURLSession": "URLSession",
        "NSURLSessionConfiguration": "URLSessionConfiguration", "NSURLSessionTask": "URLSessionTask",
        "NSURLSessionDownloadTask": "URLSessionDownloadTask", "NSURLSessionDataTask": "URLSessionDataTask",
        "NSFileManager": "FileManager", "NSUUID": "UUID", "UNNotificationAttachment": "UNNotificationAttachment",
        "NSArray": "[Any]", "NSSet": "Set<AnyHashable>",
        // Foundation's class, not Swift's value type: a change through one variable is seen through another
        // and by a block holding it, as in Objective-C.
        "NSMutableDictionary": "NSMutableDictionary", "UNNotificationAction": "UNNotificationAction",
        "UNTextInputNotificationAction": "UNTextInputNotificationAction",
        "UNNotificationCategory": "UNNotificationCategory", "UNUserNotificationCenter": "UNUserNotificationCenter",
    ]

    /// The class each class derives from, where a translation reads or sends what the base declares.
    private static let superclasses: [String: String] = [
        "UNMutableNotificationContent": "UNNotificationContent", "NSHTTPURLResponse": "NSURLResponse",
        "NSURLSessionDownloadTask": "NSURLSessionTask", "NSURLSessionDataTask": "NSURLSessionTask",
        "UNTextInputNotificationAction": "UNNotificationAction", "NSMutableDictionary": "NSDictionary",
    ]

    /// A property read as the Swift member `member`.
    private static func member(_ member: String, _ type: ValueType) -> Call {
        Call(swift: "$r.\(member)", result: type)
    }

    private static let properties: [String: [String: Call]] = [
        "UNNotificationRequest": [
            "content": member("content", .object("UNNotificationContent")),
            "identifier": member("identifier", .object("NSString")),
        ],
        "UNNotificationContent": [
            "userInfo": member("userInfo", .object("NSDictionary")), "title": member("title", .object("NSString")),
            "subtitle": member("subtitle", .object("NSString")), "body": member("body", .object("NSString")),
            "categoryIdentifier": member("categoryIdentifier", .object("NSString")),
            "threadIdentifier": member("threadIdentifier", .object("NSString")),
            "launchImageName": member("launchImageName", .object("NSString")),
            "attachments": member("attachments", .object("NSArray")),
        ],
        "NSURL": [
            "absoluteString": member("absoluteString", .object("NSString")),
            "path": member("path", .object("NSString")),
            "lastPathComponent": member("lastPathComponent", .object("NSString")),
            "pathExtension": member("pathExtension", .object("NSString")),
        ],
        "NSString": [
            "lastPathComponent": Call(swift: "NSString(string: $r).lastPathComponent", result: .object("NSString")),
            "pathExtension": Call(swift: "NSString(string: $r).pathExtension", result: .object("NSString")),
            // UTF-16 units, as NSString counts.
            "length": Call(swift: "NSString(string: $r).length", result: .integer),
        ],
        "NSData": ["length": member("count", .integer)],
        "NSURLResponse": [
            "MIMEType": member("mimeType", .object("NSString", optional: true)),
            "suggestedFilename": member("suggestedFilename", .object("NSString", optional: true)),
        ],
        "NSError": ["localizedDescription": member("localizedDescription", .object("NSString"))],
        "NSUUID": ["UUIDString": member("uuidString", .object("NSString"))],
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
            "stringWithFormat:": Call(swift: "String(format: $0$*)", result: .object("NSString"), formats: true)
        ],
        // A media download, as Objective-C extensions write one.
        "NSURL": [
            // nil for nil or a string that is no URL, as in Objective-C.
            "URLWithString:": Call(
                swift: "($0 as String?).flatMap { string in URL(string: string) }",
                result: .object("NSURL", optional: true), optionalArguments: [0], parameterClasses: [0: "NSString"]),
            "fileURLWithPath:": Call(
                swift: "URL(fileURLWithPath: $0)", result: .object("NSURL"), parameterClasses: [0: "NSString"]),
        ],
        "NSURLSession": [
            // The module's URLSession: each phone's own, timed (``GeneratedShadow``), as for Swift.
            "sharedSession": Call(swift: "URLSession.shared", result: .object("NSURLSession")),
            "sessionWithConfiguration:": Call(
                swift: "URLSession(configuration: $0)", result: .object("NSURLSession")),
        ],
        "NSURLSessionConfiguration": [
            "defaultSessionConfiguration": Call(
                swift: "URLSessionConfiguration.default", result: .object("NSURLSessionConfiguration")),
            "ephemeralSessionConfiguration": Call(
                swift: "URLSessionConfiguration.ephemeral", result: .object("NSURLSessionConfiguration")),
        ],
        "NSFileManager": [
            "defaultManager": Call(swift: "FileManager.default", result: .object("NSFileManager"))
        ],
        "NSUUID": ["UUID": Call(swift: "UUID()", result: .object("NSUUID"))],
        "NSData": [
            "dataWithContentsOfURL:": Call(
                swift: "(try? Data(contentsOf: $0))", result: .object("NSData", optional: true), acts: true)
        ],
        // A category of actions the extension registers, as many do.
        "UNNotificationAction": [
            "actionWithIdentifier:title:options:": Call(
                swift: "UNNotificationAction(identifier: $0, title: $1, options: $2)",
                result: .object("UNNotificationAction"))
        ],
        "UNTextInputNotificationAction": [
            "actionWithIdentifier:title:options:textInputButtonTitle:textInputPlaceholder:": Call(
                swift:
                    "UNTextInputNotificationAction(identifier: $0, title: $1, options: $2, textInputButtonTitle: $3, textInputPlaceholder: $4)",
                result: .object("UNTextInputNotificationAction"))
        ],
        "UNNotificationCategory": [
            "categoryWithIdentifier:actions:intentIdentifiers:options:": Call(
                swift: "UNNotificationCategory(identifier: $0, actions: $1, intentIdentifiers: $2, options: $3)",
                result: .object("UNNotificationCategory"),
                collectionElements: [1: "UNNotificationAction", 2: "String"])
        ],
        "UNUserNotificationCenter": [
            "currentNotificationCenter": Call(
                swift: "UNUserNotificationCenter.current()", result: .object("UNUserNotificationCenter"))
        ],
        "NSArray": [
            // Objective-C raises on nil, as the translation crashes.
            "arrayWithObject:": Call(swift: "[$0]", result: .object("NSArray")),
            // The objects before the first nil, as Objective-C reads the list.
            "arrayWithObjects:": Call(swift: "$*", result: .object("NSArray"), nilTerminated: true),
            "alloc": Call(swift: "", result: .object(allocatedArray)),
        ],
        "NSSet": [
            "setWithObject:": Call(swift: "Set<AnyHashable>([$0])", result: .object("NSSet")),
            "setWithObjects:": Call(
                swift: "Set($*.map { object in object as! AnyHashable })", result: .object("NSSet"), nilTerminated: true
            ),
        ],
        "UNNotificationAttachment": [
            "attachmentWithIdentifier:URL:options:error:": Call(
                swift: "UNNotificationAttachment(identifier: $0, url: $1, options: $2)",
                result: .object("UNNotificationAttachment", optional: true), optionalArguments: [2], throwing: true)
        ],
    ]

    /// The parameters of NSURLSession's completion handlers.
    private static let downloaded = ["NSURL", "NSURLResponse", "NSError"]
    private static let received = ["NSData", "NSURLResponse", "NSError"]

    /// What `[NSArray alloc]` answers, which only `init...` may be sent.
    static let allocatedArray = "NSArray (allocated)"

    private static let instanceMethods: [String: [String: Call]] = [
        allocatedArray: [
            "initWithObjects:": Call(swift: "$*", result: .object("NSArray"), nilTerminated: true),
            "initWithArray:": Call(swift: "$0", result: .object("NSArray")),
        ],
        "NSArray": ["count": Call(swift: "$r.count", result: .integer)],
        "NSMutableDictionary": [
            "mutableCopy": Call(
                swift: "($r.mutableCopy() as! NSMutableDictionary)", result: .object("NSMutableDictionary")),
            "setObject:forKey:": Call(swift: "$r.setObject($0, forKey: $1)", result: .void),
            "removeObjectForKey:": Call(swift: "$r.removeObject(forKey: $0)", result: .void),
        ],
        "UNUserNotificationCenter": [
            "setNotificationCategories:": Call(
                swift: "$r.setNotificationCategories($0)", result: .void,
                collectionElements: [0: "UNNotificationCategory"])
        ],
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
        stringArray: [
            // nil for an empty array, as in Objective-C; `objectAtIndex:` past the end raises, as Swift traps.
            "lastObject": Call(swift: "$r.last", result: .object("NSString", optional: true)),
            "firstObject": Call(swift: "$r.first", result: .object("NSString", optional: true)),
            "objectAtIndex:": Call(swift: "$r[$0]", result: .object("NSString")),
            "count": Call(swift: "$r.count", result: .integer),
        ],
        "NSDictionary": [
            // Not valueForKey:, which reads a key beginning with `@` as key-value coding's operator.
            "objectForKey:": Call(swift: "$r[$0]", result: .object("id", optional: true)),
            "mutableCopy": Call(swift: "NSMutableDictionary(dictionary: $r)", result: .object("NSMutableDictionary")),
        ],
        "NSString": [
            "stringByAppendingPathComponent:": Call(
                swift: "NSString(string: $r).appendingPathComponent($0)", result: .object("NSString"),
                parameterClasses: [0: "NSString"]),
            // nil where the extension is no extension, as in Objective-C.
            "stringByAppendingPathExtension:": Call(
                swift: "NSString(string: $r).appendingPathExtension($0)", result: .object("NSString", optional: true),
                parameterClasses: [0: "NSString"]),
            "stringByAppendingString:": Call(
                swift: "($r + $0)", result: .object("NSString"), parameterClasses: [0: "NSString"]),
            // NSString compares UTF-16 units literally (a composed é is not e and an accent), NO for nil; and
            // no string has an empty prefix or suffix. Swift's `==` and `hasPrefix` compare characters.
            "isEqualToString:": Call(
                swift:
                    "({ (string: String, other: String?) in other.map { other in string.utf16.elementsEqual(other.utf16) } ?? false }($r, $0))",
                result: .bool, optionalArguments: [0], parameterClasses: [0: "NSString"]),
            "hasPrefix:": Call(
                swift:
                    "({ (string: String, prefix: String) in !prefix.isEmpty && string.utf16.starts(with: prefix.utf16) }($r, $0))",
                result: .bool, parameterClasses: [0: "NSString"]),
            "hasSuffix:": Call(
                swift:
                    "({ (string: String, suffix: String) in !suffix.isEmpty && string.utf16.reversed().starts(with: suffix.utf16.reversed()) }($r, $0))",
                result: .bool, parameterClasses: [0: "NSString"]),
        ],
        "NSURL": [
            "URLByAppendingPathComponent:": Call(swift: "$r.appendingPathComponent($0)", result: .object("NSURL")),
            "URLByAppendingPathExtension:": Call(swift: "$r.appendingPathExtension($0)", result: .object("NSURL")),
            "URLByDeletingPathExtension": Call(swift: "$r.deletingPathExtension()", result: .object("NSURL")),
        ],
        "NSURLSession": [
            "downloadTaskWithURL:completionHandler:": Call(
                swift: "$r.downloadTask(with: $0, completionHandler: $1)", result: .object("NSURLSessionDownloadTask"),
                blockParameters: [1: downloaded]),
            "dataTaskWithURL:completionHandler:": Call(
                swift: "$r.dataTask(with: $0, completionHandler: $1)", result: .object("NSURLSessionDataTask"),
                blockParameters: [1: received]),
            "finishTasksAndInvalidate": Call(swift: "$r.finishTasksAndInvalidate()", result: .void),
            "invalidateAndCancel": Call(swift: "$r.invalidateAndCancel()", result: .void),
        ],
        "NSURLSessionTask": [
            "resume": Call(swift: "$r.resume()", result: .void), "cancel": Call(swift: "$r.cancel()", result: .void),
        ],
        "NSFileManager": [
            "moveItemAtURL:toURL:error:": Call(swift: "$r.moveItem(at: $0, to: $1)", result: .bool, throwing: true),
            "copyItemAtURL:toURL:error:": Call(swift: "$r.copyItem(at: $0, to: $1)", result: .bool, throwing: true),
            "removeItemAtURL:error:": Call(swift: "$r.removeItem(at: $0)", result: .bool, throwing: true),
            "moveItemAtPath:toPath:error:": Call(
                swift: "$r.moveItem(atPath: $0, toPath: $1)", result: .bool, throwing: true),
            "fileExistsAtPath:": Call(swift: "$r.fileExists(atPath: $0)", result: .bool),
        ],
        "NSData": [
            "writeToURL:atomically:": Call(
                swift: "((try? $r.write(to: $0, options: $1 ? .atomic : [])) != nil)", result: .bool, acts: true),
            "writeToFile:atomically:": Call(
                swift: "((try? $r.write(to: URL(fileURLWithPath: $0), options: $1 ? .atomic : [])) != nil)",
                result: .bool, acts: true),
        ],
    ]
}
