import Foundation
import Testing

@testable import NSERuntime

/// `.xcconfig` files as an iPhone's Release build reads them, and a target whose compilation conditions
/// come from one.
@Suite("User extension: an Xcode configuration's .xcconfig file", .timeLimit(.minutes(3)))
struct XcodeConfigFileTests {
    /// `files` (path: text) written in a new temporary folder, which is returned.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-\(UUID().uuidString)")
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func includesCommentsAndLaterAssignmentsReadAsXcodeReadsThem() throws {
        let root = try Self.folder([
            "Config/Release.xcconfig": """
            // The extension's settings
            #include "Base/Shared.xcconfig"
            #include? "Local.xcconfig"
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) APP_EXTENSION // after the shared ones
            INFOPLIST_FILE = NSE/Info.plist;
            PRODUCT_NAME=NSE
            not a setting
            """,
            "Config/Base/Shared.xcconfig": "SWIFT_ACTIVE_COMPILATION_CONDITIONS = SHARED\nSWIFT_VERSION = 5.0\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = XcodeConfigFile.read(
            root.appendingPathComponent("Config/Release.xcconfig"), configuration: "Release")
        #expect(
            file.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "SHARED APP_EXTENSION",
            "$(inherited): the include's")
        #expect(file.settings["INFOPLIST_FILE"] == "NSE/Info.plist", "the ; dropped")
        #expect(file.settings["PRODUCT_NAME"] == "NSE")
        #expect(file.settings["SWIFT_VERSION"] == "5.0")
        #expect(file.settings.count == 4)
        #expect(file.files.map(\.lastPathComponent) == ["Release.xcconfig", "Shared.xcconfig"])
        #expect(file.unreadable.isEmpty, "a missing #include? is no error")
    }

    @Test func aSettingConditionedToAnIPhonesReleaseBuildWinsAndOthersDoNotApply() throws {
        let root = try Self.folder([
            "A.xcconfig": """
            OTHER_SWIFT_FLAGS[sdk=iphoneos*] = $(inherited) -D PHONE
            OTHER_SWIFT_FLAGS = -D ANY
            OTHER_SWIFT_FLAGS[sdk=macosx*] = -D MAC
            OTHER_SWIFT_FLAGS[arch=x86_64] = -D INTEL
            OTHER_SWIFT_FLAGS[variant=debug] = -D UNKNOWN_CONDITION
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=Debug] = DEBUG
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=Rel*][arch=arm64] = RELEASE
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=iphonesimulator*,arch=*] = SIMULATOR
            """
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = XcodeConfigFile.read(root.appendingPathComponent("A.xcconfig"), configuration: "Release")
        #expect(file.settings["OTHER_SWIFT_FLAGS"] == "-D ANY -D PHONE", "its $(inherited): the unconditioned one")
        #expect(file.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "RELEASE")
    }

    @Test func aMissingFileAndAnIncludeLoopAreNamedUnreadable() throws {
        let root = try Self.folder([
            "Loop.xcconfig": "#include \"Loop.xcconfig\"\nA = 1\n",
            "Top.xcconfig": "#include \"Pods/Missing.xcconfig\"\nB = 2\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let top = XcodeConfigFile.read(root.appendingPathComponent("Top.xcconfig"), configuration: "Release")
        #expect(top.settings == ["B": "2"])
        #expect(top.unreadable.count == 1)
        #expect(top.unreadable.first?.contains("Pods/Missing.xcconfig (") == true, "\(top.unreadable)")
        let loop = XcodeConfigFile.read(root.appendingPathComponent("Loop.xcconfig"), configuration: "Release")
        #expect(loop.settings == ["A": "1"])
        #expect(loop.unreadable.count == 1)
        #expect(loop.unreadable.first?.contains("an include loop") == true, "\(loop.unreadable)")
        let none = XcodeConfigFile.read(root.appendingPathComponent("None.xcconfig"), configuration: "Release")
        #expect(none.settings.isEmpty)
        #expect(none.unreadable == ["\(root.appendingPathComponent("None.xcconfig").path) (no such file)"])
        let binary = root.appendingPathComponent("Binary.xcconfig")
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: binary)
        #expect(
            XcodeConfigFile.read(binary, configuration: "Release").unreadable == ["\(binary.path) (not UTF-8 text)"])
        #expect(
            XcodeConfigFile.read(root, configuration: "Release").unreadable == ["\(root.path) (a folder, not a file)"])
    }

    @Test(arguments: [
        ("iphoneos", "iphoneos*", true), ("iphoneos", "iphone*", true), ("iphoneos", "*", true),
        ("iphoneos", "macosx*", false), ("arm64", "arm64", true), ("arm64", "arm64e", false),
        ("Release", "*lea*", true), ("Release", "R*e*e", true), ("Release", "R*x", false),
    ])
    func patternsMatchWithStars(text: String, pattern: String, matches: Bool) {
        #expect(XcodeConfigFile.matches(text, pattern) == matches)
    }

    @Test func levelsResolveTheTargetsOverItsFileOverTheProjectsOverItsFile() {
        var objects: [String: [String: Any]] = [
            "TC": [
                "isa": "XCBuildConfiguration", "name": "Release", "baseConfigurationReference": "TX",
                "buildSettings": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) TARGET"],
            ],
            "PC": [
                "isa": "XCBuildConfiguration", "name": "Release", "baseConfigurationReference": "PX",
                "buildSettings": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) PROJECT"],
            ],
        ]
        objects["TL"] = ["isa": "XCConfigurationList", "buildConfigurations": ["TC"]]
        objects["PL"] = ["isa": "XCConfigurationList", "buildConfigurations": ["PC"]]
        let files: [String: XcodeConfigFile] = [
            "PX": XcodeConfigFile(settings: [
                "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "PROJECT_FILE", "INFOPLIST_FILE": "P",
            ]),
            "TX": XcodeConfigFile(
                settings: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) TARGET_FILE", "INFOPLIST_FILE": "T"],
                files: [URL(fileURLWithPath: "/t.xcconfig")], unreadable: ["/pods.xcconfig (gone)"]),
        ]
        var asked: [String] = []
        let settings = XcodeBuildSettings(objects: objects, targetList: "TL", projectList: "PL") { id, configuration in
            asked.append("\(id) \(configuration)")
            return files[id] ?? XcodeConfigFile()
        }
        #expect(asked == ["PX Release", "TX Release"])
        #expect(settings.compilationConditions == ["PROJECT_FILE", "PROJECT", "TARGET_FILE", "TARGET"])
        #expect(settings.string("INFOPLIST_FILE") == "T", "the target's file over the project's")
        #expect(settings.configFiles.map(\.path) == ["/t.xcconfig"])
        #expect(settings.unreadableConfigFiles == ["/pods.xcconfig (gone)"])
    }

    /// ``XcodeProjectTargetTests``' repository with the target's Release conditions in an `.xcconfig` file
    /// (beside a shared one it includes), and a project configuration naming a CocoaPods file not installed.
    static func repositoryWithConfigFiles() throws -> URL {
        let root = try XcodeProjectTargetTests.repository()
        let projectFile = root.appendingPathComponent("App.xcodeproj/project.pbxproj")
        var project = try String(contentsOf: projectFile, encoding: .utf8)
        let release = """
            C2 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "${TARGET_NAME}/Info.plist"; \
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = "APP_EXTENSION $(inherited)"; }; name = Release; };
            """
        let fromFiles = """
            C2 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };
                    X1 = {isa = PBXFileReference; path = Config/NotifyExt.release.xcconfig; sourceTree = SOURCE_ROOT; };
                    X2 = {isa = PBXFileReference; path = "Pods/Target Support Files/Pods-App.release.xcconfig"; sourceTree = "<group>"; };
                    PC = {isa = XCBuildConfiguration; baseConfigurationReference = X2; buildSettings = {}; name = Release; };
                    PCL = {isa = XCConfigurationList; buildConfigurations = (PC); };
            """
        #expect(project.contains(release))
        project = project.replacingOccurrences(of: release, with: fromFiles)
            .replacingOccurrences(of: "mainGroup = G0;", with: "buildConfigurationList = PCL; mainGroup = G0;")
        try project.write(to: projectFile, atomically: true, encoding: .utf8)
        let configs = [
            "Config/NotifyExt.release.xcconfig": """
            #include "Shared.xcconfig"
            INFOPLIST_FILE = $(TARGET_NAME)/Info.plist
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) APP_EXTENSION
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=macosx*] = MAC_ONLY
            """,
            "Config/Shared.xcconfig": "OTHER_SWIFT_FLAGS[sdk=iphoneos*] = $(inherited) -D PHONE\n",
        ]
        for (path, text) in configs {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func aTargetsConditionsFromItsXcconfigCompileItsSharedFilesAsAnIPhoneBuildDoes() async throws {
        let root = try Self.repositoryWithConfigFiles()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        #expect(source.compilationConditions == ["APP_EXTENSION", "PHONE"])
        #expect(
            source.projectConfigFiles.map(\.lastPathComponent) == ["NotifyExt.release.xcconfig", "Shared.xcconfig"])
        let notes = source.projectNotes
        #expect(
            notes.contains {
                $0.hasPrefix(
                    "build settings files: \(root.standardizedFileURL.path)/Config/NotifyExt.release.xcconfig, ")
                    && $0.hasSuffix("as App.xcodeproj's target NotifyExt's Release configuration names them")
            }, "\(notes)")
        #expect(
            notes.contains {
                $0.hasPrefix(
                    "not read: the build settings file \(root.standardizedFileURL.path)/Pods/Target Support Files/")
                    && $0.contains("Pods-App.release.xcconfig (no such file); the settings it sets")
            }, "\(notes)")
        // Models.swift's `#if !APP_EXTENSION` branch does not compile: APP_EXTENSION comes from the file alone.
        #expect(try await XcodeProjectTargetTests.deliveredTitle(root) == "hello (opened)!")
    }
}
