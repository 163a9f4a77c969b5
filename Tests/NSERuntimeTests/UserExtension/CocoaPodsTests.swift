import Foundation
import NSEBenchTestSupport
import Testing

@testable import NSERuntime

/// Pods CocoaPods installed beside the extension's Xcode project (`Pods/<module>`) compile before it, as
/// `--module`s, and a pod its Podfile names but `pod install` has not installed is named.
@Suite("User extension: CocoaPods' installed pods", .serialized, .timeLimit(.minutes(3)))
struct CocoaPodsTests {
    /// A project whose extension target `NotifyExt` imports `ImageKit` (installed; it imports the pod
    /// `Helper`) and, where it can, `Missing` (in the Podfile, not installed).
    static func repository() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cocoapods-\(UUID().uuidString)")
        let project = """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 56;
                objects = {
                    F1 = {isa = PBXFileReference; path = NotificationService.swift; sourceTree = "<group>"; };
                    G0 = {isa = PBXGroup; children = (G1, X1); sourceTree = "<group>"; };
                    G1 = {isa = PBXGroup; children = (F1); path = NotifyExt; sourceTree = "<group>"; };
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    S1 = {isa = PBXSourcesBuildPhase; files = (B1); };
                    X1 = {isa = PBXFileReference; path = "Pods/Target Support Files/Pods-App-NotifyExt/Pods-App-NotifyExt.release.xcconfig"; sourceTree = "<group>"; };
                    C1 = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };
                    CL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
                    T1 = {isa = PBXNativeTarget; buildConfigurationList = CL1; buildPhases = (S1); name = NotifyExt; productType = "com.apple.product-type.app-extension"; };
                    P = {isa = PBXProject; mainGroup = G0; targets = (T1); };
                };
                rootObject = P;
            }
            """
        let files = [
            "App.xcodeproj/project.pbxproj": project,
            "NotifyExt/Info.plist": XcodeProjectTargetTests.serviceInfoPlist,
            "NotifyExt/NotificationService.swift": """
            import UserNotifications
            import ImageKit
            #if canImport(Missing)
            import Missing
            #endif
            #if canImport(Analytics)
            import Analytics
            let tracked = " +" + Analytics.name
            #else
            let tracked = ""
            #endif
            #if canImport(Shared)
            import Shared
            #endif
            #if COCOAPODS
            let built = " (CocoaPods)"
            #else
            let built = ""
            #endif
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = ImageKit.decorate(content.title) + tracked + built
                    contentHandler(content)
                }
            }
            """,
            "Podfile": """
            platform :ios, '15.0'
            target 'App' do
              use_frameworks!
              # pod 'Commented'
              pod 'Analytics'
              target 'NotifyExt' do
                inherit! :none
                pod 'ImageKit', '~> 7.0'
                pod "Missing/Core"
                pod 'Shared', :path => '../Shared'
              end
            end
            """,
            // CocoaPods compiles a pod with COCOAPODS defined.
            "Pods/ImageKit/Sources/General/ImageKit.swift":
                "import Helper\n#if COCOAPODS\nlet via = \"[pod] \"\n#else\nlet via = \"[?] \"\n#endif\n"
                + "public enum ImageKit { public static func decorate(_ text: String) -> String { via + Helper.mark + text } }\n",
            // Installed for the app alone: the extension's Pods xcconfig does not link it.
            "Pods/Analytics/Analytics.swift": "public enum Analytics { public static let name = \"Analytics\" }\n",
            "Pods/ImageKit/LICENSE": "MIT\n",
            "Pods/Helper/Helper.swift": "public enum Helper { public static let mark = \"(helper) \" }\n",
            "Pods/Target Support Files/Pods-App-NotifyExt/Pods-App-NotifyExt.release.xcconfig":
                "OTHER_LDFLAGS = $(inherited) -framework \"Helper\" -framework \"ImageKit\"\n"
                + "OTHER_SWIFT_FLAGS = $(inherited) -D COCOAPODS\n",
            "Pods/Manifest.lock": "PODS:\n  - ImageKit (7.0.0)\n",
        ]
        try TemporaryDirectory.write(files, in: root)
        return root
    }

    @Test func installedPodsCompileBeforeTheExtensionAndAMissingOneIsNamed() async throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("NotifyExt")
        let source = try UserExtensionSource.locate(folder.path)
        #expect(source.modules.map(\.name) == ["Helper", "ImageKit"], "the pod it imports compiles first")
        let pods = root.standardizedFileURL.appendingPathComponent("Pods")
        #expect(
            source.modules.first { $0.name == "ImageKit" }?.origin
                == "the CocoaPods pod installed at \(pods.path)/ImageKit")
        #expect(
            source.packageNotes.first?.contains("ImageKit (CocoaPods pod, \(pods.path)/ImageKit)") == true,
            "\(source.packageNotes)")
        #expect(
            source.packageNotes.contains {
                $0.hasPrefix("not compiled: Missing, a pod the Podfile in ") && $0.contains("no Pods/Missing")
                    && $0.hasSuffix("--module Missing=PATH")
            }, "\(source.packageNotes)")
        #expect(
            source.packageNotes.contains {
                $0.hasPrefix("not compiled: Analytics, a pod installed at ") && $0.contains("not App.xcodeproj")
            }, "\(source.packageNotes)")
        #expect(
            source.packageNotes.contains {
                $0.hasPrefix("not compiled: Shared, a development pod the Podfile in ")
                    && $0.contains("takes from ../Shared")
            }, "\(source.packageNotes)")
        let title = try await CompiledExamples.deliveredTitle(ofExtensionAt: folder, forTitle: "hello")
        #expect(title == "[pod] (helper) hello (CocoaPods)", "COCOAPODS in the pod and the extension; no Analytics")
    }

    @Test func aPodfileNamesItsPodsNotItsCommentsOrOtherWords() throws {
        let root = try Self.repository()
        defer { try? FileManager.default.removeItem(at: root) }
        let install = try #require(CocoaPodsInstall(project: root))
        #expect(install.podfileEntry("ImageKit") == .installed)
        #expect(install.podfileEntry("missing") == .installed, "a subspec names its pod; case aside")
        #expect(install.podfileEntry("Shared") == .developmentPod(path: "../Shared"))
        #expect(install.podfileEntry("Commented") == nil)
        #expect(install.podfileEntry("App") == nil, "a target is not a pod")
        let xcconfig = root.appendingPathComponent(
            "Pods/Target Support Files/Pods-App-NotifyExt/Pods-App-NotifyExt.release.xcconfig")
        #expect(
            CocoaPodsInstall.linkedPods(configFiles: [xcconfig], configuration: "Release") == ["helper", "imagekit"])
        #expect(
            CocoaPodsInstall.linkedPods(
                configFiles: [root.appendingPathComponent("Other.xcconfig")], configuration: "Release") == nil)
        #expect(install.folder(ofPod: "imagekit")?.lastPathComponent == "ImageKit")
        #expect(install.folder(ofPod: "Target Support Files") == nil, "CocoaPods' own folder")
        #expect(install.folder(ofPod: "Manifest.lock") == nil, "a file")
        #expect(install.folder(ofPod: "Missing") == nil)
        // A pod whose module is named otherwise, found by its generated module map.
        try TemporaryDirectory.write(
            [
                "Pods/lottie-ios/Sources/Animation.swift": "public enum Animation {}\n",
                "Pods/Target Support Files/lottie-ios/lottie-ios.modulemap":
                    "framework module Lottie {\n  umbrella header \"lottie-ios-umbrella.h\"\n  export *\n}\n",
                "Pods/Target Support Files/Kit-iOS/Kit-iOS.modulemap": "framework module KitCore {\n}\n",
                "Pods/Kit/Kit.swift": "\n",
            ], in: root)
        #expect(install.folder(ofPod: "Lottie")?.lastPathComponent == "lottie-ios")
        #expect(install.folder(ofPod: "KitCore")?.lastPathComponent == "Kit", "a pod built for several platforms")
        #expect(install.folder(ofPod: "Nothing") == nil)
        #expect(CocoaPodsInstall(project: root.appendingPathComponent("NotifyExt")) == nil, "no Podfile, no Pods")
    }
}
