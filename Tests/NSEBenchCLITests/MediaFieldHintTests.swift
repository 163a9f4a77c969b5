import Foundation
import NSEBenchTestSupport
import NSERuntime
import Testing

@testable import NSEBenchCLI

/// The line a run prints when its payloads would carry the media URL where the user's extension never looks.
@Suite("nse-bench run: where the extension reads its media URL")
struct MediaFieldHintTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    /// The source found for an extension holding `service`, and the run's configuration for `arguments`.
    func hint(_ service: String, _ arguments: [String] = []) throws -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Hint-\(UUID().uuidString)")
        try TemporaryDirectory.write(["NotificationService.swift": service], in: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(folder.path)
        let configuration = try parse(["--extension", folder.path] + arguments)
        return ExtensionChoice.mediaFieldHint(source, configuration)
    }

    static func service(reading body: String) -> String {
        """
        import UserNotifications
        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let info = request.content.userInfo
                \(body)
                contentHandler(request.content)
            }
        }
        """
    }

    @Test("an extension reading its own keys is told so, with the keys it reads and an example")
    func ownKeysNamed() throws {
        let line = try hint(
            Self.service(reading: #"_ = (info["data"] as? [String: Any])?["imageUrl"]; _ = info["aps"]"#))
        #expect(
            line
                == "payloads: the media URL at /media_url, nse-bench's default, which your extension's sources never "
                + #"name; they read the keys "data", "imageUrl": say where your payloads carry it with --media-field "#
                + "POINTER (e.g. --media-field /imageUrl, or /outer/imageUrl where it is nested), or use --with-media 0 if "
                + "the extension downloads no media")
    }

    @Test("no example where no key read looks like a media URL's (a date, a localization key)")
    func noExampleForOtherKeys() throws {
        let line = try hint(Self.service(reading: #"_ = info["startTime"]; _ = info["loc-key"]"#))
        #expect(line?.contains(#"they read the keys "startTime", "loc-key": say where"#) == true, "\(line ?? "")")
        #expect(line?.contains("e.g.") == false)
    }

    @Test("no line where the sources name media_url, where --media-field or a payload file says, or with no media")
    func quietWhenTheDefaultFits() throws {
        #expect(try hint(Self.service(reading: #"_ = info["media_url"]"#)) == nil)
        #expect(try hint(Self.service(reading: #"let key = "media_url"; _ = info[key]"#)) == nil)
        let own = Self.service(reading: #"_ = info["image"]"#)
        #expect(try hint(own) != nil)
        #expect(try hint(own, ["--media-field", "/image"]) == nil)
        #expect(try hint(own, ["--with-media", "0"]) == nil)
    }
}
