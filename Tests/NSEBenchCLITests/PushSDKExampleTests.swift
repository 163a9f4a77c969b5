import Foundation
import NSEBenchCore
import NSERuntime
import Testing

@testable import NSEBenchCLI

/// Examples/FirebaseImage, Examples/AirshipSubclass and Examples/OneSignalObjectiveC (Objective-C, translated),
/// extensions that hand their media to a push SDK,
/// run under load: the payloads carry the media URL where the SDK reads it, and without it the run counts
/// the fallback. `--media-field` names another key, and refuses what it cannot be.
@Suite("Push SDK examples under load", .serialized, .timeLimit(.minutes(3)))
struct PushSDKExampleTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    @Test(arguments: ["Examples/FirebaseImage", "Examples/AirshipSubclass", "Examples/OneSignalObjectiveC"])
    func theSDKsExampleIsEnrichedFromItsOwnKey(example: String) async throws {
        let (status, _, rows) = try await ExtensionProcessTests().run(["--extension", example, "-n", "40", "-c", "20"])
        #expect(status == 0 || status == 1, "a loaded machine may make it invalid, never a usage error")
        #expect(rows.count == 40)
        #expect(rows.allSatisfy { $0["outcome"] == "enriched" }, "\(rows.map { $0["outcome"] ?? "" })")
    }

    @Test func theMediaURLKeyIsNotFirebasesAndEveryNotificationFallsBack() async throws {
        let (_, _, rows) = try await ExtensionProcessTests().run(
            ["--extension", "Examples/FirebaseImage", "--media-field", "/media_url", "-n", "20", "-c", "20"])
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { $0["outcome"] == "unchanged" }, "\(rows.map { $0["outcome"] ?? "" })")
    }

    /// Batch refuses Low Data Mode unless the app allows it (`RichNotificationHelper.allowInLowDataMode`, one
    /// static of the extension's process: here the workers', not the test's).
    @Test func batchAllowedInLowDataModeDownloadsOnConstrainedPhones() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "BatchLowData\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = """
            import BatchExtension
            import UserNotifications

            class NotificationService: BAENotificationServiceExtension {
                override init() {
                    RichNotificationHelper.allowInLowDataMode = ALLOWED
                    super.init()
                }
            }
            """
        for (allowed, expected) in [(true, "enriched"), (false, "unchanged")] {
            try source.replacingOccurrences(of: "ALLOWED", with: "\(allowed)").write(
                to: folder.appendingPathComponent("NotificationService.swift"), atomically: true, encoding: .utf8)
            let (_, _, rows) = try await ExtensionProcessTests().run(
                ["--extension", folder.path, "--low-data-mode", "100", "-n", "10", "-c", "10"])
            #expect(rows.count == 10)
            #expect(
                rows.allSatisfy { $0["outcome"] == expected }, "allowed \(allowed): \(rows.map { $0["outcome"] ?? "" })"
            )
        }
    }

    @Test func theFieldIsTheSDKsUnlessGiven() throws {
        #expect(try parse(["--extension", "Examples/FirebaseImage"]).mediaField?.description == "/fcm_options/image")
        #expect(
            try parse(["--extension", "airship"]).mediaField?.description == "/com.urbanairship.media_attachment/url")
        #expect(try parse(["--extension", "Examples/MediaDownload"]).mediaField == nil)
        #expect(try parse(["--extension", "media"]).mediaField == nil)
        let given = try parse(["--extension", "Examples/FirebaseImage", "--media-field", "/data/image~1url"])
        #expect(given.mediaField?.keys == ["data", "image/url"] && given.mediaFieldGiven)
        #expect(
            try parse(["--extension", "Examples/FirebaseImage", "--media-field", "onesignal"]).mediaField?.keys == [
                "att", "id",
            ])
        #expect(try parse(["--extension", "Examples/FirebaseImage", "--media-field", "/media_url"]).mediaField == nil)
        // Batch's key by its path is Batch's field, with the type Batch requires beside it.
        let batch = try parse(["--extension", "batch", "--media-field", "/com.batch/at/u"]).mediaField
        #expect(batch == BuiltInExtensions.mediaField(for: "batch") && batch?.typeHintKey == "t")
        // media_url itself is no field, and a built-in that reads it takes it.
        #expect(try parse(["--extension", "media", "--media-field", "/media_url"]).mediaField == nil)
    }

    @Test(arguments: [
        ("fcm_options.image", "does not start with /"), ("/aps/alert", "aps and encrypted_data"),
        ("/encrypted_data", "aps and encrypted_data"), ("segment", "does not start with /"),
    ])
    func badFieldsNameTheFlagAndWhy(value: String, reason: String) {
        let error = #expect(throws: UsageError.self) {
            try parse(["--extension", "Examples/FirebaseImage", "--media-field", value])
        }
        guard case .invalidValue(let option, let given, let expected) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(option == "media-field" && given == value)
        #expect(expected.contains(reason), "\(expected)")
    }

    @Test func aBadValueIsNamedBeforeTheBuiltInIsRefused() {
        let error = #expect(throws: UsageError.self) { try parse(["--extension", "media", "--media-field", "/a//b"]) }
        guard case .invalidValue(let option, let given, _) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(option == "media-field" && given == "/a//b")
    }

    @Test func aBuiltInThatReadsMediaURLTakesNoField() {
        let error = #expect(throws: UsageError.self) {
            try parse(["--extension", "media", "--media-field", "firebase"])
        }
        guard case .invalidCombination(let message) = error else {
            Issue.record("expected invalidCombination, got \(String(describing: error))")
            return
        }
        #expect(message.contains("media reads media_url"), "\(message)")
    }
}
