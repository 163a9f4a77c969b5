import SDKProfiles

/// Why a user's extension could not be found, built or loaded. Each case names the path or class.
public enum UserExtensionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing at the path.
    case notFound(path: String)
    /// A folder without `.swift` files (subfolders included).
    case noSwiftSources(path: String)
    /// C or C++ sources, or Objective-C that is not the extension's own class (code a Swift extension
    /// calls, beside a bridging header), which nse-bench does not compile: in the folder, or compiled into
    /// the extension by its Xcode target `target` from elsewhere.
    case objectiveCSources(path: String, files: [String], target: String? = nil)
    /// Objective-C that nse-bench does not translate to Swift (``ObjectiveCTranslation``): what, in `file`
    /// (relative to `path`) at `line`.
    case objectiveCNotTranslated(path: String, file: String, line: Int, reason: String)
    /// The Info.plist is not a Notification Service Extension's.
    case wrongExtensionPoint(plist: String, found: String?)
    /// The Info.plist could not be read.
    case unreadablePlist(plist: String, reason: String)
    /// A string catalog (`.xcstrings`) of the target folder that is not one: Xcode would not build it.
    case unreadableStringCatalog(path: String, reason: String)
    /// No `UNNotificationServiceExtension` subclass in the sources.
    case noPrincipalClass(path: String)
    /// Several subclasses and nothing to choose between them.
    case severalPrincipalClasses(path: String, classes: [String])
    /// The class named (by Info.plist or `--principal-class`) is not a subclass in the sources.
    case notAServiceExtension(className: String, path: String, subclasses: [String])
    /// The principal class derives from `base`, which no source declares, while the sources import `modules`,
    /// which nse-bench does not have (a push SDK's module without a stand-in, a package given no sources).
    case baseInMissingModule(className: String, base: String, modules: [String], path: String)
    /// A `--module` that cannot be one: nothing at its path, no module name, a name taken, a cycle.
    case badModule(specification: String, reason: String)
    /// `swiftc` or nse-bench's own compiled modules are missing.
    case toolchain(String)
    /// The sources did not compile: the compiler's messages, with the user's paths and lines.
    case compileFailed(path: String, messages: String, missingModules: [String])
    /// One of the user's own modules (`--module`) did not compile: the compiler's messages.
    case moduleCompileFailed(module: String, path: String, origin: String, messages: String, missingModules: [String])
    /// The compiled library did not load.
    case loadFailed(path: String, reason: String)
    /// The cache could not be written or read.
    case cache(path: String, reason: String)

    /// Whether the user's input is at fault (exit 64) rather than the build (exit 1).
    public var isUsageError: Bool {
        switch self {
        case .notFound, .noSwiftSources, .objectiveCSources, .objectiveCNotTranslated, .wrongExtensionPoint,
            .unreadablePlist,
            .unreadableStringCatalog, .noPrincipalClass, .severalPrincipalClasses, .notAServiceExtension,
            .baseInMissingModule, .badModule:
            true
        case .toolchain, .compileFailed, .moduleCompileFailed, .loadFailed, .cache:
            false
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path):
            "no extension at \(path): expected an extension target folder, a folder of .swift files or a .swift file"
        case .noSwiftSources(let path):
            "\(path) holds no .swift files"
        case .objectiveCSources(let path, let files, nil):
            "\(path) has Objective-C or C sources (\(files.joined(separator: ", "))) that are not an Objective-C "
                + "extension nse-bench translates: it compiles Swift, and translates an Objective-C extension's own "
                + "class (docs/user-extensions.md, \"Objective-C extensions\"), not C or Objective-C code it calls"
        case .objectiveCSources(let path, let files, let target?):
            "the Xcode target \(target) of \(path) compiles Objective-C or C sources into the extension "
                + "(\(files.joined(separator: ", "))); nse-bench compiles Swift extensions only, and leaving "
                + "them out would run other code than a phone does"
        case .objectiveCNotTranslated(let path, let file, let line, let reason):
            "\(path) is an Objective-C extension that nse-bench cannot translate to Swift: \(file):\(line): \(reason) "
                + "(nse-bench translates one class deriving from UNNotificationServiceExtension or a push SDK's extension "
                + "class, with Xcode's template, the push SDKs' calls as their guides write them and a media download "
                + "with NSURLSession: docs/user-extensions.md, "
                + "\"Objective-C extensions\")"
        case .wrongExtensionPoint(let plist, let found):
            "\(plist) declares NSExtensionPointIdentifier \(found.map { "\"\($0)\"" } ?? "(none)"), not "
                + "\"com.apple.usernotifications.service\": it is not a Notification Service Extension"
        case .unreadablePlist(let plist, let reason):
            "cannot read \(plist): \(reason)"
        case .unreadableStringCatalog(let path, let reason):
            "cannot read the string catalog \(path): \(reason) (Xcode would not build it either)"
        case .noPrincipalClass(let path):
            "no subclass of UNNotificationServiceExtension in \(path)"
        case .severalPrincipalClasses(let path, let classes):
            "\(path) has several UNNotificationServiceExtension subclasses (\(classes.joined(separator: ", "))); "
                + "choose one with --principal-class NAME"
        case .notAServiceExtension(let className, let path, let subclasses):
            "class \(className) is not a UNNotificationServiceExtension subclass in \(path)"
                + (subclasses.isEmpty ? "" : "; subclasses there: \(subclasses.joined(separator: ", "))")
        case .baseInMissingModule(let className, let base, let modules, let path):
            "class \(className) in \(path) derives from \(base), which nse-bench cannot see: the sources import "
                + modules.joined(separator: ", ")
                + ", which nse-bench does not have (a push SDK's module without a stand-in, or a package or module of "
                + "your app's): give its Swift sources with --module \(modules[0])=PATH"
        case .badModule(let specification, let reason):
            "--module \(specification): \(reason)"
        case .toolchain(let reason):
            reason
        case .compileFailed(let path, let messages, let missing):
            "the extension at \(path) did not compile" + Self.missingText(missing) + ":\n" + messages
        case .moduleCompileFailed(let module, let path, let origin, let messages, let missing):
            "the module \(module) at \(path) (\(origin)) did not compile" + Self.missingText(missing) + ":\n" + messages
        case .loadFailed(let path, let reason):
            "the compiled extension \(path) did not load: \(reason)"
        case .cache(let path, let reason):
            "the extension build cache \(path): \(reason)"
        }
    }

    /// What a compile's missing modules are and how to give them; empty for none.
    private static func missingText(_ missing: [String]) -> String {
        guard !missing.isEmpty else { return "" }
        let apple = missing.filter(appleFrameworks.contains)
        let own = missing.filter { !appleFrameworks.contains($0) }
        var parts: [String] = []
        if !apple.isEmpty {
            parts.append(
                "it imports \(apple.joined(separator: ", ")), "
                    + (apple.count == 1 ? "an Apple framework" : "Apple frameworks")
                    + " that nse-bench does not provide on Linux; UserNotifications, Foundation, "
                    + "CryptoKit (hashes, HMAC, HKDF, AES-GCM, ChaChaPoly, P256, Curve25519), "
                    + "CommonCrypto (CC_SHA256 and the other digests, CCHmac, CCCrypt's AES, CCKeyDerivationPBKDF), "
                    + "SQLite3 (the system's SQLite), "
                    + "Compression (COMPRESSION_ZLIB buffers), "
                    + "Intents (communication notifications), os.log / OSLog (Logger, os_log), "
                    + "UniformTypeIdentifiers and MobileCoreServices (UTType, kUTType...), CallKit "
                    + "(reportNewIncomingVoIPPushPayload), Security (the keychain; RSA SecKeys), UIKit (UIImage, not decoded; "
                    + "colors, fonts, the device, the screen, UIView and UIImageView, UIBezierPath, without drawing; Auto "
                    + "Layout constraints kept, not solved), "
                    + "QuartzCore (CALayer's values, shape and gradient layers), CoreText (the font manager, fonts' names), "
                    + "Combine (publishers, subjects, operators, ObservableObject, @Published), "
                    + "CoreGraphics (CGImage, CGColor, CGPath), CoreMedia (CMTime), ImageIO (image sources: header, thumbnails), WidgetKit "
                    + "(WidgetCenter's reloads), UserNotificationsUI (the content-extension protocol) and AVFoundation (AVAsset, AVAssetImageGenerator, AVMakeRect) are, "
                    + "and push SDKs' "
                    + "modules "
                    + SDKProfile.allCases.flatMap(\.moduleNames).joined(separator: ", "))
        }
        if !own.isEmpty {
            parts.append(
                "it imports \(own.joined(separator: ", ")), which nse-bench does not have: for a package or "
                    + "a module of your app's, give its Swift sources with --module \(own[0])=PATH")
        }
        return " (" + parts.joined(separator: "; ") + ")"
    }

    /// Apple's frameworks that iOS extensions import and nse-bench does not provide, so that a missing one
    /// is not taken for a module of the user's own.
    static let appleFrameworks: Set<String> = [
        "Accelerate", "ActivityKit", "AdSupport", "AppIntents", "AppTrackingTransparency", "AudioToolbox", "AVFAudio",
        "AVKit", "BackgroundTasks", "CloudKit", "Contacts", "CoreData",
        "CoreImage", "CoreLocation", "CoreML", "CoreMotion", "CoreSpotlight", "CoreTelephony",
        "CoreVideo", "Darwin", "DeviceCheck", "EventKit", "GameKit", "HealthKit",
        "LinkPresentation", "LocalAuthentication", "MapKit", "MediaPlayer", "MessageUI", "Metal", "NaturalLanguage",
        "Network", "Observation", "Photos", "PhotosUI", "PushKit", "QuickLook", "SafariServices",
        "StoreKit", "SwiftData", "SwiftUI", "Vision", "WebKit",
    ]
}
