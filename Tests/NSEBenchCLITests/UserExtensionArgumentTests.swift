import Foundation
import NSEBenchCore
import Testing

@testable import NSEBenchCLI

/// `--extension PATH` and its options: a bad path or class is a usage error (exit 64) naming it,
/// found before anything starts.
@Suite("nse-bench run --extension PATH")
struct UserExtensionArgumentTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    @Test func anExampleFolderIsAcceptedWithItsOptions() throws {
        let path = Self.examples.appendingPathComponent("MediaDownload").path
        let configuration = try parse(["--extension", path, "--swift-version", "6"])
        #expect(configuration.settings.extensionName == path)
        #expect(configuration.swiftVersion == "6")
    }

    @Test func aMissingPathIsNamed() {
        #expect(
            throws: UsageError.invalidCombination(
                "--extension ./NoSuchExtension: no extension at "
                    + "./NoSuchExtension: expected an extension target folder, a folder of .swift files or a .swift file"
            )
        ) {
            try parse(["--extension", "./NoSuchExtension"])
        }
    }

    @Test func aClassThatIsNoSubclassIsNamed() {
        let path = Self.examples.appendingPathComponent("XcodeTemplate").path
        do {
            _ = try parse(["--extension", path, "--principal-class", "AppDelegate"])
            Issue.record("an unknown principal class was accepted")
        } catch {
            #expect(error.description.contains("class AppDelegate is not a UNNotificationServiceExtension subclass"))
        }
    }

    @Test func anUnknownNameListsTheBuiltInsAndThePathForm() {
        do {
            _ = try parse(["--extension", "medai"])
            Issue.record("an unknown name was accepted")
        } catch {
            #expect(error.description.contains("or the path of your extension's folder or .swift file"))
        }
        #expect(throws: UsageError.self) { try parse(["--extension", "media", "--principal-class", "X"]) }
        #expect(throws: UsageError.self) { try parse(["--swift-version", "7"]) }
    }

    @Test func modulesAreRepeatableAndListedInAScenario() throws {
        let shared = Self.examples.appendingPathComponent("SharedModule")
        let modules = ["MediaKit", "PushModels"].map { shared.appendingPathComponent($0).path }
        let extensionPath = shared.appendingPathComponent("NotificationService").path
        let flags = try parse(["--extension", extensionPath, "--module", modules[0], "--module", modules[1]])
        #expect(flags.modules == modules)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("modules-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let json = try JSONSerialization.data(withJSONObject: ["extension": extensionPath, "module": modules])
        try json.write(to: file)
        #expect(try parse(["--scenario", file.path]).modules == modules)
    }

    @Test func aModuleNeedsAnExtensionPathAndOneThatIsThere() {
        #expect(throws: UsageError.conflictingOptions("module", "extension media")) {
            try parse(["--extension", "media", "--module", "Examples/SharedModule/MediaKit"])
        }
        let path = Self.examples.appendingPathComponent("XcodeTemplate").path
        #expect(
            throws: UsageError.invalidCombination(
                "--extension \(path): --module Models=./NoSuchModule: nothing at ./NoSuchModule")
        ) {
            try parse(["--extension", path, "--module", "Models=./NoSuchModule"])
        }
    }
}

/// `--threshold` on the command line and as a list in scenario JSON.
@Suite("nse-bench run --threshold")
struct ThresholdArgumentTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    @Test func repeatedOnTheCommandLineAndListedInAScenario() throws {
        let flags = try parse(["--threshold", "enriched_rate>=0.95", "--threshold", "deliver_p99_ms<25000"])
        #expect(flags.thresholds.map(\.metric) == ["enriched_rate", "deliver_p99_ms"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thresholds-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"threshold": ["killed<=0", "fallback_rate<0.05"]}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            try parse(["--scenario", file.path]).thresholds.map(\.description) == [
                "killed <= 0", "fallback_rate < 0.05",
            ])
        #expect(try parse(["--scenario", file.path, "--threshold", "crashed==0"]).thresholds.count == 1)
    }

    @Test func aBadThresholdIsAUsageError() {
        #expect(throws: UsageError.self) { try parse(["--threshold", "enriched_rate=>0.9"]) }
    }
}
