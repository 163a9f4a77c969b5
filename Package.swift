// swift-tools-version:6.0
// nse-bench: a load and timing benchmark harness for iOS Notification Service Extensions.
//
// Layers, from the bottom up (each module may import only the ones above it in this list):
//   NSEBenchCore                pure model, statistics, CSV and comparison: no I/O, no C.
//   NSEBenchReport              the HTML report: reads result CSVs' text into a model, draws inline SVG.
//                               Pure, like NSEBenchCore: the CLI reads the files.
//   CCurl, COpenSSL, CJemalloc, CZlib  C bindings: module maps plus prefixed static-inline shims.
//   CNSEBenchLinux              Linux calls Swift's Glibc module leaves out (accept4).
//   NSEBenchSystem              the only Swift code that imports Glibc and the C bindings: syscalls,
//                               the epoll event loop, libcurl, OpenSSL, jemalloc.
//   SystemBenchmarks            `bench-transport`'s drivers: timers and the transport under load, and
//                               Foundation's URLSession for comparison (so FoundationNetworking stays
//                               out of the system layer).
//   MediaServer                 the HTTP/1.1 media server with network-condition injection.
//   UserNotifications           Apple's extension API on Linux, so iOS extension code compiles unchanged.
//   SDKProfiles                 push SDKs' extension helpers under their own names (Messaging,
//                               OneSignalExtension, UANotificationServiceExtension, ...), and the built-in
//                               profiles: each an app's NotificationService calling its SDK's helper.
//   FirebaseMessaging, OneSignalExtension, AirshipServiceExtension, AirshipNotificationServiceExtension,
//   IterableAppExtensions, BatchExtension, KlaviyoSwiftExtension, Firebase (the umbrella), OneSignal (v3, v4),
//   CioMessagingPushAPN, CioMessagingPushFCM, CioMessagingPush, CioInternalCommon (Customer.io),
//   CTNotificationService, CleverTapSDK (CleverTap), PushwooshFramework, Pushwoosh (its name before 6.7.3)
//                               the SDKs' module names, so a user's extension that imports one compiles:
//                               typealiases to SDKProfiles' helpers.
//   CryptoKit                   CryptoKit over OpenSSL (hashes, HMAC, HKDF, AES-GCM, ChaChaPoly, P-256,
//                               Curve25519), for users' decrypting extensions.
//   CommonCrypto                CommonCrypto's C API over OpenSSL (CC_SHA256, CCHmac, CCCrypt's AES-CBC/ECB,
//                               CCKeyDerivationPBKDF), for extensions that decrypt with it.
//   OSLog                       Apple's Logger and os_log, for users' extensions that log: messages dropped.
//                               `import os` and `import os.log` reach it too (UserExtensionBuilder).
//   Intents                     a communication notification's INSendMessageIntent, INPerson, INInteraction.
//   UniformTypeIdentifiers,     UTType, and the older kUTType constants and UTType functions, over a table of
//   MobileCoreServices          the types push media and payloads come in; CoreServices re-exports both.
//   CallKit                     CXProvider.reportNewIncomingVoIPPushPayload, completing at once.
//   WidgetKit                   WidgetCenter's reloads, completing at once (no widget placed).
//   UserNotificationsUI         the content-extension protocol, for service extensions importing it.
//   AVFoundation, CoreMedia     an asset's duration and tracks from its moov box; a video frame as a blank
//                               CGImage of its size (AVAssetImageGenerator); AVMakeRect; CMTime.
//   Security                    the keychain (SecItem...) the run's phones share with the app (--keychain); RSA
//                               SecKeys (import, export, encryption) over OpenSSL through NSEBenchSystem.
//   UIKit                       UIImage read from its header (format, size), not decoded; drawing blank;
//                               UIColor and UITraitCollection (asset catalog colors); UIDevice (the phone's);
//                               UIView and UIImageView (geometry, nesting, layout; nothing drawn).
//   Combine                     publishers, subjects, operators, schedulers, ObservableObject and @Published.
//   CoreText                    the font manager: a registered font file's names, which UIKit's UIFont finds;
//                               a file's font descriptors and fonts made from them (names, size).
//   QuartzCore                  CALayer's values (corners, border, shadow, mask), shape and gradient layers;
//                               nothing composited or animated. UIKit re-exports it, as iOS's does.
//   CoreGraphics, ImageIO       CGImage (a size, its bitmap allocated, not decoded); CGImageSource reading a
//                               file's header, blank thumbnails; CGImageDestination writing an image's bytes.
//   NSEBenchImages              what UIKit, CoreGraphics and ImageIO share (`package` access, so a user's
//                               module does not see it): image headers, the bitmap iOS would hold, blank PNGs.
//   CoreFoundationTypes         CFString, CFDictionary, ... as Foundation's classes, re-exported by Security
//                               and MobileCoreServices so a file importing both finds one of each.
//   SimulatedDevice             what a simulated phone gives a user's extension: URLSession, App Group.
//                               Foundation only, so a user's extension compiles against it and
//                               UserNotifications without nse-bench's C modules.
//   NSERuntime                  the extension host: invocations, deadlines, outcomes, built-in extensions.
//   NSEBenchCLI                 the argument layer and the subcommands.
//   nse-bench                   a thin executable: jemalloc is linked here as the process allocator.
//   FuzzTargets, nse-bench-fuzz the parsers' fuzz targets and their libFuzzer binary / corpus replayer.
// Beside them, for tests only: NSEBenchTestSupport (Tests/NSEBenchTestSupport), in no product.
import PackageDescription

let strictSwift6: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "nse-bench",
    products: [
        .executable(name: "nse-bench", targets: ["nse-bench"]),
        // Apple's Notification Service Extension API on Linux: depend on it to compile iOS extension code.
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        // URLSession and the App Group container of a simulated phone, for extension code under nse-bench.
        .library(name: "SimulatedDevice", targets: ["SimulatedDevice"]),
        // CryptoKit's AES-GCM on Linux, for extensions that decrypt their payloads.
        .library(name: "CryptoKit", targets: ["CryptoKit"]),
        // CommonCrypto's digests, HMAC, AES (CCCrypt) and PBKDF2, for extensions that decrypt with the C API.
        .library(name: "CommonCrypto", targets: ["CommonCrypto"]),
        // Apple's Compression framework's buffer functions (COMPRESSION_ZLIB: raw DEFLATE), for payloads inflated
        // after decryption.
        .library(name: "Compression", targets: ["Compression"]),
        // Apple's unified logging (Logger, os_log) on Linux, for extensions that log: messages are dropped.
        .library(name: "OSLog", targets: ["OSLog"]),
        // Intents' communication notification types (INSendMessageIntent, INPerson, INInteraction).
        .library(name: "Intents", targets: ["Intents"]),
        // UTType and the kUTType constants, for extensions that name an attachment's type.
        .library(name: "UniformTypeIdentifiers", targets: ["UniformTypeIdentifiers"]),
        .library(name: "MobileCoreServices", targets: ["MobileCoreServices"]),
        .library(name: "CoreServices", targets: ["CoreServices"]),
        // CallKit's report of an incoming VoIP call from an extension.
        .library(name: "CallKit", targets: ["CallKit"]),
        // WidgetKit's WidgetCenter, for extensions that refresh their app's widgets when a push arrives.
        .library(name: "WidgetKit", targets: ["WidgetKit"]),
        // UserNotificationsUI's content-extension protocol, for a service extension importing it beside
        // UserNotifications (a file shared with a content extension).
        .library(name: "UserNotificationsUI", targets: ["UserNotificationsUI"]),
        // AVFoundation's assets and frame images (nothing decoded), and Core Media's CMTime.
        .library(name: "AVFoundation", targets: ["AVFoundation"]),
        .library(name: "CoreMedia", targets: ["CoreMedia"]),
        // Security's keychain (SecItemAdd, SecItemCopyMatching, ...) over the run's simulated keychain, and RSA
        // SecKeys (SecKeyCreateWithData, SecKeyCreateDecryptedData, ...).
        .library(name: "Security", targets: ["Security"]),
        // UIKit's UIImage, sized from the image's header, and its renderer (drawing is not simulated); UIColor,
        // UITraitCollection and UIDevice, for shared code's asset catalog colors and device facts; UIView and
        // UIImageView for a design module's views.
        .library(name: "UIKit", targets: ["UIKit"]),
        // Core Text's font manager: registering a font file reads its names, for UIKit's UIFont.
        .library(name: "CoreText", targets: ["CoreText"]),
        // Core Animation's layers (a view's layer: corners, border, shadow, mask; shape and gradient layers).
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        // Combine's publishers, subjects, ObservableObject and @Published, for the app modules extensions share.
        .library(name: "Combine", targets: ["Combine"]),
        // CGImage, and ImageIO's image sources (header, thumbnails) and destinations, for extensions that
        // check or downsample what they downloaded (decoding is not simulated).
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "ImageIO", targets: ["ImageIO"]),
        // Push SDKs' extension helpers under the SDKs' own module names, for extensions that call one.
        .library(name: "FirebaseMessaging", targets: ["FirebaseMessaging"]),
        .library(name: "Firebase", targets: ["Firebase"]),
        .library(name: "OneSignal", targets: ["OneSignal"]),
        .library(name: "OneSignalExtension", targets: ["OneSignalExtension"]),
        .library(name: "AirshipServiceExtension", targets: ["AirshipServiceExtension"]),
        .library(name: "AirshipNotificationServiceExtension", targets: ["AirshipNotificationServiceExtension"]),
        .library(name: "IterableAppExtensions", targets: ["IterableAppExtensions"]),
        .library(name: "BatchExtension", targets: ["BatchExtension"]),
        .library(name: "KlaviyoSwiftExtension", targets: ["KlaviyoSwiftExtension"]),
        .library(name: "CioMessagingPushAPN", targets: ["CioMessagingPushAPN"]),
        .library(name: "CioMessagingPushFCM", targets: ["CioMessagingPushFCM"]),
        .library(name: "CioMessagingPush", targets: ["CioMessagingPush"]),
        .library(name: "CioInternalCommon", targets: ["CioInternalCommon"]),
        .library(name: "CTNotificationService", targets: ["CTNotificationService"]),
        .library(name: "CleverTapSDK", targets: ["CleverTapSDK"]),
        .library(name: "PushwooshFramework", targets: ["PushwooshFramework"]),
        .library(name: "Pushwoosh", targets: ["Pushwoosh"]),
        // Your extension type under nse-bench's load from your own test or benchmark target (LoadTest).
        .library(name: "NSEBench", targets: ["NSEBenchCLI"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CNSEBenchLinux"),
        .target(
            name: "NSEBenchSystem",
            dependencies: ["NSEBenchCore", "CCurl", "COpenSSL", "CJemalloc", "CZlib", "CNSEBenchLinux"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "SystemBenchmarks",
            dependencies: ["NSEBenchCore", "NSEBenchSystem"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "NSEBenchCore",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "NSEBenchReport",
            dependencies: ["NSEBenchCore"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "MediaServer",
            dependencies: ["NSEBenchCore", "NSEBenchSystem"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "UserNotifications",
            dependencies: ["NSEBenchSystem"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CryptoKit",
            dependencies: ["NSEBenchSystem"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CommonCrypto",
            dependencies: ["NSEBenchSystem"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "Compression",
            dependencies: ["NSEBenchSystem"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "OSLog",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "Intents",
            dependencies: ["UserNotifications"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "UniformTypeIdentifiers",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CoreFoundationTypes",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "MobileCoreServices",
            dependencies: ["UniformTypeIdentifiers", "CoreFoundationTypes"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CallKit",
            dependencies: ["UserNotifications"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "WidgetKit",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "UserNotificationsUI",
            dependencies: ["UserNotifications"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CoreMedia",
            swiftSettings: strictSwift6
        ),
        .target(
            name: "AVFoundation",
            dependencies: ["CoreMedia", "CoreGraphics", "NSEBenchImages", "SimulatedDevice"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "NSEBenchImages",
            dependencies: ["NSEBenchCore", "NSEBenchSystem"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CoreGraphics",
            dependencies: ["NSEBenchImages"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "ImageIO",
            dependencies: ["CoreGraphics", "CoreFoundationTypes", "NSEBenchImages", "SimulatedDevice"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "QuartzCore",
            dependencies: ["CoreFoundationTypes", "CoreGraphics"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CoreText",
            // A font made from a descriptor takes a Core Graphics transform.
            dependencies: ["CoreFoundationTypes", "CoreGraphics"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "Combine",
            // URLSession's dataTaskPublisher is the simulated phone's session's.
            dependencies: ["SimulatedDevice"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "UIKit",
            dependencies: ["CoreGraphics", "CoreText", "ImageIO", "NSEBenchImages", "QuartzCore", "SimulatedDevice"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "Security",
            dependencies: ["CoreFoundationTypes", "NSEBenchSystem", "SimulatedDevice"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CoreServices",
            dependencies: ["MobileCoreServices", "UniformTypeIdentifiers"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "SimulatedDevice",
            dependencies: ["UserNotifications", "NSEBenchSystem"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "SDKProfiles",
            dependencies: ["UserNotifications", "SimulatedDevice"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "FirebaseMessaging",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "Firebase",
            dependencies: ["FirebaseMessaging"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "OneSignal",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "OneSignalExtension",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "AirshipServiceExtension",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "AirshipNotificationServiceExtension",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "IterableAppExtensions",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "BatchExtension",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "KlaviyoSwiftExtension",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CioMessagingPushAPN",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CioMessagingPushFCM",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CioMessagingPush",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CioInternalCommon",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CTNotificationService",
            dependencies: ["SDKProfiles", "UserNotifications"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "CleverTapSDK",
            dependencies: ["SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "PushwooshFramework",
            dependencies: ["SDKProfiles", "UserNotifications"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "Pushwoosh",
            dependencies: ["SDKProfiles", "UserNotifications"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "NSERuntime",
            dependencies: ["NSEBenchCore", "NSEBenchSystem", "UserNotifications", "SimulatedDevice", "SDKProfiles"],
            swiftSettings: strictSwift6
        ),
        .target(
            name: "NSEBenchCLI",
            dependencies: [
                "NSEBenchCore", "NSEBenchSystem", "MediaServer", "NSERuntime", "UserNotifications", "SimulatedDevice",
                "NSEBenchReport", "SystemBenchmarks",
                // Linked, not imported: a package running `--extension PATH` through the NSEBench product gets
                // the modules a user's code may import built, and their symbols in its process.
                "CryptoKit", "CommonCrypto", "Compression", "OSLog", "Intents", "UniformTypeIdentifiers",
                "MobileCoreServices", "CallKit",
                "CoreServices", "Security", "CoreFoundationTypes", "UIKit", "CoreText", "QuartzCore", "Combine", "CoreGraphics",
                "ImageIO", "WidgetKit", "UserNotificationsUI", "AVFoundation", "CoreMedia", "FirebaseMessaging", "OneSignalExtension",
                "AirshipServiceExtension", "AirshipNotificationServiceExtension", "IterableAppExtensions",
                "BatchExtension", "KlaviyoSwiftExtension", "Firebase", "OneSignal", "CioMessagingPushAPN", "CioMessagingPushFCM",
                "CioMessagingPush", "CioInternalCommon", "CTNotificationService", "CleverTapSDK", "PushwooshFramework", "Pushwoosh",
            ],
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "nse-bench",
            dependencies: [
                "NSEBenchCLI", "CJemalloc", "CryptoKit", "CommonCrypto", "Compression", "OSLog", "Intents", "UniformTypeIdentifiers",
                "MobileCoreServices", "CallKit", "CoreServices", "Security", "CoreFoundationTypes", "UIKit", "CoreText", "QuartzCore",
                "Combine", "CoreGraphics", "ImageIO", "WidgetKit", "UserNotificationsUI", "AVFoundation", "CoreMedia", "FirebaseMessaging",
                "OneSignalExtension",
                "AirshipServiceExtension",
                "AirshipNotificationServiceExtension", "IterableAppExtensions", "BatchExtension",
                "KlaviyoSwiftExtension", "Firebase", "OneSignal", "CioMessagingPushAPN", "CioMessagingPushFCM",
                "CioMessagingPush", "CioInternalCommon", "CTNotificationService", "CleverTapSDK", "PushwooshFramework", "Pushwoosh",
            ],
            swiftSettings: strictSwift6,
            // A user's extension is compiled into a shared library that nse-bench loads (dlopen): it
            // finds UserNotifications and SimulatedDevice in the executable, so there is one copy of
            // each type (UNNotificationServiceExtension's identity included).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
        ),
        // What several test targets share (`eventually`, temporary directories, a raw HTTP client, captured
        // output, the summary-row fixture, the Python-script runner), as swift-nio ships NIOEmbedded. In no
        // product, so neither users nor the nse-bench executable link it.
        .target(
            name: "NSEBenchTestSupport",
            dependencies: ["NSEBenchCore"],
            path: "Tests/NSEBenchTestSupport",
            swiftSettings: strictSwift6
        ),
        // The parsers' fuzz targets, each with its invariant (Fuzz/run.sh, issue #13).
        .target(
            name: "FuzzTargets",
            dependencies: ["NSEBenchCore", "MediaServer", "NSERuntime"],
            swiftSettings: strictSwift6
        ),
        // A corpus replayer in a normal build; with -sanitize=fuzzer -DFUZZING, the libFuzzer binary.
        .executableTarget(
            name: "nse-bench-fuzz",
            dependencies: ["FuzzTargets"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "FuzzTargetsTests",
            dependencies: ["FuzzTargets", "NSEBenchCore", "MediaServer", "NSERuntime"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "NSEBenchSystemTests",
            dependencies: ["NSEBenchSystem", "NSEBenchTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "NSEBenchCoreTests",
            dependencies: ["NSEBenchCore", "NSEBenchTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "NSEBenchReportTests",
            dependencies: ["NSEBenchReport", "NSEBenchCore", "NSEBenchTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "MediaServerTests",
            dependencies: ["MediaServer", "NSEBenchCore", "NSEBenchSystem", "NSEBenchTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "UserNotificationsTests",
            dependencies: ["UserNotifications", "NSEBenchTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "NSERuntimeTests",
            dependencies: [
                "NSERuntime", "NSEBenchCore", "SimulatedDevice", "CryptoKit", "CommonCrypto", "Compression", "OSLog", "Intents",
                "UniformTypeIdentifiers",
                "MobileCoreServices", "CallKit", "CoreServices", "Security", "CoreFoundationTypes", "UIKit", "CoreText", "QuartzCore",
                "Combine", "CoreGraphics", "ImageIO", "NSEBenchImages", "WidgetKit", "UserNotificationsUI", "AVFoundation", "CoreMedia",
                "SDKProfiles", "FirebaseMessaging",
                "OneSignalExtension",
                "AirshipServiceExtension",
                "AirshipNotificationServiceExtension", "IterableAppExtensions", "BatchExtension",
                "KlaviyoSwiftExtension", "Firebase", "OneSignal", "CioMessagingPushAPN", "CioMessagingPushFCM",
                "CioMessagingPush", "CioInternalCommon", "CTNotificationService", "CleverTapSDK", "PushwooshFramework", "Pushwoosh",
                "NSEBenchTestSupport",
            ],
            swiftSettings: strictSwift6,
            // The test binary loads compiled example extensions, as nse-bench does.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
        ),
        .testTarget(
            name: "SimulatedDeviceTests",
            dependencies: ["SimulatedDevice", "NSEBenchTestSupport"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "NSEBenchCLITests",
            dependencies: ["NSEBenchCLI", "MediaServer", "NSEBenchReport", "NSEBenchTestSupport"],
            swiftSettings: strictSwift6
        ),
    ]
)
