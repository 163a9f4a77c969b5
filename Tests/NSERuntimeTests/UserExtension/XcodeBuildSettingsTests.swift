import Foundation
import Testing

@testable import NSERuntime

/// A target's build settings as its Release configuration resolves them: its own over the project's,
/// `$(inherited)` replaced, and the compilation conditions `-D` takes.
@Suite("User extension: an Xcode target's build settings")
struct XcodeBuildSettingsTests {
    /// A project file's objects: the target's configurations `target` and the project's `project`, each
    /// by name.
    static func settings(
        target: [String: [String: Any]], project: [String: [String: Any]] = [:]
    ) -> XcodeBuildSettings {
        var objects: [String: [String: Any]] = [:]
        for (list, configurations) in [("TL", target), ("PL", project)] {
            var ids: [String] = []
            for (name, settings) in configurations.sorted(by: { $0.key < $1.key }) {
                let id = "\(list)-\(name)"
                objects[id] = ["isa": "XCBuildConfiguration", "name": name, "buildSettings": settings]
                ids.append(id)
            }
            objects[list] = ["isa": "XCConfigurationList", "buildConfigurations": ids]
        }
        return XcodeBuildSettings(objects: objects, targetList: "TL", projectList: "PL")
    }

    @Test func releasesConditionsOverTheProjectsWithInheritedReplaced() {
        let settings = Self.settings(
            target: [
                "Debug": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG APP_EXTENSION"],
                "Release": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "APP_EXTENSION $(inherited)"],
            ],
            project: [
                "Debug": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG"],
                "Release": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "SHIPPING"],
            ])
        #expect(settings.configurationName == "Release")
        #expect(settings.compilationConditions == ["APP_EXTENSION", "SHIPPING"])
    }

    @Test func aSettingTheTargetDoesNotSetIsTheProjects() {
        let settings = Self.settings(
            target: ["Release": ["INFOPLIST_FILE": "NSE/Info.plist"]],
            project: ["Release": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": ["$(inherited)", "NSE"]]])
        #expect(settings.compilationConditions == ["NSE"], "a list in the project file, its own $(inherited) empty")
        #expect(settings.string("INFOPLIST_FILE") == "NSE/Info.plist")
        #expect(settings.string("PRODUCT_NAME") == nil)
    }

    @Test func otherSwiftFlagsDefinitionsCountOnceAndOtherFlagsDoNot() {
        let settings = Self.settings(target: [
            "Release": [
                "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "COCOAPODS $(FLAVOR) NOT-A-NAME 1ST",
                "OTHER_SWIFT_FLAGS": "$(inherited) -D COCOAPODS -DDEV -Xfrontend -warn-long-function-bodies=100 -D",
            ]
        ])
        #expect(settings.compilationConditions == ["COCOAPODS", "DEV"])
    }

    @Test func withoutReleaseTheTargetsFirstConfigurationApplies() {
        let settings = Self.settings(
            target: [
                "AppStore": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "STORE"],
                "Beta": ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "BETA"],
            ],
            project: ["AppStore": ["OTHER_SWIFT_FLAGS": "-DPROJECT"]])
        #expect(settings.configurationName == "AppStore")
        #expect(settings.compilationConditions == ["STORE", "PROJECT"], "the project's configuration of that name")
    }

    @Test func noConfigurationsSetNothing() {
        let settings = XcodeBuildSettings(objects: [:], targetList: nil, projectList: nil)
        #expect(settings.configurationName == nil)
        #expect(settings.compilationConditions.isEmpty)
    }

    @Test func quotedWordsAsCocoaPodsWritesThemAndOtherToolsFlagsLeftOut() {
        let settings = Self.settings(
            target: [
                "Release": [
                    "OTHER_SWIFT_FLAGS":
                        #""$(inherited)" "-D" "COCOAPODS" "-DEXTENSION" -Xcc -DCLANG_ONLY -Xfrontend -DX"#
                ]
            ],
            project: ["Release": ["OTHER_SWIFT_FLAGS": #"'-DPROJECT'"#]])
        #expect(settings.compilationConditions == ["PROJECT", "COCOAPODS", "EXTENSION"])
        // A flag's argument naming another setting keeps its place: the pairs after it stay paired.
        let paired = Self.settings(target: [
            "Release": [
                "OTHER_SWIFT_FLAGS":
                    "$(inherited) -Xcc -fmodule-map-file=$(SRCROOT)/x.modulemap -D APP_EXTENSION -D $(FLAVOR) -D NSE"
            ]
        ])
        #expect(paired.compilationConditions == ["APP_EXTENSION", "NSE"])
    }

    @Test(arguments: [
        (#"a "b c" 'd e' f\ g"#, ["a", "b c", "d e", "f g"]),
        (#" "" '' x"#, ["", "", "x"]),
        (#"'a\b' "c\"d""#, [#"a\b"#, #"c"d"#]),
        (#""a\b" "\$x\\" a\b"#, [#"a\b"#, #"$x\"#, "ab"]),
        ("  \t ", []),
    ])
    func settingsSplitAsAShellSplitsThem(text: String, words: [String]) {
        #expect(XcodeBuildSettings.shellWords(text) == words)
    }
}
