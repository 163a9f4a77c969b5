import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

/// The modules an extension's Xcode target links from the project's local Swift packages: compiled
/// before it, as `--module`s are, with what cannot be taken named.
// Serialized: its tests compile a dozen modules each, which would crowd the timing tests beside them.
@Suite("User extension: the Xcode target's Swift packages", .serialized, .timeLimit(.minutes(3)))
struct ProjectModulesTests {
    /// A project whose extension target `NotifyExt` links `Core` (a local package at `Packages/Core`, whose
    /// `Core` imports its sibling target `Models`), `RemoteKit` (a remote package) and `Gone` (a local
    /// package whose folder is not there), and depends on the framework target `Shared Kit` (module
    /// `Shared_Kit`), which a watch framework target of the same module, listed first, is not; the
    /// extension's file imports `imports`.
    static func repository(imports: [String]) throws -> URL {
        CompiledExamples.keepManifestsInTestCache()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-packages-\(UUID().uuidString)")
        let project = """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 60;
                objects = {
                    F1 = {isa = PBXFileReference; path = NotificationService.swift; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (G1, G2, G3, LF); sourceTree = "<group>"; };
                    G1 = {isa = PBXGroup; children = (F1); path = NotifyExt; sourceTree = "<group>"; };
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    S1 = {isa = PBXSourcesBuildPhase; files = (B1); };
                    LP1 = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Core; };
                    LP2 = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Gone; };
                    RP1 = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/example/RemoteKit"; };
                    PD1 = {isa = XCSwiftPackageProductDependency; package = LP1; productName = Core; };
                    PD2 = {isa = XCSwiftPackageProductDependency; package = RP1; productName = RemoteKit; };
                    PD3 = {isa = XCSwiftPackageProductDependency; package = LP2; productName = Gone; };
                    PD4 = {isa = XCSwiftPackageProductDependency; package = RP1; productName = "plugin:Lint"; };
                    LP3 = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Fancy; };
                    PD5 = {isa = XCSwiftPackageProductDependency; package = LP3; productName = Fancy; };
                    LF = {isa = PBXFileReference; lastKnownFileType = folder; path = Packages/Local; sourceTree = "<group>"; };
                    PD6 = {isa = XCSwiftPackageProductDependency; productName = Local; };
                    PD7 = {isa = XCSwiftPackageProductDependency; productName = Missing; };
                    LP4 = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Broken; };
                    PD8 = {isa = XCSwiftPackageProductDependency; package = LP4; productName = Broken; };
                    PD9 = {isa = XCSwiftPackageProductDependency; productName = WorkspaceKit; };
                    T1 = {isa = PBXNativeTarget; buildPhases = (S1); dependencies = (TD1); name = NotifyExt; packageProductDependencies = (PD1, PD2, PD3, PD4, PD5, PD6, PD7, PD8, PD9); productType = "com.apple.product-type.app-extension"; };
                    F2 = {isa = PBXFileReference; path = Greeting.swift; sourceTree = "<group>"; };
                    G2 = {isa = PBXGroup; children = (F2, F4); path = SharedKit; sourceTree = "<group>"; };
                    F4 = {isa = PBXFileReference; path = Generated.swift; sourceTree = "<group>"; };
                    B4 = {isa = PBXBuildFile; fileRef = F4; };
                    B2 = {isa = PBXBuildFile; fileRef = F2; };
                    S2 = {isa = PBXSourcesBuildPhase; files = (B2, B4); };
                    C2 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME:c99extidentifier)"; }; name = Release; };
                    CL2 = {isa = XCConfigurationList; buildConfigurations = (C2); };
                    T2 = {isa = PBXNativeTarget; buildConfigurationList = CL2; buildPhases = (S2); name = "Shared Kit"; productType = "com.apple.product-type.framework"; };
                    TD1 = {isa = PBXTargetDependency; target = T2; };
                    F3 = {isa = PBXFileReference; path = Greeting.swift; sourceTree = "<group>"; };
                    G3 = {isa = PBXGroup; children = (F3); path = SharedKitWatch; sourceTree = "<group>"; };
                    B3 = {isa = PBXBuildFile; fileRef = F3; };
                    S3 = {isa = PBXSourcesBuildPhase; files = (B3); };
                    C3 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_MODULE_NAME = Shared_Kit; SDKROOT = watchos; }; name = Release; };
                    CL3 = {isa = XCConfigurationList; buildConfigurations = (C3); };
                    T0 = {isa = PBXNativeTarget; buildConfigurationList = CL3; buildPhases = (S3); name = "Shared Kit watchOS"; productType = "com.apple.product-type.framework"; };
                    P = {isa = PBXProject; mainGroup = G0; packageReferences = (LP1, LP2, RP1); targets = (T1, T2, T0); };
                };
                rootObject = P;
            }
            """
        let imported =
            imports.map { "import \($0)\n" }.joined() + "#if canImport(Fancy)\nimport Fancy\n#endif\n"
            + "#if canImport(Broken)\nimport Broken\nlet brokenMark = Broken.mark()\n#else\nlet brokenMark = \"\"\n#endif\n"
        let files = [
            "App.xcodeproj/project.pbxproj": project,
            "NotifyExt/Info.plist": XcodeProjectTargetTests.serviceInfoPlist,
            "NotifyExt/NotificationService.swift": """
            import UserNotifications
            \(imported)
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = Core.title(content.title) + brokenMark\(imports.contains("Shared_Kit") ? " + Greeting.mark" : "")
                    contentHandler(content)
                }
            }
            """,
            "Packages/Core/Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Core", dependencies: [.package(name: "Shared", path: "../Shared")],
                targets: [
                    .target(name: "Core", dependencies: ["Models"], resources: [.process("Resources")]),
                    .target(name: "Models", dependencies: ["Helpers"]),
                ])
            """,
            "Packages/Core/Sources/Core/Core.swift": """
            import Models
            #if os(macOS)
            import CoreMac
            #endif
            public enum Core { public static func title(_ text: String) -> String { Models.prefix + text + suffix } }
            // As SwiftPM and Xcode compile a package's target: SWIFT_PACKAGE set, Bundle.module its resources.
            #if SWIFT_PACKAGE
            let suffix = NSLocalizedString("suffix", bundle: .module, comment: "")
                + (Bundle.module.url(forResource: "mark", withExtension: "txt").map { try! String(contentsOf: $0, encoding: .utf8) } ?? "")
            #else
            let suffix = " (not a package)"
            #endif
            """,
            "Packages/Core/Sources/Core/Resources/en.lproj/Localizable.strings": "\"suffix\" = \" (en)\";\n",
            "Packages/Core/Sources/Core/Resources/Marks/mark.txt": "*",
            "Packages/Core/Sources/CoreMac/CoreMac.swift": "import AppKit\npublic let window = NSWindow()\n",
            "Packages/Shared/Package.swift": manifest("Shared", targets: ["Helpers"]),
            "Packages/Shared/Sources/Helpers/Helpers.swift":
                "public enum Helpers { public static let separator = \": \" }\n",
            // Linked, but Linux has no SwiftUI: the extension reaches it under canImport alone.
            "Packages/Fancy/Package.swift": manifest("Fancy"),
            "Packages/Fancy/Sources/Fancy/Fancy.swift":
                "import SwiftUI\nimport OneSignalExtension\npublic let accent = Color.accentColor\n"
                + "public func pause() { Thread.sleep(forTimeInterval: 1) }\n"
                + "public let identifier = Bundle.main.bundleIdentifier\n",
            "Packages/Local/Package.swift": manifest("Local"),
            "Packages/Local/Sources/Local/Local.swift": "public enum Local {}\n",
            // Added to the workspace, not the project: the target names its product alone.
            "App.xcworkspace/contents.xcworkspacedata": """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:App.xcodeproj">
               </FileRef>
               <FileRef
                  location = "group:Packages/WorkspaceKit">
               </FileRef>
               <FileRef
                  location = "container:Packages/Gone">
               </FileRef>
            </Workspace>
            """,
            "Packages/WorkspaceKit/Package.swift": manifest("WorkspaceKit"),
            "Packages/WorkspaceKit/Sources/WorkspaceKit/WorkspaceKit.swift": "public enum WorkspaceKit {}\n",
            // Linked, and wrong in a function's body: the compiler writes its interface before it fails.
            "Packages/Broken/Package.swift": manifest("Broken"),
            "Packages/Broken/Sources/Broken/Broken.swift":
                "public enum Broken { public static func mark() -> String { let n: Int = \"body\"; return \"\\(n)\" } }\n",
            "SharedKit/Greeting.swift": "public enum Greeting { public static let mark = \"!\" }\n",
            "SharedKitWatch/Greeting.swift": "public enum Greeting { public static let mark = \"(watch)\" }\n",
            "Packages/Core/Sources/Models/Models.swift":
                "import Helpers\npublic enum Models { public static let prefix = \"core\" + Helpers.separator }\n",
        ]
        try TemporaryDirectory.write(files, in: root)
        return root
    }

    /// A package manifest declaring `targets` (the package's name alone by default).
    static func manifest(_ name: String, targets: [String]? = nil) -> String {
        "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"\(name)\", targets: ["
            + (targets ?? [name]).map { ".target(name: \"\($0)\")" }.joined(separator: ", ") + "])\n"
    }

    @Test func aLocalPackagesProductAndItsSiblingTargetCompileBeforeTheExtensionAndRunInIt() async throws {
        let root = try Self.repository(imports: ["Core"])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("NotifyExt")
        let source = try UserExtensionSource.locate(folder.path)
        #expect(
            source.modules.map(\.name) == ["Fancy", "Broken", "Helpers", "Models", "Core"],
            "each after what it imports; not CoreMac, which Core imports under #if os(macOS)")
        let packages = root.standardizedFileURL.appendingPathComponent("Packages").path
        #expect(
            source.packageNotes == [
                "modules of the project for App.xcodeproj's target NotifyExt: Core (Swift package, "
                    + "\(packages)/Core/Sources/Core), Fancy (Swift package, \(packages)/Fancy/Sources/Fancy), Broken "
                    + "(Swift package, \(packages)/Broken/Sources/Broken), Models (Swift package, "
                    + "\(packages)/Core/Sources/Models), Helpers (Swift package, \(packages)/Shared/Sources/Helpers)"
            ], "Helpers from the package Core's Package.swift names by path")
        let note = try #require(source.packageNotes.first)
        #expect(source.projectNotes.contains(note))
        #expect(source.sdk == .onesignal, "Fancy imports OneSignal's module")
        #expect(source.mainBundle != nil, "Fancy reads Bundle.main (Core's NSLocalizedString reads its .module)")
        #expect(
            source.untimedCalls.contains { $0.hasPrefix("Fancy/Fancy.swift:4: Thread.sleep") }, "\(source.untimedCalls)"
        )
        // Fancy imports SwiftUI, which Linux lacks: left out, and the extension's canImport(Fancy) reads false.
        let builder = try CompiledExamples.builder()
        let loaded = try await UserExtensionLoader.loadOffThePool(folder.path, builder: builder)
        let built = loaded.built
        #expect(built.leftOutModules == ["Broken", "Fancy"])
        // What the run names and scans is what was compiled: Fancy's sleep and SDK are not the extension's.
        #expect(loaded.source.modules.map(\.name) == ["Helpers", "Models", "Core"])
        #expect(loaded.source.sdk == nil)
        #expect(loaded.source.mainBundle == nil, "only Fancy read it")
        #expect(
            loaded.source.packageNotes.first
                == "modules of the project for App.xcodeproj's target NotifyExt: Core (Swift package, "
                + "\(packages)/Core/Sources/Core), Models (Swift package, \(packages)/Core/Sources/Models), Helpers "
                + "(Swift package, \(packages)/Shared/Sources/Helpers)", "Fancy and Broken are not named taken")
        #expect(!loaded.source.untimedCalls.contains { $0.hasPrefix("Fancy/") }, "\(loaded.source.untimedCalls)")
        let cached = try await UserExtensionLoader.loadOffThePool(folder.path, builder: builder)
        #expect(cached.built.cached && cached.built.leftOutModules == ["Broken", "Fancy"])
        #expect(cached.source.modules.map(\.name) == ["Helpers", "Models", "Core"])
        #expect(
            built.notes.contains {
                $0.hasPrefix(
                    "Fancy (a local Swift package that App.xcodeproj's target NotifyExt links) is not compiled: it did "
                        + "not compile here (") && $0.contains("SwiftUI")
                    && $0.hasSuffix("so its #if canImport(Fancy) reads false, where an iPhone compiles the module")
            }, "\(built.notes)")
        // Broken fails in a function's body, after its interface was written: removed, so canImport reads false.
        #expect(
            built.notes.contains {
                $0.hasPrefix(
                    "Broken (a local Swift package that App.xcodeproj's target NotifyExt links) is not compiled: ")
                    && $0.contains("(Broken.swift:1:") && $0.contains("cannot convert")
            }, "\(built.notes)")
        let title = try await CompiledExamples.deliveredTitle(ofExtensionAt: folder, forTitle: "hello")
        #expect(title == "core: hello (en)*", "Core's localized string and file from its Bundle.module")
        #expect(loaded.source.modules.first { $0.name == "Core" }?.usesPackageResources == true)
        #expect(loaded.source.modules.first { $0.name == "Models" }?.usesPackageResources == false)
    }

    @Test func aFrameworkTargetOfTheProjectCompilesAsTheModuleItsSettingsName() async throws {
        let root = try Self.repository(imports: ["Core", "Shared_Kit"])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("NotifyExt")
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.modules.map(\.name) == ["Shared_Kit", "Fancy", "Broken", "Helpers", "Models", "Core"])
        #expect(
            source.packageNotes.contains(
                "not compiled in Shared_Kit: Generated.swift, which the project's framework target Shared Kit lists "
                    + "and is not on disk here (a file a build phase generates?)"), "\(source.packageNotes)")
        let framework = try #require(source.modules.first)
        #expect(framework.origin == "the project's framework target Shared Kit", "the one it depends on")
        #expect(framework.root.path == root.standardizedFileURL.appendingPathComponent("SharedKit").path)
        #expect(
            source.packageNotes.first?.contains(
                "Shared_Kit (framework target Shared Kit, 1 Swift file, \(framework.root.path))") == true,
            "\(source.packageNotes)")
        let title = try await CompiledExamples.deliveredTitle(ofExtensionAt: folder, forTitle: "hello")
        #expect(title == "core: hello (en)*!")
    }

    @Test(arguments: [
        ("Shared Kit", nil, nil, "Shared_Kit"), ("App", "Core-iOS", nil, "Core_iOS"), ("App", nil, "Mod", "Mod"),
        ("App", "$(TARGET_NAME)", nil, "App"), ("9Lives", nil, nil, "_9Lives"), ("Bar", "Foo", "$(TARGET_NAME)", "Bar"),
        ("Café", nil, nil, "Café"), ("App", "$(TARGET_NAME:c99extidentifier)Kit", nil, "AppKit"),
    ])
    func aFrameworksModuleNameIsDerivedAsXcodeDerivesIt(
        target: String, productName: String?, moduleName: String?, expected: String
    ) {
        var settings: [String: Any] = [:]
        settings["PRODUCT_NAME"] = productName
        settings["PRODUCT_MODULE_NAME"] = moduleName
        let objects: [String: [String: Any]] = [
            "C": ["isa": "XCBuildConfiguration", "name": "Release", "buildSettings": settings],
            "L": ["isa": "XCConfigurationList", "buildConfigurations": ["C"]],
        ]
        let resolved = XcodeBuildSettings(objects: objects, targetList: "L", projectList: nil)
        #expect(FrameworkTarget.moduleName(resolved, target: target) == expected)
    }

    @Test func aRemoteOrMissingPackagesProductIsNamedAndAGivenModuleIsNotLookedFor() throws {
        let root = try Self.repository(imports: ["Core", "RemoteKit", "Gone", "SwiftUI", "Missing"])
        defer { try? FileManager.default.removeItem(at: root) }
        // Fancy's own remote dependency, which its target names by the package's `name:`.
        try TemporaryDirectory.write(
            [
                "Packages/Fancy/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "Fancy",
                    dependencies: [.package(name: "Sparkle", url: "https://github.com/example/sparkle-project.git", from: "2.0.0")],
                    targets: [.target(name: "Fancy", dependencies: [.product(name: "SparkleCore", package: "Sparkle")])])
                """,
                "Packages/Fancy/Sources/Fancy/Fancy.swift": "import SparkleCore\n",
            ], in: root)
        let folder = root.appendingPathComponent("NotifyExt").path
        let source = try UserExtensionSource.locate(folder)
        #expect(source.modules.map(\.name) == ["Fancy", "Broken", "Helpers", "Models", "Core"])
        let notes = source.packageNotes
        #expect(notes.count == 5, "\(notes)")
        #expect(
            notes.contains(
                "not compiled: SparkleCore, a product of the remote Swift package "
                    + "https://github.com/example/sparkle-project.git that the local package Fancy's target Fancy "
                    + "depends on: nse-bench cannot fetch it, and no checkout of it is in the package's "
                    + ".build/checkouts (`swift package resolve` there makes one); give its sources with --module "
                    + "SparkleCore=PATH"),
            "\(notes)")
        #expect(
            notes.contains(
                "not compiled: Missing, which App.xcodeproj's target NotifyExt links: its package is not among the "
                    + "local packages of the project or a workspace beside it; give its sources with --module "
                    + "Missing=PATH"), "\(notes)")
        #expect(
            notes.contains(
                "not compiled: RemoteKit, a product of the remote Swift package https://github.com/example/RemoteKit "
                    + "that App.xcodeproj's target NotifyExt links: nse-bench cannot fetch it, and no checkout of it is "
                    + "beside the project (SourcePackages/checkouts or .build/checkouts); give its sources with --module "
                    + "RemoteKit=PATH"),
            "\(notes)")
        #expect(
            notes.contains {
                $0.hasPrefix("not compiled: Gone, which App.xcodeproj's target NotifyExt links (")
                    && $0.contains("nothing at \(root.standardizedFileURL.path)/Packages/Gone")
                    && $0.hasSuffix("give its sources with --module Gone=PATH")
            }, "\(notes)")
        #expect(!notes.contains { $0.contains("SwiftUI") }, "not a package the target links")

        // Given with --module, Core is the user's: the package's Core is not looked for, its Models not needed.
        let given = root.appendingPathComponent("GivenCore")
        try FileManager.default.createDirectory(at: given, withIntermediateDirectories: true)
        try "public enum Core { public static func title(_ t: String) -> String { t } }\n".write(
            to: given.appendingPathComponent("Core.swift"), atomically: true, encoding: .utf8)
        let withGiven = try UserExtensionSource.locate(
            root.appendingPathComponent("NotifyExt").path, modules: ["Core=\(given.path)"])
        #expect(withGiven.modules.map(\.name) == ["Core", "Fancy", "Broken"], "not the package's Core, nor its Models")
        #expect(withGiven.modules.first?.root.path == given.standardizedFileURL.path)
    }

    /// Remote packages SwiftPM or Xcode has checked out beside the project are compiled as local ones: the
    /// product the target links from `SourcePackages/checkouts` (xcodebuild's), and a local package's remote
    /// dependency from its `.build/checkouts` (`swift package resolve`), with that checkout's own sibling target.
    @Test func remotePackagesCheckedOutBesideTheProjectAreCompiled() throws {
        let root = try Self.repository(imports: ["Core", "RemoteKit"])
        defer { try? FileManager.default.removeItem(at: root) }
        try TemporaryDirectory.write(
            [
                "Packages/Fancy/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "Fancy",
                    dependencies: [.package(url: "https://github.com/example/Sparkle.git", from: "2.0.0")],
                    targets: [.target(name: "Fancy", dependencies: [.product(name: "SparkleCore", package: "Sparkle")])])
                """,
                "Packages/Fancy/Sources/Fancy/Fancy.swift": "import SparkleCore\npublic let spark = SparkleCore.mark\n",
                // `swift package resolve` in Fancy's folder, by hand: its checkout, named as the repository.
                "Packages/Fancy/.build/checkouts/sparkle/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "Sparkle",
                    products: [.library(name: "SparkleCore", targets: ["SparkleCore"])],
                    targets: [.target(name: "SparkleCore", dependencies: ["SparkleBase"]), .target(name: "SparkleBase")])
                """,
                "Packages/Fancy/.build/checkouts/sparkle/Sources/SparkleCore/Core.swift":
                    "import SparkleBase\npublic enum SparkleCore { public static let mark = SparkleBase.mark }\n",
                "Packages/Fancy/.build/checkouts/sparkle/Sources/SparkleBase/Base.swift":
                    "public enum SparkleBase { public static let mark = \"*\" }\n",
                // xcodebuild -clonedSourcePackagesDirPath SourcePackages: the project's remote product.
                "SourcePackages/checkouts/RemoteKit/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "RemoteKit", targets: [.target(name: "RemoteKit")])
                """,
                "SourcePackages/checkouts/RemoteKit/Sources/RemoteKit/RemoteKit.swift": "public enum RemoteKit {}\n",
            ], in: root)
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        let names = source.modules.map(\.name)
        for name in ["RemoteKit", "SparkleCore", "SparkleBase", "Fancy"] { #expect(names.contains(name), "\(names)") }
        #expect(names.firstIndex(of: "SparkleBase")! < names.firstIndex(of: "SparkleCore")!, "\(names)")
        #expect(names.firstIndex(of: "SparkleCore")! < names.firstIndex(of: "Fancy")!, "\(names)")
        let standardized = root.standardizedFileURL.path
        #expect(
            source.modules.first { $0.name == "RemoteKit" }?.origin
                == "a checkout of the remote Swift package https://github.com/example/RemoteKit")
        #expect(
            source.packageNotes.first?.contains(
                "RemoteKit (Swift package checkout, \(standardized)/SourcePackages/checkouts/RemoteKit/Sources/RemoteKit)"
            )
                == true, "\(source.packageNotes)")
        #expect(!source.packageNotes.contains { $0.contains("cannot fetch") }, "\(source.packageNotes)")
        let sparkle = "\(standardized)/Packages/Fancy/.build/checkouts/sparkle"
        #expect(
            source.modules.first { $0.name == "SparkleCore" }?.origin
                == "a checkout of the remote Swift package https://github.com/example/Sparkle.git")
        #expect(
            source.modules.first { $0.name == "SparkleBase" }?.origin
                == "a target of the remote Swift package https://github.com/example/Sparkle.git, checked out at "
                + sparkle, "a sibling target of the checkout, named as one")
        #expect(source.modules.first { $0.name == "SparkleCore" }?.root.path == sparkle + "/Sources/SparkleCore")
    }

    /// A module of a checked-out package whose product has another name (`import XCore` of a product `X`)
    /// is found by its target; a name no checkout's manifest holds is not looked for further.
    @Test func aCheckoutsModuleOfAnotherNameIsFoundByItsTarget() throws {
        let root = try Self.repository(imports: ["Core", "SparkleLite"])
        defer { try? FileManager.default.removeItem(at: root) }
        try TemporaryDirectory.write(
            [
                "SourcePackages/checkouts/sparkle-project/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(
                    name: "Sparkle",
                    products: [.library(name: "Sparkle", targets: ["SparkleLite"])],
                    targets: [.target(name: "SparkleLite")])
                """,
                "SourcePackages/checkouts/sparkle-project/Sources/SparkleLite/Lite.swift":
                    "public enum SparkleLite {}\n",
            ], in: root)
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        let lite = try #require(source.modules.first { $0.name == "SparkleLite" }, "\(source.modules.map(\.name))")
        #expect(
            lite.origin
                == "a target of the Swift package checked out at \(root.standardizedFileURL.path)/SourcePackages/"
                + "checkouts/sparkle-project")
    }

    /// The project's own checkout of a product it links is taken before an older one a local package resolved;
    /// a checkout without a Swift target of the module's name is named as such; `.build/checkouts` beside the
    /// project is read too.
    @Test func theProjectsCheckoutFirstAndACheckoutWithoutTheTargetNamed() throws {
        let root = try Self.repository(imports: ["Core", "RemoteKit", "BinaryKit"])
        defer { try? FileManager.default.removeItem(at: root) }
        func package(_ name: String, mark: String) -> [String: String] {
            [
                "Package.swift":
                    "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"\(name)\", "
                    + "targets: [.target(name: \"\(name)\")])\n",
                "Sources/\(name)/\(name).swift": "public enum \(name) { public static let mark = \"\(mark)\" }\n",
            ]
        }
        var files: [String: String] = [:]
        for (path, text) in package("RemoteKit", mark: "old") {
            files["Packages/Core/.build/checkouts/RemoteKit/" + path] = text
        }
        for (path, text) in package("RemoteKit", mark: "new") { files[".build/checkouts/remotekit/" + path] = text }
        // A binary target's package: nothing Swift to compile.
        files["SourcePackages/checkouts/BinaryKit/Package.swift"] =
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"BinaryKit\", "
            + "targets: [.binaryTarget(name: \"BinaryKit\", path: \"BinaryKit.xcframework\")])\n"
        try TemporaryDirectory.write(files, in: root)
        // The project links BinaryKit from its repository too.
        let projectFile = root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        let project = try String(contentsOf: projectFile, encoding: .utf8)
        let links = "packageProductDependencies = (PD1, PD2,"
        #expect(project.contains(links))
        try project.replacingOccurrences(of: links, with: "packageProductDependencies = (PD1, PD2, PB1,")
            .replacingOccurrences(
                of: "PD9 = {",
                with: "RP2 = {isa = XCRemoteSwiftPackageReference; repositoryURL = "
                    + "\"https://github.com/example/BinaryKit.git\"; };\n"
                    + "PB1 = {isa = XCSwiftPackageProductDependency; package = RP2; productName = BinaryKit; };\nPD9 = {"
            ).write(to: projectFile, atomically: true, encoding: .utf8)
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        let standardized = root.standardizedFileURL.path
        #expect(
            source.modules.first { $0.name == "RemoteKit" }?.root.path
                == "\(standardized)/.build/checkouts/remotekit/Sources/RemoteKit",
            "the project's own checkout, not Core's older one: \(source.modules.map(\.root.path))")
        #expect(
            source.packageNotes.contains(
                "not compiled: BinaryKit, a product of the remote Swift package https://github.com/example/BinaryKit.git "
                    + "that App.xcodeproj's target NotifyExt links: its checkout at \(standardized)/SourcePackages/"
                    + "checkouts/BinaryKit has no Swift target BinaryKit (a binary, C or Objective-C target, or a module "
                    + "of another name); give its sources with --module BinaryKit=PATH"), "\(source.packageNotes)")
    }

    @Test func anExtensionThatNeedsAModuleLeftOutHearsThatModulesCompileError() async throws {
        let root = try Self.repository(imports: ["Core", "Broken"])
        defer { try? FileManager.default.removeItem(at: root) }
        // Its manifest does not read either: the note that says so comes with the error.
        try TemporaryDirectory.write(
            ["Packages/Broken/Package.swift": "// swift-tools-version:5.9\nlet x = \n"], in: root)
        do {
            _ = try await UserExtensionLoader.loadOffThePool(
                root.appendingPathComponent("NotifyExt").path, builder: try CompiledExamples.builder())
            Issue.record("an extension importing a module that does not compile was built")
        } catch let error as UserExtensionError {
            guard case .moduleCompileFailed("Broken", _, let origin, let messages, _) = error else {
                Issue.record("expected Broken's own compile failure, got \(error)")
                return
            }
            #expect(origin == "a local Swift package that App.xcodeproj's target NotifyExt links")
            #expect(messages.contains("cannot convert"))
            #expect(
                messages.contains("\n(modules of the project for App.xcodeproj's target NotifyExt: "),
                "what the run took from the project follows, as for the extension's own failure: \(messages)")
            #expect(
                messages.contains(
                    "\n(not read: the Swift package manifest \(root.standardizedFileURL.path)/Packages/Broken/"),
                "the left-out module's manifest note too: \(messages)")
        }
    }

    @Test func aFailedCompileNamesTheModulesTheCompilerMissedNotThoseItsNotesName() async throws {
        // Fancy's note names SwiftUI, which it lacks; the extension itself lacks only RemoteKit.
        let root = try Self.repository(imports: ["Core", "RemoteKit"])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try await UserExtensionLoader.loadOffThePool(
                root.appendingPathComponent("NotifyExt").path, builder: try CompiledExamples.builder())
            Issue.record("an extension importing a remote package's product was built")
        } catch let error as UserExtensionError {
            guard case .compileFailed(_, let messages, let missing) = error else {
                Issue.record("expected the extension's compile failure, got \(error)")
                return
            }
            #expect(missing == ["RemoteKit"])
            #expect(messages.contains("no such module 'SwiftUI'"), "Fancy's note, after the compiler's messages")
        }
    }

    @Test func aPackageManifestsPathDependenciesAreReadWithoutItsComments() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try TemporaryDirectory.write(
            [
                "Core/Package.swift": """
                let package = Package(name: "Core", dependencies: [
                    .package(url: "https://github.com/example/Remote", from: "1.0.0"), .package(path: "../A"),
                    // .package(path: "../Commented"),
                    /* .package(path: "../Blocked"), */
                    .package(name: "B", path : "../B"),
                    .package(
                        path: #"../Raw"#
                    ),
                    .package(path: "\\(root)/Interpolated"),
                ])
                """
            ], in: root)
        let folders = ProjectModules.pathDependencies(of: root.appendingPathComponent("Core"))
        #expect(folders.map(\.lastPathComponent) == ["A", "B", "Raw"])
        #expect(folders.first?.path == root.standardizedFileURL.appendingPathComponent("A").path)
        #expect(ProjectModules.pathDependencies(of: root.appendingPathComponent("None")).isEmpty)
    }

    @Test func modulesThatImportEachOtherAreNoneTakenAndNoneNamedTaken() throws {
        let root = try Self.repository(imports: ["Core"])
        defer { try? FileManager.default.removeItem(at: root) }
        try TemporaryDirectory.write(
            [
                "Packages/Core/Package.swift": Self.manifest("Core", targets: ["Core", "Models", "Loop"]),
                "Packages/Core/Sources/Core/Cycle.swift": "#if canImport(Loop)\nimport Loop\n#endif\n",
                "Packages/Core/Sources/Loop/Loop.swift": "import Core\n",
            ], in: root)
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        #expect(source.modules.isEmpty)
        #expect(!source.packageNotes.contains { $0.hasPrefix("modules of the project") }, "\(source.packageNotes)")
        #expect(
            source.packageNotes.contains {
                $0.hasPrefix("not compiled: the project's modules ") && $0.contains("Loop")
                    && $0.hasSuffix(
                        "which import each other or a --module that imports them: give their sources with --module")
            }, "\(source.packageNotes)")
    }

    @Test func aWorkspacesFileReferencesAreReadWithTheirKinds() {
        let contents = """
            <Workspace version = "1.0">
               <FileRef location = "group:App.xcodeproj"></FileRef>
               <FileRef
                  location = "absolute:/src/Kit">
               </FileRef>
               <Group location = "container:" name = "Packages"></Group>
               <FileRef location="container:Packages/Core"/>
            </Workspace>
            """
        let read = XcodeWorkspace.locations(in: contents)
        #expect(read.map(\.kind) == ["group", "absolute", "container"], "a Group is no FileRef")
        #expect(read.map(\.path) == ["App.xcodeproj", "/src/Kit", "Packages/Core"])
        #expect(XcodeWorkspace.packageFolders(in: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")).isEmpty)
    }

    @Test func theProjectFileNamesTheProductsAndTheLocalPackages() throws {
        let root = try Self.repository(imports: [])
        defer { try? FileManager.default.removeItem(at: root) }
        let project = try XcodeProjectTarget.read(
            project: root.appendingPathComponent("App.xcodeproj/project.pbxproj"), projectFolder: root)
        let target = try #require(project.target(containing: root.appendingPathComponent("NotifyExt")))
        let packages = root.standardizedFileURL.appendingPathComponent("Packages")
        #expect(
            target.packageProducts == [
                .init(name: "Core", place: .folder(packages.appendingPathComponent("Core"))),
                .init(name: "RemoteKit", place: .repository("https://github.com/example/RemoteKit")),
                .init(name: "Gone", place: .folder(packages.appendingPathComponent("Gone"))),
                .init(name: "Fancy", place: .folder(packages.appendingPathComponent("Fancy"))),
                .init(name: "Local", place: .folder(packages.appendingPathComponent("Local"))),
                .init(name: "Missing", place: .unknown),
                .init(name: "Broken", place: .folder(packages.appendingPathComponent("Broken"))),
                .init(name: "WorkspaceKit", place: .folder(packages.appendingPathComponent("WorkspaceKit"))),
            ], "a plugin is no module; Local, without a package, found by its folder reference")
        #expect(
            target.localPackageFolders
                == ["Local", "Core", "Fancy", "Broken", "WorkspaceKit"].map { packages.appendingPathComponent($0) },
            "Gone has no Package.swift; a folder reference holding one counts, and the workspace's package")
    }
}
