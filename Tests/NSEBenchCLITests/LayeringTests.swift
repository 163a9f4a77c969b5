import Foundation
import NSEBenchTestSupport
import Testing

/// The layering the architecture promises, checked on the sources themselves: NSEBenchCore imports
/// nothing, Glibc and the C modules are imported only by the system layer, and the media server stays
/// off Foundation. A module missing from the table fails too, so a new module's place is decided
/// when it is added, not discovered later.
@Suite("module layering")
struct LayeringTests {
    /// Each module under Sources/ and what it may import.
    static let allowed: [String: Set<String>] = [
        "NSEBenchCore": [],
        "NSEBenchSystem": [
            "NSEBenchCore", "Glibc", "CCurl", "COpenSSL", "CJemalloc", "CNSEBenchLinux", "CZlib", "Foundation",
            "Dispatch", "Synchronization",
        ],
        // bench-transport's drivers: URLSession is measured here, beside the transport, not in the system layer.
        "SystemBenchmarks": [
            "NSEBenchCore", "NSEBenchSystem", "Foundation", "FoundationNetworking", "Synchronization",
        ],
        "MediaServer": ["NSEBenchCore", "NSEBenchSystem", "Synchronization"],
        "UserNotifications": ["Foundation", "NSEBenchSystem", "Synchronization"],
        // NSEBenchSystem for the phone's file moves (PhoneFileManager), hidden from extension code as in
        // UserNotifications and CryptoKit.
        "SimulatedDevice": [
            "Foundation", "FoundationNetworking", "NSEBenchSystem", "Synchronization", "UserNotifications",
        ],
        "CryptoKit": ["Foundation", "NSEBenchSystem"],
        // CommonCrypto's C API over OpenSSL, through NSEBenchSystem as CryptoKit's is (hidden from extension code).
        "CommonCrypto": ["NSEBenchSystem"],
        "Compression": ["NSEBenchSystem"],
        // Apple's logging API for users' extensions: Foundation for OSAllocatedUnfairLock's NSLock.
        "OSLog": ["Foundation"],
        // Intents' communication notification types: INSendMessageIntent provides UserNotifications' content.
        "Intents": ["Foundation", "UserNotifications"],
        // UTType's table; the older MobileCoreServices API over it.
        "UniformTypeIdentifiers": ["Foundation"],
        "MobileCoreServices": ["Foundation", "UniformTypeIdentifiers", "CoreFoundationTypes"],
        // The one CallKit call an extension makes; its completion runs as the caller's invocation's code
        // (UserNotifications' CallbackContext).
        "CallKit": ["Foundation", "UserNotifications"],
        // WidgetCenter's reloads, completing at once.
        "WidgetKit": ["Foundation"],
        "UserNotificationsUI": ["Foundation", "UserNotifications"],
        // CMTime; an asset's moov box read (NSEBenchImages), fetched on the phone for http(s).
        "CoreMedia": ["Foundation"],
        "AVFoundation": ["CoreGraphics", "CoreMedia", "Foundation", "NSEBenchImages", "SimulatedDevice"],
        // CFString, CFDictionary, ... as Foundation's classes, for the Apple modules that re-export them.
        "CoreFoundationTypes": ["Foundation"],
        // What UIKit, CoreGraphics and ImageIO share: image headers, a blank PNG (zlib, CRC-32) for what a
        // renderer draws, the decoded bitmap's lock.
        "NSEBenchImages": ["NSEBenchCore", "NSEBenchSystem", "Synchronization"],
        // A path's elements are behind a Mutex (Synchronization), as a CGPath may be read from any thread.
        "CoreGraphics": ["Foundation", "NSEBenchImages", "Synchronization"],
        // An image source fetches an http(s) URL on the phone (SimulatedDevice).
        "ImageIO": ["CoreFoundationTypes", "CoreGraphics", "NSEBenchImages", "SimulatedDevice"],
        // UIImage from its header, over CoreGraphics' CGImage; ImageIO re-exported, as iOS's UIKit brings it;
        // UIDevice's identifier for vendor is the phone's (SimulatedDevice).
        "UIKit": [
            "Foundation", "CoreGraphics", "CoreText", "ImageIO", "NSEBenchImages", "QuartzCore", "SimulatedDevice",
        ],
        // Core Animation's layers: their colors and paths are Core Graphics', their media time Core Foundation's.
        "QuartzCore": ["CoreFoundationTypes", "CoreGraphics", "Foundation"],
        // Combine: publishers and subjects; URLSession's dataTaskPublisher is the phone's (SimulatedDevice).
        "Combine": ["Dispatch", "Foundation", "FoundationNetworking", "SimulatedDevice", "Synchronization"],
        // Core Text's font manager: a font file's names read, registered for the process.
        "CoreText": ["CoreFoundationTypes", "CoreGraphics", "Foundation", "Synchronization"],
        // The keychain: the phone's (SimulatedDevice), with Core Foundation's types in its API; RSA keys over OpenSSL
        // through NSEBenchSystem, hidden from extension code as in CryptoKit.
        "Security": ["Foundation", "CoreFoundationTypes", "NSEBenchSystem", "SimulatedDevice"],
        "CoreServices": ["MobileCoreServices", "UniformTypeIdentifiers"],
        // Reports are pure rendering: CSV models in, HTML and SVG text out.
        "NSEBenchReport": ["NSEBenchCore"],
        "SDKProfiles": ["Foundation", "SimulatedDevice", "UserNotifications"],
        // The push SDKs' module names: typealiases to SDKProfiles' helpers.
        "FirebaseMessaging": ["SDKProfiles"],
        // The umbrella module: Firebase Messaging's, re-exported.
        "Firebase": ["FirebaseMessaging"],
        "OneSignal": ["SDKProfiles"],
        "OneSignalExtension": ["SDKProfiles"],
        "AirshipServiceExtension": ["SDKProfiles"],
        "AirshipNotificationServiceExtension": ["SDKProfiles"],
        "IterableAppExtensions": ["SDKProfiles"],
        "BatchExtension": ["SDKProfiles"],
        "KlaviyoSwiftExtension": ["SDKProfiles"],
        "CioMessagingPushAPN": ["SDKProfiles"],
        "CioMessagingPushFCM": ["SDKProfiles"],
        "CioMessagingPush": ["SDKProfiles"],
        "CioInternalCommon": ["SDKProfiles"],
        // CleverTap's and Pushwoosh's umbrella headers import UserNotifications: re-exported.
        "CTNotificationService": ["SDKProfiles", "UserNotifications"],
        "CleverTapSDK": ["SDKProfiles"],
        "PushwooshFramework": ["SDKProfiles", "UserNotifications"],
        "Pushwoosh": ["SDKProfiles", "UserNotifications"],
        "NSERuntime": [
            "NSEBenchCore", "NSEBenchSystem", "Foundation", "Dispatch", "Synchronization", "UserNotifications",
            "SimulatedDevice", "SDKProfiles",
        ],
        "NSEBenchCLI": [
            "NSEBenchCore", "NSEBenchSystem", "NSERuntime", "MediaServer", "Foundation", "Synchronization",
            "UserNotifications", "SimulatedDevice", "NSEBenchReport", "SystemBenchmarks",
        ],
        // The executable links jemalloc so that it is the whole process's allocator.
        "nse-bench": ["NSEBenchCLI", "NSEBenchSystem", "Foundation", "CJemalloc"],
        // Fuzz targets drive the parsers through their public API; Foundation reads corpus files.
        "FuzzTargets": ["NSEBenchCore", "MediaServer", "NSERuntime", "Foundation"],
        "nse-bench-fuzz": ["FuzzTargets", "Foundation"],
    ]

    /// Modules only the system layer (and the executable, for the allocator) may import.
    static let systemOnly: Set<String> = ["Glibc", "CCurl", "COpenSSL", "CJemalloc", "CNSEBenchLinux", "CZlib"]

    static var sources: URL { RepositoryPaths.root.appendingPathComponent("Sources") }

    /// The modules a Swift file imports: `import X`, `public import X`, `@_exported import X`,
    /// `import struct X.Y`.
    static func imports(in text: String) -> [String] {
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        var modules: [String] = []
        for line in text.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first,
                first.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(first)
            {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            let name = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            modules.append(String(name.split(separator: ".").first ?? Substring(name)))
        }
        return modules
    }

    @Test func importLinesAreRead() {
        let text = """
            import Foundation
            public import NSEBenchCore
            @_exported import UserNotifications
            import struct Glibc.timespec
            // import CCurl is a comment
            let imported = "import CCurl"
            """
        #expect(Self.imports(in: text) == ["Foundation", "NSEBenchCore", "UserNotifications", "Glibc"])
    }

    @Test func everyModuleImportsOnlyWhatItsLayerAllows() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
        var swiftModules = 0
        for module in modules {
            let folder = Self.sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) else {
                continue
            }
            let swiftFiles = files.filter { $0.hasSuffix(".swift") }
            guard !swiftFiles.isEmpty else { continue }
            swiftModules += 1
            let allowed = try #require(
                Self.allowed[module], "Sources/\(module) is not in LayeringTests.allowed: decide what it may import")
            for file in swiftFiles {
                let path = "Sources/\(module)/\(file)"
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for imported in Self.imports(in: text) where !allowed.contains(imported) {
                    Issue.record("\(path) imports \(imported), which \(module) may not")
                }
                if module != "NSEBenchSystem", module != "nse-bench" {
                    for imported in Self.imports(in: text) where Self.systemOnly.contains(imported) {
                        Issue.record("\(path) imports \(imported): only NSEBenchSystem touches C and syscalls")
                    }
                }
            }
        }
        #expect(swiftModules >= 10, "found \(swiftModules) Swift modules under \(Self.sources.path)")
    }
}
