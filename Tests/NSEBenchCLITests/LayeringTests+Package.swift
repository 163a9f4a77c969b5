import Foundation
import NSEBenchTestSupport
import Testing

/// The same layering, checked on what Package.swift declares: a module may depend only on what it may
/// import (a C module linked where it must not be is caught before any file imports it), and the
/// test-support target is linked by test targets alone.
@Suite("package layering")
struct PackageLayeringTests {
    /// One target of Package.swift: its kind (`target`, `testTarget`, ...), name and dependencies.
    struct Declared: Equatable {
        var kind: String
        var name: String
        var dependencies: [String]
    }

    /// The targets declared in `manifest`, read as text: each `.kind(name: "X", dependencies: [...]`.
    static func targets(in manifest: String) -> [Declared] {
        let kinds = ["target", "executableTarget", "testTarget", "systemLibrary"]
        var declared: [Declared] = []
        for chunk in manifest.components(separatedBy: "\n        .").dropFirst() {
            guard let open = chunk.firstIndex(of: "("), kinds.contains(String(chunk[..<open])) else { continue }
            let body = chunk[open...]
            guard let name = quoted(after: "name:", in: body).first else { continue }
            var dependencies: [String] = []
            if let start = body.range(of: "dependencies: [")?.upperBound,
                let end = body[start...].firstIndex(of: "]")
            {
                dependencies = quoted(in: body[start..<end])
            }
            declared.append(Declared(kind: String(chunk[..<open]), name: name, dependencies: dependencies))
        }
        return declared
    }

    /// The string literals in `text`, or in the first one after `label`.
    static func quoted(after label: String? = nil, in text: Substring) -> [String] {
        var text = text
        if let label {
            guard let range = text.range(of: label) else { return [] }
            text = text[range.upperBound...]
        }
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        let literals = stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
        return label == nil ? literals : Array(literals.prefix(1))
    }

    /// The push SDKs' module names (typealiases to SDKProfiles' helpers) a user's extension may import.
    static let pushSDKModules: Set<String> = [
        "FirebaseMessaging", "OneSignalExtension", "AirshipServiceExtension", "AirshipNotificationServiceExtension",
        "IterableAppExtensions", "BatchExtension", "KlaviyoSwiftExtension", "Firebase",
        "OneSignal", "CioMessagingPushAPN", "CioMessagingPushFCM", "CioMessagingPush", "CioInternalCommon",
        "CTNotificationService", "CleverTapSDK", "PushwooshFramework", "Pushwoosh",
    ]

    /// Modules a target links without importing them, each with the reason.
    static let linkedOnly: [String: Set<String>] = [
        // Users' extensions, loaded with dlopen, find CryptoKit and CommonCrypto (decrypting), OSLog (logging), Intents
        // (communication notifications), Security (the keychain), the push SDKs' modules and the rest in the
        // executable.
        "nse-bench": pushSDKModules.union([
            "CryptoKit", "CommonCrypto", "Compression", "OSLog", "Intents", "UniformTypeIdentifiers",
            "MobileCoreServices", "CallKit",
            "CoreServices",
            "Security", "CoreFoundationTypes", "UIKit", "CoreText", "QuartzCore", "Combine", "CoreGraphics", "ImageIO",
            "WidgetKit",
            "UserNotificationsUI",
            "AVFoundation",
            "CoreMedia",
        ]),
        // The NSEBench product runs users' extensions too: the modules they may import are built with it.
        "NSEBenchCLI": pushSDKModules.union([
            "CryptoKit", "CommonCrypto", "Compression", "OSLog", "Intents", "UniformTypeIdentifiers",
            "MobileCoreServices", "CallKit",
            "CoreServices",
            "Security", "CoreFoundationTypes", "UIKit", "CoreText", "QuartzCore", "Combine", "CoreGraphics", "ImageIO",
            "WidgetKit",
            "UserNotificationsUI",
            "AVFoundation",
            "CoreMedia",
        ]),
    ]

    static var manifest: String {
        get throws {
            try String(
                contentsOf: RepositoryPaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        }
    }

    @Test func targetsAreReadFromTheManifest() {
        // Indented as Package.swift is: each target 8 spaces in.
        let text = """
                targets: [
                    .target(
                        name: "A",
                        dependencies: ["B", "C"],
                        swiftSettings: strictSwift6
                    ),
                    .testTarget(name: "ATests", dependencies: ["A"]),
                ]
            """
        #expect(
            Self.targets(in: text) == [
                Declared(kind: "target", name: "A", dependencies: ["B", "C"]),
                Declared(kind: "testTarget", name: "ATests", dependencies: ["A"]),
            ])
    }

    @Test func everyModuleDependsOnlyOnWhatItsLayerAllows() throws {
        let declared = Self.targets(in: try Self.manifest)
        #expect(declared.count >= 20, "read \(declared.count) targets from Package.swift")
        for target in declared where target.kind == "target" || target.kind == "executableTarget" {
            // CNSEBenchLinux is C; the test support is checked below.
            guard target.name != "CNSEBenchLinux", target.name != "NSEBenchTestSupport" else { continue }
            guard let allowed = LayeringTests.allowed[target.name] else {
                Issue.record("\(target.name) is not in LayeringTests.allowed: decide what it may depend on")
                continue
            }
            let linked = Self.linkedOnly[target.name] ?? []
            for dependency in target.dependencies where !allowed.contains(dependency) && !linked.contains(dependency) {
                Issue.record("\(target.name) depends on \(dependency), which its layer may not import")
            }
        }
    }

    @Test func onlyTestTargetsLinkTheTestSupport() throws {
        let text = try Self.manifest
        let declared = Self.targets(in: text)
        for target in declared where target.dependencies.contains("NSEBenchTestSupport") {
            #expect(target.kind == "testTarget", "\(target.name) links NSEBenchTestSupport")
        }
        let support = try #require(declared.first { $0.name == "NSEBenchTestSupport" })
        #expect(support.dependencies == ["NSEBenchCore"], "the test support stays at the bottom layer")
        let products = try #require(text.range(of: "products: [")?.upperBound)
        let end = try #require(text[products...].range(of: "\n    ],")?.lowerBound)
        #expect(!text[products..<end].contains("NSEBenchTestSupport"), "a product names the test support")
    }
}
