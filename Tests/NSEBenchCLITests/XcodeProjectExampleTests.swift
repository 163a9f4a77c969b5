import Foundation
import NSEBenchTestSupport
import Testing

/// Examples/XcodeProject under load: an extension whose download is in a file its Xcode project compiles
/// into both the app and the extension, and whose subtitle is in a local Swift package the project links,
/// both found through the project and compiled with it, unchanged.
@Suite("Examples/XcodeProject under load", .serialized, .timeLimit(.minutes(3)))
struct XcodeProjectExampleTests {
    static let folder = "Examples/XcodeProject/NotificationService"

    /// A copy of Examples/XcodeProject in a new temporary folder, for a test to change; removed by the caller.
    static func copyOfTheExample() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-example-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: ExtensionProcessTests.root.appendingPathComponent("Examples/XcodeProject"), to: copy)
        return copy
    }

    /// Runs 4 invocations of the copy's extension into `copy/out`: what the run wrote and its rows, the exit
    /// status checked.
    static func runFour(of copy: URL) async throws -> (output: String, rows: [[String: String]]) {
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-extension-cache-cli").path
        let out = copy.appendingPathComponent("out")
        let result = try await ChildProcess.run(
            ExtensionProcessTests.executable.path,
            [
                "run", "--extension", copy.appendingPathComponent("NotificationService").path, "-n", "4", "--out",
                out.path,
            ],
            environment: environment, currentDirectory: ExtensionProcessTests.root)
        #expect(result.status == 0 || result.status == 1, "\(result.output)")
        let rows = try ExtensionProcessTests.table(out.appendingPathComponent("invocations.csv"))
        #expect(rows.count == 4)
        return (result.output, rows)
    }

    @Test func theSharedFileIsCompiledInAndEveryNotificationEnriched() async throws {
        let (status, _, rows) = try await ExtensionProcessTests().run([
            "--extension", Self.folder, "-n", "40", "-c", "20",
        ])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.count == 40)
        #expect(rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows.map { $0["outcome"] ?? "" })")
        #expect(rows.allSatisfy { $0["bytes"] != "0" && $0["bytes"] != "" }, "the shared file's download is recorded")
    }

    @Test func theRunSaysWhichFilesTheProjectAdded() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["NSE_BENCH_CACHE"] =
            FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-extension-cache-cli").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await ChildProcess.run(
            ExtensionProcessTests.executable.path,
            ["run", "--extension", Self.folder, "-n", "1", "--out", out.path],
            environment: environment, currentDirectory: ExtensionProcessTests.root)
        #expect(result.status == 0 || result.status == 1, "\(result.output)")
        #expect(
            result.output.contains(
                "NotificationService (2 Swift files, 1 of them from outside the folder, as Chat.xcodeproj's target "
                    + "NotificationService compiles them; Swift 5 mode; modules ChatKit: 1 Swift file)"),
            "\(result.output)")
        #expect(
            result.output.contains(
                "compilation conditions: APP_EXTENSION, as Chat.xcodeproj's target NotificationService's Release "
                    + "configuration sets them"), "\(result.output)")
        #expect(
            result.output.contains(
                "modules of the project for Chat.xcodeproj's target NotificationService: ChatKit (Swift package, "),
            "\(result.output)")
    }

    @Test func theRunSaysWhereTheInfoPlistIsAndWhatTheTargetLeavesOut() async throws {
        let copy = try Self.copyOfTheExample()
        defer { try? FileManager.default.removeItem(at: copy) }
        // The Info.plist kept beside the project, as some projects do; a file the target no longer lists.
        let projectFile = copy.appendingPathComponent("Chat.xcodeproj/project.pbxproj")
        let project = try String(contentsOf: projectFile, encoding: .utf8)
        #expect(project.contains("INFOPLIST_FILE = NotificationService/Info.plist;"))
        try project.replacingOccurrences(
            of: "INFOPLIST_FILE = NotificationService/Info.plist;",
            with: "INFOPLIST_FILE = \"$(SRCROOT)/Config/NotificationService-Info.plist\";"
        ).write(to: projectFile, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: copy.appendingPathComponent("Config"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: copy.appendingPathComponent("NotificationService/Info.plist"),
            to: copy.appendingPathComponent("Config/NotificationService-Info.plist"))
        try "let removedFromTheTarget: Int = \"stale\"\n".write(
            to: copy.appendingPathComponent("NotificationService/Old.swift"), atomically: true, encoding: .utf8)
        let (output, rows) = try await Self.runFour(of: copy)
        let plist = copy.appendingPathComponent("Config/NotificationService-Info.plist").standardizedFileURL.path
        for line in [
            "NotificationService (2 Swift files, 1 of them from outside the folder, as Chat.xcodeproj's target "
                + "NotificationService compiles them; Swift 5 mode; modules ChatKit: 1 Swift file)",
            "Info.plist: \(plist), as Chat.xcodeproj's target NotificationService names it (INFOPLIST_FILE)",
            "not compiled: Old.swift, in the folder but not in Chat.xcodeproj's target NotificationService",
        ] {
            #expect(output.contains(line), "\(output)")
        }
        #expect(rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows.map { $0["outcome"] ?? "" })")
    }

    /// The run's payloads carry the media URL where the extension as built reads it: a package target that
    /// imports a push SDK's module but does not compile here (it imports SwiftUI) is left out, so its SDK
    /// is not the extension's, and payloads keep `media_url`. Read from the sources as found, before the
    /// build, they carried OneSignal's `att` field, which this extension never reads: nothing enriched.
    @Test func payloadsFollowTheSourcesTheBuildKept() async throws {
        let copy = try Self.copyOfTheExample()
        defer { try? FileManager.default.removeItem(at: copy) }
        let package = copy.appendingPathComponent("Packages/ChatKit")
        let manifestFile = package.appendingPathComponent("Package.swift")
        let manifest = try String(contentsOf: manifestFile, encoding: .utf8)
        let target = #"targets: [.target(name: "ChatKit", resources: [.process("Resources")])]"#
        #expect(manifest.contains(target))
        try manifest.replacingOccurrences(
            of: target,
            with:
                #"targets: [.target(name: "ChatKit", dependencies: ["ChatPush"], resources: [.process("Resources")]), "#
                + #".target(name: "ChatPush")]"#
        ).write(to: manifestFile, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent("Sources/ChatPush"), withIntermediateDirectories: true)
        try "import SwiftUI\nimport OneSignalExtension\npublic let accent = Color.accentColor\n"
            .write(
                to: package.appendingPathComponent("Sources/ChatPush/ChatPush.swift"), atomically: true, encoding: .utf8
            )
        let kitFile = package.appendingPathComponent("Sources/ChatKit/ChatKit.swift")
        let kit = try String(contentsOf: kitFile, encoding: .utf8)
        try ("#if canImport(ChatPush)\nimport ChatPush\n#endif\n" + kit).write(
            to: kitFile, atomically: true, encoding: .utf8)
        let (output, rows) = try await Self.runFour(of: copy)
        #expect(output.contains("ChatPush (a target of the local Swift package"), "\(output)")
        #expect(output.contains("modules ChatKit: 1 Swift file)"), "ChatPush is not listed as compiled")
        #expect(rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows.map { $0["outcome"] ?? "" })")
    }
}
