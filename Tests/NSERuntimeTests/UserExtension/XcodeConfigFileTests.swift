import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

/// `.xcconfig` files as an iPhone's Release build reads them, and a target whose compilation conditions
/// come from one.
@Suite("User extension: an Xcode configuration's .xcconfig file", .timeLimit(.minutes(3)))
struct XcodeConfigFileTests {
    /// `files` (path: text) written in a new temporary folder, which is returned.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("xcconfig-\(UUID().uuidString)")
        try TemporaryDirectory.write(files, in: root)
        return root
    }

    @Test func includesCommentsAndLaterAssignmentsReadAsXcodeReadsThem() throws {
        let root = try Self.folder([
            "Config/Release.xcconfig": """
            // The extension's settings
            #include "Base/Shared.xcconfig"
            #include? "Local.xcconfig"
            # include "Config/FromProjectFolder" // found in the project's folder, .xcconfig added
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) APP_EXTENSION // after the shared ones
            INFOPLIST_FILE = NSE/Info.plist;
            PRODUCT_NAME=NSE
            OTHER_SWIFT_FLAGS = -D ONE \\
                -D TWO
            API_URL = https://example.com
            not a setting
            """,
            "Config/Base/Shared.xcconfig": "SWIFT_ACTIVE_COMPILATION_CONDITIONS = SHARED\nSWIFT_VERSION = 5.0\n",
            "Config/FromProjectFolder.xcconfig": "FOUND = yes\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = XcodeConfigFile.read(
            root.appendingPathComponent("Config/Release.xcconfig"), configuration: "Release", projectFolder: root)
        #expect(
            file.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "SHARED APP_EXTENSION",
            "$(inherited): the include's")
        #expect(file.settings["INFOPLIST_FILE"] == "NSE/Info.plist", "the ; dropped")
        #expect(file.settings["PRODUCT_NAME"] == "NSE")
        #expect(file.settings["SWIFT_VERSION"] == "5.0")
        #expect(file.settings["FOUND"] == "yes")
        #expect(
            file.settings["OTHER_SWIFT_FLAGS"]?.split(separator: " ") == ["-D", "ONE", "-D", "TWO"], "joined at the \\")
        #expect(file.settings["API_URL"] == "https:", "a comment from //, as Xcode reads it")
        #expect(file.settings.count == 7)
        #expect(
            file.files.map(\.lastPathComponent) == [
                "Release.xcconfig", "Shared.xcconfig", "FromProjectFolder.xcconfig",
            ])
        #expect(file.problems.isEmpty, "a missing #include? is no error: \(file.problems)")
    }

    @Test func assignmentsApplyInOrderAndAConditionedOneOnlyWhereAnIPhonesReleaseBuildMeetsIt() throws {
        let root = try Self.folder([
            "A.xcconfig": """
            OTHER_SWIFT_FLAGS = -D ANY
            OTHER_SWIFT_FLAGS[sdk=iphoneos*] = $(inherited) -D PHONE
            OTHER_SWIFT_FLAGS[sdk=macosx*] = -D MAC
            OTHER_SWIFT_FLAGS[arch=x86_64] = -D INTEL
            OTHER_SWIFT_FLAGS[variant=debug] = -D UNKNOWN_CONDITION
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=Rel*][arch=arm64] = RELEASE
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=Debug] = DEBUG
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=iphonesimulator*][arch=*] = SIMULATOR
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=iphoneos] = WITHOUT_THE_SDKS_VERSION
            SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=iphoneos*,arch=arm64] = ONE_PATTERN_WITH_A_COMMA
            CONDITIONED_THEN_PLAIN[config=Release] = release
            CONDITIONED_THEN_PLAIN = default
            F = X
            F[sdk=iphoneos*] = $(inherited) Y
            F = $(inherited) Z
            ANY_VARIANT[variant=*] = any
            """
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let file = XcodeConfigFile.read(root.appendingPathComponent("A.xcconfig"), configuration: "Release")
        #expect(file.settings["OTHER_SWIFT_FLAGS"] == "-D ANY -D PHONE", "its $(inherited): the line before")
        #expect(file.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] == "RELEASE")
        #expect(file.settings["CONDITIONED_THEN_PLAIN"] == "default", "a later plain line over a conditioned one")
        #expect(file.settings["F"] == "X Y Z")
        #expect(file.settings["ANY_VARIANT"] == "any", "another condition holds for the pattern *")
    }

    @Test func aMissingFileAndAnIncludeLoopAreNamedOnceAndOddBytesLoseNoSetting() throws {
        let loopText = String(repeating: "#include \"Loop.xcconfig\"\n", count: 3) + "A = $(inherited) 1\n"
        let root = try Self.folder([
            "Loop.xcconfig": loopText,
            "Top.xcconfig": "#include \"Pods/Missing.xcconfig\"\n#include \"Pods/Missing.xcconfig\"\n"
                + "#include <Dev.xcconfig>\nB = 2\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let top = XcodeConfigFile.read(root.appendingPathComponent("Top.xcconfig"), configuration: "Release")
        #expect(top.settings == ["B": "2"])
        #expect(
            top.problems == [
                .missing(root.appendingPathComponent("Pods/Missing.xcconfig").path),
                .unsupportedInclude("<Dev.xcconfig>", in: root.appendingPathComponent("Top.xcconfig").path),
            ])
        let loop = XcodeConfigFile.read(root.appendingPathComponent("Loop.xcconfig"), configuration: "Release")
        #expect(loop.settings == ["A": "$(inherited) 1"], "read once")
        #expect(loop.files.count == 1)
        #expect(loop.problems == [.includeLoop(root.appendingPathComponent("Loop.xcconfig").path)])
        #expect(loop.problems.first?.note.contains("includes itself: its settings are read once") == true)
        let none = XcodeConfigFile.read(root.appendingPathComponent("None.xcconfig"), configuration: "Release")
        #expect(none.settings.isEmpty)
        #expect(
            none.problems.map(\.description) == ["\(root.appendingPathComponent("None.xcconfig").path) (no such file)"])
        // A Latin-1 comment (0xFC, no UTF-8) before the setting.
        let latin1 = root.appendingPathComponent("Latin1.xcconfig")
        try Data(
            [UInt8]("// (c) M".utf8) + [0xFC]
                + [UInt8]("ller\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = APP_EXTENSION\n".utf8)
        )
        .write(to: latin1)
        #expect(
            XcodeConfigFile.read(latin1, configuration: "Release").settings == [
                "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "APP_EXTENSION"
            ])
        #expect(XcodeConfigFile.read(root, configuration: "Release").problems == [.folder(root.path)])
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
        let files: [XcodeBuildSettings.ConfigFileReference: XcodeConfigFile] = [
            .file("PX"): XcodeConfigFile(
                settings: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "PROJECT_FILE", "INFOPLIST_FILE": "P"],
                files: [URL(fileURLWithPath: "/shared.xcconfig")], problems: [.missing("/pods.xcconfig")]),
            .file("TX"): XcodeConfigFile(
                settings: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) TARGET_FILE", "INFOPLIST_FILE": "T"],
                files: [URL(fileURLWithPath: "/t.xcconfig"), URL(fileURLWithPath: "/shared.xcconfig")],
                problems: [.missing("/pods.xcconfig")]),
        ]
        var asked: [String] = []
        let settings = XcodeBuildSettings(objects: objects, targetList: "TL", projectList: "PL") {
            reference, configuration in
            asked.append("\(reference) \(configuration)")
            return files[reference] ?? XcodeConfigFile()
        }
        #expect(asked == ["file(\"PX\") Release", "file(\"TX\") Release"])
        #expect(settings.compilationConditions == ["PROJECT_FILE", "PROJECT", "TARGET_FILE", "TARGET"])
        #expect(settings.string("INFOPLIST_FILE") == "T", "the target's file over the project's")
        #expect(settings.configFiles.map(\.path) == ["/shared.xcconfig", "/t.xcconfig"], "each once")
        #expect(settings.configFileProblems == [.missing("/pods.xcconfig")], "once")
    }

    @Test func xcode16NamesAFileInASynchronizedFolder() {
        let reference = XcodeBuildSettings.ConfigFileReference(configuration: [
            "baseConfigurationReferenceAnchor": "SG",
            "baseConfigurationReferenceRelativePath": "Config/Release.xcconfig",
        ])
        #expect(reference == .inFolder(anchor: "SG", path: "Config/Release.xcconfig"))
        #expect(
            XcodeBuildSettings.ConfigFileReference(configuration: ["baseConfigurationReference": "X"]) == .file("X"))
        #expect(XcodeBuildSettings.ConfigFileReference(configuration: ["name": "Release"]) == nil)
    }

    /// ``XcodeProjectTargetTests``' repository with the target's Release conditions in an `.xcconfig` file
    /// (beside a shared one it includes), and the project's Release configuration's in its synchronized folder
    /// (Xcode 16's form), which includes a CocoaPods file not installed.
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
                    PC = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = SG; baseConfigurationReferenceRelativePath = Project.xcconfig; buildSettings = {}; name = Release; };
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
            // Xcode 16's form: a file in a synchronized folder, including CocoaPods' file not installed.
            "SyncedShared/Project.xcconfig": """
            #include "../Pods/Target Support Files/Pods-App.release.xcconfig"
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = PROJECT_FILE
            """,
        ]
        try TemporaryDirectory.write(configs, in: root)
        return root
    }

    @Test func aTargetsConditionsFromItsXcconfigCompileItsSharedFilesAsAnIPhoneBuildDoes() async throws {
        let root = try Self.repositoryWithConfigFiles()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = try UserExtensionSource.locate(root.appendingPathComponent("NotifyExt").path)
        #expect(source.compilationConditions == ["PROJECT_FILE", "APP_EXTENSION", "PHONE"])
        #expect(
            source.projectConfigFiles.map(\.lastPathComponent) == [
                "Project.xcconfig", "NotifyExt.release.xcconfig", "Shared.xcconfig",
            ])
        let notes = source.projectNotes
        #expect(
            notes.contains {
                $0.hasPrefix(
                    "build settings files: \(root.standardizedFileURL.path)/SyncedShared/Project.xcconfig, ")
                    && $0.hasSuffix(
                        "as the Release configurations of App.xcodeproj's target NotifyExt and its project name them")
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
