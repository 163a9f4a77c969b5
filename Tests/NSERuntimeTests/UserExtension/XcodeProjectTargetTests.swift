import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

/// An Xcode project's target membership: the files outside an extension's folder that its target compiles
/// (a model shared with the app, a file of a synchronized folder), found and compiled with it.
@Suite("User extension: the Xcode project's target", .timeLimit(.minutes(3)))
struct XcodeProjectTargetTests {
    /// A project with an extension target `NotifyExt` (its folder's `NotificationService.swift`, not its
    /// `Old.swift`; `App/Models/Models.swift` and `Shared/Crypto.swift` by reference; the synchronized
    /// folder `SyncedShared`, less `Skip.swift`; a localized `Localizable.strings` of `App/Models` as a
    /// resource; its Release Info.plist `NotifyExt/Info.plist`) and an app target compiling `AppOnly.swift`.
    /// Paths are group-relative, `SOURCE_ROOT` and synchronized.
    static let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 77;
            objects = {
                F1 = {isa = PBXFileReference; path = NotificationService.swift; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; path = Models.swift; sourceTree = "<group>"; };
                F3 = {isa = PBXFileReference; path = Shared/Crypto.swift; sourceTree = SOURCE_ROOT; };
                F4 = {isa = PBXFileReference; path = AppOnly.swift; sourceTree = "<group>"; };
                F5 = {isa = PBXFileReference; name = Foundation.framework; path = System/Library/Frameworks/Foundation.framework; sourceTree = SDKROOT; };
                L1 = {isa = PBXFileReference; name = en; path = en.lproj/Localizable.strings; sourceTree = "<group>"; };
                L2 = {isa = PBXFileReference; name = de; path = de.lproj/Localizable.strings; sourceTree = "<group>"; };
                V1 = {isa = PBXVariantGroup; children = (L1, L2); name = Localizable.strings; sourceTree = "<group>"; };
                D1 = {isa = PBXFileReference; lastKnownFileType = folder; path = Sounds; sourceTree = "<group>"; };
                G0 = {isa = PBXGroup; children = (G1, G2, G3, SG, SG2); sourceTree = "<group>"; };
                G1 = {isa = PBXGroup; children = (F1); path = NotifyExt; sourceTree = "<group>"; };
                G2 = {isa = PBXGroup; children = (F2, F4, V1, D1); path = App/Models; sourceTree = "<group>"; };
                G3 = {isa = PBXGroup; children = (F3, F5); name = Other; sourceTree = "<group>"; };
                SG = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX); path = SyncedShared; sourceTree = "<group>"; };
                EX = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Skip.swift, AppOnly); target = T1; };
                SG2 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX2); path = AppShared; sourceTree = "<group>"; };
                EX2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Given.swift); target = T1; };
                B1 = {isa = PBXBuildFile; fileRef = F1; };
                B2 = {isa = PBXBuildFile; fileRef = F2; };
                B3 = {isa = PBXBuildFile; fileRef = F3; };
                B4 = {isa = PBXBuildFile; fileRef = F4; };
                B5 = {isa = PBXBuildFile; fileRef = F5; };
                B6 = {isa = PBXBuildFile; fileRef = V1; };
                B7 = {isa = PBXBuildFile; fileRef = D1; };
                S1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, B3); };
                S2 = {isa = PBXSourcesBuildPhase; files = (B2, B4); };
                K1 = {isa = PBXFrameworksBuildPhase; files = (B5); };
                R1 = {isa = PBXResourcesBuildPhase; files = (B6, B7); };
                C1 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/Config/Debug-Info.plist"; SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG APP_EXTENSION"; }; name = Debug; };
                C2 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "${TARGET_NAME}/Info.plist"; SWIFT_ACTIVE_COMPILATION_CONDITIONS = "APP_EXTENSION $(inherited)"; }; name = Release; };
                CL1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2); };
                T1 = {isa = PBXNativeTarget; buildConfigurationList = CL1; buildPhases = (S1, K1, R1); fileSystemSynchronizedGroups = (SG); name = NotifyExt; productType = "com.apple.product-type.app-extension"; };
                T2 = {isa = PBXNativeTarget; buildPhases = (S2); fileSystemSynchronizedGroups = (SG2); name = App; productType = "com.apple.product-type.application"; };
                P = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
            };
            rootObject = P;
        }
        """

    /// A Notification Service Extension's Info.plist.
    static let serviceInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSExtension</key><dict>
        <key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string>
        <key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).NotificationService</string>
        </dict></dict></plist>
        """

    /// The repository laid out as the project says, in a new temporary folder.
    static func repository() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-target-\(UUID().uuidString)")
        let files = [
            "App.xcodeproj/project.pbxproj": project,
            "NotifyExt/Info.plist": serviceInfoPlist,
            // Uses the shared files' types without importing anything of theirs, as in one Xcode target.
            "NotifyExt/NotificationService.swift": """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = RichPush(title: Crypto.open(content.title)).title + Helper.suffix + Given.mark
                    contentHandler(content)
                }
            }
            """,
            // Left in the folder, no longer in the target: Xcode does not compile it.
            "NotifyExt/Old.swift": "let stale: Int = \"no longer compiles\"\n",
            // Shared with the app: what only the app compiles, and what only a Debug build does, are left out.
            "App/Models/Models.swift": """
            struct RichPush { let title: String }
            #if !APP_EXTENSION
            let appOnly: Int = "the app's alone"
            func pause() { Thread.sleep(forTimeInterval: 1) }
            #endif
            #if DEBUG
            let debugOnly: Int = "not in a shipped extension"
            #endif
            """,
            "App/Models/AppOnly.swift":
                "import SwiftUI\nstruct AppView: View { var body: some View { Text(\"app\") } }\n",
            "App/Models/en.lproj/Localizable.strings": "\"hello\" = \"Hello\";\n",
            "App/Models/de.lproj/Localizable.strings": "\"hello\" = \"Hallo\";\n",
            "App/Models/Sounds/ding.caf": "not really a sound",
            "SyncedShared/AppOnly/View.swift":
                "import SwiftUI\nstruct Inner: View { var body: some View { Text(\"x\") } }\n",
            "AppShared/Given.swift": "enum Given { static let mark = \"!\" }\n",
            "SyncedShared/Shared.xcstrings": #"{"sourceLanguage": "en", "strings": {"k": {}}}"#,
            "AppShared/Other.swift": "import SwiftUI\nstruct Other: View { var body: some View { Text(\"x\") } }\n",
            "Shared/Crypto.swift":
                "enum Crypto { static func open(_ text: String) -> String { String(text.reversed()) } }\n",
            "SyncedShared/Helper.swift": "enum Helper { static let suffix = \" (opened)\" }\n",
            "SyncedShared/Skip.swift": "import SwiftUI\nlet skipped: some View = Text(\"not the extension's\")\n",
        ]
        try TemporaryDirectory.write(files, in: root)
        return root
    }

    /// The title `root`'s `NotifyExt`, loaded, delivers for a payload titled "olleh": its shared files'
    /// doing ("hello (opened)!").
    static func deliveredTitle(_ root: URL) async throws -> String {
        try await CompiledExamples.deliveredTitle(
            ofExtensionAt: root.appendingPathComponent("NotifyExt"), forTitle: "olleh")
    }

    @Test func theExtensionsTargetIsFoundWithItsFilesFromElsewhere() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let project = try XcodeProjectTarget.read(
            project: root.appendingPathComponent("App.xcodeproj/project.pbxproj"), projectFolder: root)
        #expect(project.targets.map(\.name) == ["NotifyExt"], "only app extensions")
        let target = try #require(project.target(containing: root.appendingPathComponent("NotifyExt")))
        let relative = Set(target.swiftFiles.map { String($0.path.dropFirst(root.standardizedFileURL.path.count + 1)) })
        #expect(
            relative == [
                "NotifyExt/NotificationService.swift", "App/Models/Models.swift", "Shared/Crypto.swift",
                "SyncedShared/Helper.swift", "AppShared/Given.swift",
            ], "a file, a subfolder excluded; one given by the app's synchronized folder")
        let placed = try ExtensionMainBundle.resources(
            in: root.appendingPathComponent("NotifyExt"), files: [], outside: target.resources)
        #expect(
            placed.resources.map(\.bundlePath).sorted() == [
                "Sounds/ding.caf", "de.lproj/Localizable.strings", "en.lproj/Localizable.strings",
                "en.lproj/Shared.strings",
            ], "localized variants in their .lproj, a folder reference with its folder, a synchronized folder's catalog"
        )
        #expect(placed.duplicates.isEmpty)
        #expect(project.target(containing: root.appendingPathComponent("Elsewhere")) == nil, "none compiles it")
        #expect(target.infoPlist?.path == root.appendingPathComponent("NotifyExt/Info.plist").standardizedFileURL.path)
    }

    @Test func objectiveCTheTargetCompilesFromElsewhereIsNamedNotDropped() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        // The target compiles an Objective-C file by reference (beside a bridging header) and its synchronized
        // folder holds another: before, both were passed over without a word and the rest compiled.
        let pbxproj = root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        let project = Self.project
            .replacingOccurrences(
                of: "B1 = {isa = PBXBuildFile; fileRef = F1; };",
                with: "B1 = {isa = PBXBuildFile; fileRef = F1; };\n B9 = {isa = PBXBuildFile; fileRef = F9; };\n "
                    + "F9 = {isa = PBXFileReference; path = Shared/Bridge.m; sourceTree = SOURCE_ROOT; };\n"
                    // Built for the Mac alone (a Catalyst app's file): never compiled for an iPhone.
                    + "B10 = {isa = PBXBuildFile; fileRef = F10; platformFilter = macos; };\n"
                    + "B11 = {isa = PBXBuildFile; fileRef = F10; platformFilters = (maccatalyst, macos, ); };\n"
                    + "F10 = {isa = PBXFileReference; path = Shared/MacOnly.m; sourceTree = SOURCE_ROOT; };"
            )
            .replacingOccurrences(of: "files = (B1, B2, B3);", with: "files = (B1, B2, B3, B9, B10, B11);")
        try Data(project.utf8).write(to: pbxproj)
        try TemporaryDirectory.write(
            ["Shared/Bridge.m": "@implementation Bridge @end\n", "SyncedShared/Legacy.m": "\n"], in: root)
        let target = try #require(
            try XcodeProjectTarget.read(project: pbxproj, projectFolder: root)
                .target(containing: root.appendingPathComponent("NotifyExt")))
        #expect(target.foreignSources.map(\.lastPathComponent) == ["Bridge.m", "Legacy.m"])
        #expect(!target.resources.contains { $0.pathExtension == "m" }, "a source is not a resource")
        let folder = root.appendingPathComponent("NotifyExt").path
        #expect(
            throws: UserExtensionError.objectiveCSources(
                path: folder, files: ["../Shared/Bridge.m", "../SyncedShared/Legacy.m"], target: "NotifyExt")
        ) {
            try UserExtensionSource.locate(folder)
        }
        let message = UserExtensionError.objectiveCSources(
            path: folder, files: ["../Shared/Bridge.m"], target: "NotifyExt")
        #expect(message.isUsageError)
        #expect(message.description.hasPrefix("the Xcode target NotifyExt of \(folder) compiles Objective-C"))
    }

    @Test func theSharedFilesCompileIntoTheExtensionAndRunInIt() async throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        #expect(source.projectTarget == "App.xcodeproj's target NotifyExt")
        #expect(
            source.projectSources.map(\.lastPathComponent) == [
                "Models.swift", "Given.swift", "Crypto.swift", "Helper.swift",
            ])
        #expect(source.sources.count == 5)
        #expect(source.sourcesLeftOut.map(\.lastPathComponent) == ["Old.swift"], "in the folder, not the target")
        #expect(source.projectInfoPlist == nil, "the folder's own")
        #expect(source.compilationConditions == ["APP_EXTENSION"], "Release's, not Debug's")
        #expect(source.untimedCalls.isEmpty, "the source scan reads no branch the build leaves out")
        #expect(source.projectConfiguration == "Release")
        #expect(try await Self.deliveredTitle(root) == "hello (opened)!")
    }

    /// The messages of `root`'s `NotifyExt` failing to compile; nil when it compiled (any other failure is
    /// thrown).
    static func compileFailureMessages(_ root: URL) async throws -> String? {
        do {
            _ = try await CompiledExamples.builder().buildOffThePool(
                try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path))
            return nil
        } catch let error as UserExtensionError {
            guard case .compileFailed(_, let messages, _) = error else { throw error }
            return messages
        }
    }

    @Test func aSharedFileThatDoesNotCompileSaysWhyItWasCompiled() async throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        try "struct RichPush { let title: String }\nlet broken: Int = \"x\"\n".write(
            to: root.appendingPathComponent("App/Models/Models.swift"), atomically: true, encoding: .utf8)
        let found = try await Self.compileFailureMessages(root)
        let messages = try #require(found)
        #expect(
            messages.contains("App/Models/Models.swift:2:19: error")
                && messages.contains(
                    "because App.xcodeproj's target NotifyExt compiles Models.swift into the extension"),
            "\(messages)")
    }

    @Test func aCompileThatFailsSaysWhatTheProjectLeftOut() async throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        // The extension uses a type of a file its target no longer compiles.
        try "enum Legacy { static let mark = \"?\" }\n".write(
            to: root.appendingPathComponent("NotifyExt/Old.swift"), atomically: true, encoding: .utf8)
        let service = root.appendingPathComponent("NotifyExt/NotificationService.swift")
        try String(contentsOf: service, encoding: .utf8).replacingOccurrences(of: "Given.mark", with: "Legacy.mark")
            .write(to: service, atomically: true, encoding: .utf8)
        let found = try await Self.compileFailureMessages(root)
        let messages = try #require(found)
        #expect(
            messages.contains("cannot find 'Legacy' in scope")
                && messages.contains(
                    "(not compiled: Old.swift, in the folder but not in App.xcodeproj's target NotifyExt)")
                && messages.contains("(compilation conditions: APP_EXTENSION, as App.xcodeproj's target NotifyExt's"),
            "\(messages)")
    }

    @Test func aProjectFileThatIsNoProjectIsPassedOverAndNamed() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        try "{ this is not".write(to: file, atomically: true, encoding: .utf8)
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        #expect(source.projectSources.isEmpty)
        #expect(source.unreadableProjects.count == 1)
        #expect(source.unreadableProjects.first?.hasPrefix(file.path + ": ") == true)
    }

    /// A repository that keeps XcodeGen's or Tuist's spec instead of the project it generates: the run says the
    /// project is not there to read, and how to make it; with the project beside it, nothing is said.
    @Test func aGeneratorsSpecWithoutItsProjectIsNamed() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("NotifyExt").path
        #expect(try UserExtensionSource.locate(folder).ungeneratedProjects.isEmpty, "the generated project is there")
        try "name: App\ntargets:\n  NotifyExt:\n    type: app-extension\n".write(
            to: root.appendingPathComponent("project.yml"), atomically: true, encoding: .utf8)
        #expect(try UserExtensionSource.locate(folder).ungeneratedProjects.isEmpty, "the generated project is there")
        try FileManager.default.removeItem(at: root.appendingPathComponent("App.xcodeproj"))
        // A model type named Project in the extension's folder is no Tuist spec.
        try "struct Project { var name: String }\n".write(
            to: root.appendingPathComponent("NotifyExt/Project.swift"), atomically: true, encoding: .utf8)
        try "import ProjectDescription\nlet project = Project(name: \"App\")\n".write(
            to: root.appendingPathComponent("Project.swift"), atomically: true, encoding: .utf8)
        let source = try UserExtensionSource.locate(folder)
        let standardized = root.standardizedFileURL.path
        #expect(
            source.ungeneratedProjects == [
                "not read: XcodeGen's \(standardized)/project.yml (no Xcode project generated from it has this "
                    + "folder's target): files it compiles into the extension from outside the folder, its packages "
                    + "and build settings are not known; run `xcodegen generate` before the run, or give shared code "
                    + "with --module NAME=PATH",
                "not read: Tuist's \(standardized)/Project.swift (no Xcode project generated from it has this "
                    + "folder's target): files it compiles into the extension from outside the folder, its packages "
                    + "and build settings are not known; run `tuist generate` before the run, or give shared code "
                    + "with --module NAME=PATH",
            ], "\(source.ungeneratedProjects)")
        #expect(source.projectNotes.contains(source.ungeneratedProjects[0]))
    }

    /// Sets the extension target's Release `INFOPLIST_FILE` to `setting`; returns the project file.
    @discardableResult
    static func settingInfoPlist(_ root: URL, to setting: String) throws -> URL {
        let projectFile = root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        try String(contentsOf: projectFile, encoding: .utf8)
            .replacingOccurrences(of: "\"${TARGET_NAME}/Info.plist\"", with: "\"\(setting)\"")
            .write(to: projectFile, atomically: true, encoding: .utf8)
        return projectFile
    }

    /// An Info.plist kept outside the extension's folder, as the target's `INFOPLIST_FILE` names it.
    static func withInfoPlistElsewhere(_ root: URL, setting: String) throws {
        try settingInfoPlist(root, to: setting)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Config"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("NotifyExt/Info.plist"),
            to: root.appendingPathComponent("Config/NotifyExt-Info.plist"))
    }

    @Test func anInfoPlistElsewhereNamesThePrincipalClassAndTheTargetStillCompilesItsFiles() async throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.withInfoPlistElsewhere(root, setting: "$(SRCROOT)/Config/NotifyExt-Info.plist")
        // A second subclass: only the Info.plist says which one is the extension.
        let service = root.appendingPathComponent("NotifyExt/NotificationService.swift")
        try
            (String(contentsOf: service, encoding: .utf8)
            + "\nclass Spare: UNNotificationServiceExtension {}\n").write(
                to: service, atomically: true, encoding: .utf8)
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        #expect(source.projectTarget == "App.xcodeproj's target NotifyExt")
        #expect(
            source.projectInfoPlist?.path
                == root.appendingPathComponent("Config/NotifyExt-Info.plist").standardizedFileURL.path)
        #expect(source.principalClass == "NotificationService")
        #expect(source.projectSources.count == 4, "the target's files from elsewhere still compile in")
        #expect(source.sourcesLeftOut.map(\.lastPathComponent) == ["Old.swift"])
        #expect(try await Self.deliveredTitle(root) == "hello (opened)!")
    }

    @Test func theTargetsInfoPlistWinsOverTheFoldersWhenAnAppSharesTheFolder() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        // The app's Info.plist and the extension's side by side in one folder, as automic-vault keeps them.
        try Self.settingInfoPlist(root, to: "$(TARGET_NAME)/NotifyExt-Info.plist")
        let folder = root.appendingPathComponent("NotifyExt")
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("Info.plist"), to: folder.appendingPathComponent("NotifyExt-Info.plist"))
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleName</key><string>App</string></dict></plist>
        """.write(to: folder.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.principalClass == "NotificationService")
        #expect(
            source.projectInfoPlist?.path
                == folder.appendingPathComponent("NotifyExt-Info.plist").standardizedFileURL.path)
        #expect(source.sourcesLeftOut.map(\.lastPathComponent) == ["Old.swift"], "the app's files are not compiled")
        #expect(source.unreadableProjects.isEmpty)
    }

    @Test func aProjectSomeFoldersAboveIsFoundUpToTheRepositorysRoot() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        // The extension two folders down, as home-assistant keeps `Sources/Extensions/NotificationService`.
        try Self.settingInfoPlist(root, to: "Sources/Extensions/NotifyExt/Info.plist")
        let projectFile = root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        let project = try String(contentsOf: projectFile, encoding: .utf8)
        #expect(project.contains("path = NotifyExt;"))
        try project.replacingOccurrences(of: "path = NotifyExt;", with: "path = Sources/Extensions/NotifyExt;")
            .write(to: projectFile, atomically: true, encoding: .utf8)
        let folder = root.appendingPathComponent("Sources/Extensions/NotifyExt")
        try FileManager.default.createDirectory(
            at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: root.appendingPathComponent("NotifyExt"), to: folder)
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.projectTarget == "App.xcodeproj's target NotifyExt")
        #expect(source.projectSources.count == 4)
        // A repository's root ends the search: a project above it is another repository's.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Sources/.git"), withIntermediateDirectories: true)
        let alone = try UserExtensionSource.locate(folder.path)
        #expect(alone.projectTarget == nil)
        #expect(alone.projectSources.isEmpty)
    }

    @Test(arguments: [false, true])
    func aTargetWhoseInfoPlistIsAnotherExtensionPointsIsNotTheExtensions(folderHasItsOwn: Bool) throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.withInfoPlistElsewhere(root, setting: "Config/NotifyExt-Info.plist")
        let plist = root.appendingPathComponent("Config/NotifyExt-Info.plist")
        let text = try String(contentsOf: plist, encoding: .utf8)
        if folderHasItsOwn {
            try text.write(to: root.appendingPathComponent("NotifyExt/Info.plist"), atomically: true, encoding: .utf8)
        }
        try text.replacingOccurrences(of: "com.apple.usernotifications.service", with: "com.apple.widgetkit-extension")
            .write(to: plist, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: root.appendingPathComponent("NotifyExt/Old.swift"))
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        #expect(source.projectTarget == nil, "a widget's target decides nothing of the extension's files")
        #expect(source.projectSources.isEmpty)
        #expect(source.principalClass == "NotificationService")
        #expect(source.unreadableProjects.isEmpty)
        #expect(source.infoPlistsPassedOver.count == 1)
        #expect(
            source.infoPlistsPassedOver.first?.hasPrefix(
                "\(plist.standardizedFileURL.path), as App.xcodeproj's target NotifyExt names it (") == true,
            "\(source.infoPlistsPassedOver)")
        #expect(source.infoPlistsPassedOver.first?.hasSuffix("the target is not taken as the extension's") == true)
    }

    /// A widget target synchronizing `Sources/Extensions`, less the Notification Service Extension's
    /// `NotificationService/NotificationService.swift`, which its exception gives the extension's target, as
    /// home-assistant/iOS's project does; the extension's Info.plist in its `Resources/`.
    static let widgetAndExtensionProject = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 77;
            objects = {
                SG = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX, EX2); path = Sources/Extensions; sourceTree = "<group>"; };
                EX = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (NotificationService/NotificationService.swift, NotificationService/Resources/Info.plist); target = TW; };
                EX2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (NotificationService/NotificationService.swift); target = TN; };
                G0 = {isa = PBXGroup; children = (SG); sourceTree = "<group>"; };
                CW = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Sources/Extensions/Widgets/Resources/Info.plist; }; name = Release; };
                CN = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Sources/Extensions/NotificationService/Resources/Info.plist; }; name = Release; };
                LW = {isa = XCConfigurationList; buildConfigurations = (CW); };
                LN = {isa = XCConfigurationList; buildConfigurations = (CN); };
                TW = {isa = PBXNativeTarget; buildConfigurationList = LW; buildPhases = (); fileSystemSynchronizedGroups = (SG); name = "Extensions-Widgets"; productType = "com.apple.product-type.app-extension"; };
                TN = {isa = PBXNativeTarget; buildConfigurationList = LN; buildPhases = (); name = "Extensions-NotificationService"; productType = "com.apple.product-type.app-extension"; };
                P = {isa = PBXProject; mainGroup = G0; targets = (TW, TN); };
            };
            rootObject = P;
        }
        """

    /// The widget and extension project `project` laid out, in a new temporary folder; its extension's folder.
    static func widgetRepository(_ project: String) throws -> (root: URL, folder: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-widget-\(UUID().uuidString)")
        let files = [
            "App.xcodeproj/project.pbxproj": project,
            "Sources/Extensions/NotificationService/NotificationService.swift": CompiledExamples.minimal,
            "Sources/Extensions/NotificationService/Resources/Info.plist": serviceInfoPlist,
            "Sources/Extensions/Widgets/Widget.swift":
                "import SwiftUI\nstruct W: View { var body: some View { Text(\"w\") } }\n",
            "Sources/Extensions/Widgets/Resources/Info.plist": serviceInfoPlist.replacingOccurrences(
                of: "com.apple.usernotifications.service", with: "com.apple.widgetkit-extension"),
        ]
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return (root, root.appendingPathComponent("Sources/Extensions/NotificationService"))
    }

    @Test func aFolderAWidgetsSynchronizedFolderLeavesOutIsTheTargetsItsExceptionGivesItTo() throws {
        let (root, folder) = try Self.widgetRepository(Self.widgetAndExtensionProject)
        defer { try? FileManager.default.removeItem(at: root) }
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.projectTarget == "App.xcodeproj's target Extensions-NotificationService")
        #expect(source.sources.map(\.lastPathComponent) == ["NotificationService.swift"])
        #expect(source.sourcesLeftOut.isEmpty)
        #expect(
            source.projectInfoPlist?.path
                == folder.appendingPathComponent("Resources/Info.plist").standardizedFileURL.path)
        #expect(source.infoPlistsPassedOver.isEmpty, "\(source.infoPlistsPassedOver)")
    }

    @Test func aWidgetTargetTiedFirstIsPassedOverForTheNextTarget() throws {
        // The widget's folder no longer leaves the extension's file out, and comes first in the project file.
        let project = Self.widgetAndExtensionProject
            .replacingOccurrences(
                of: "membershipExceptions = (NotificationService/NotificationService.swift, ",
                with: "membershipExceptions = ("
            )
            .replacingOccurrences(of: "TN", with: "TZ")
        #expect(project != Self.widgetAndExtensionProject)
        let (root, folder) = try Self.widgetRepository(project)
        defer { try? FileManager.default.removeItem(at: root) }
        let ranked = try XcodeProjectTarget.read(
            project: root.appendingPathComponent("App.xcodeproj/project.pbxproj"), projectFolder: root
        ).targets(containing: folder)
        #expect(ranked.map(\.name) == ["Extensions-Widgets", "Extensions-NotificationService"], "tied, in file order")
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.projectTarget == "App.xcodeproj's target Extensions-NotificationService")
        #expect(source.infoPlistsPassedOver.count == 1)
        #expect(
            source.infoPlistsPassedOver.first?.contains(
                "Widgets/Resources/Info.plist, as App.xcodeproj's target Extensions-Widgets names it") == true,
            "\(source.infoPlistsPassedOver)")
    }

    @Test(
        arguments: [
            ("$(SRCROOT)/Config/Info.plist", "Config/Info.plist"),
            ("${PROJECT_DIR}/Config/Info.plist", "Config/Info.plist"),
            ("$(SOURCE_ROOT)/../Up/Info.plist", "../Up/Info.plist"),
            ("$(TARGET_NAME)/Info.plist", "NotifyExt/Info.plist"),
            ("Config/./$(TARGET_NAME)-Info.plist", "Config/NotifyExt-Info.plist"),
            ("/etc/Absolute.plist", "/etc/Absolute.plist"),
            ("$(PRODUCT_NAME)/Info.plist", nil),
        ] as [(String, String?)])
    func theInfoPlistSettingResolves(setting: String, expected: String?) throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let projectFile = try Self.settingInfoPlist(root, to: setting)
        let target = try #require(
            try XcodeProjectTarget.read(project: projectFile, projectFolder: root)
                .target(containing: root.appendingPathComponent("NotifyExt")))
        let want = expected.map {
            ($0.hasPrefix("/") ? URL(fileURLWithPath: $0) : root.appendingPathComponent($0)).standardizedFileURL.path
        }
        #expect(target.infoPlist?.path == want, "Release's setting, not Debug's")
    }
}
