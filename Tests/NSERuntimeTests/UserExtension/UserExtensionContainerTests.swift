import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// The folders a user's extension asks Foundation for are its own phone's (`PhoneContainer`), as iOS gives
/// each extension a sandbox: not the host's `~/Documents`, `~/.cache` and `/tmp`, shared by every simulated
/// phone and every run.
@Suite("User extension: its own container", .serialized, .timeLimit(.minutes(3)))
struct UserExtensionContainerTests {
    /// Each payload's body names the way the extension finds its folder; it then writes `same.txt` there
    /// without overwriting (as two phones renaming one campaign image to one name do) and reports the path
    /// in the title, or the error.
    static let service = """
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                let manager = FileManager.default
                let folder: URL
                switch content.body {
                case "documents": folder = manager.urls(for: .documentDirectory, in: .userDomainMask)[0]
                case "caches": folder = manager.urls(for: .cachesDirectory, in: .userDomainMask).first!
                case "library": folder = manager.urls(for: .libraryDirectory, in: .userDomainMask).first!
                case "temporary": folder = manager.temporaryDirectory
                case "NSTemporaryDirectory": folder = URL(fileURLWithPath: NSTemporaryDirectory())
                case "NSHomeDirectory": folder = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Documents")
                case "search path":
                    folder = URL(fileURLWithPath: NSSearchPathForDirectoriesInDomains(.cachesDirectory, .userDomainMask, true)[0])
                case "URL.documentsDirectory": folder = URL.documentsDirectory
                case "URL.temporaryDirectory": folder = URL.temporaryDirectory
                case "URL.cachesDirectory": folder = URL.cachesDirectory
                case "URL.homeDirectory": folder = URL.homeDirectory.appendingPathComponent("tmp")
                case "created support":
                    folder = try! manager.url(for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
                default: folder = manager.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
                }
                let file = folder.appendingPathComponent("same.txt")
                do {
                    try Data("one phone".utf8).write(to: file, options: .withoutOverwriting)
                    content.title = file.path
                } catch {
                    content.title = "failed: \\(error)"
                }
                contentHandler(content)
            }
        }
        """

    static let ways = [
        "documents", "caches", "library", "temporary", "NSTemporaryDirectory", "NSHomeDirectory", "search path",
        "URL.documentsDirectory", "URL.temporaryDirectory", "URL.cachesDirectory", "URL.homeDirectory",
        "created support",
    ]

    @Test("every way to a folder gives the phone's own: two phones write one name, neither refused, then removed")
    func eachPhoneHasItsOwnFolders() async throws {
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": Self.service])
        let harness = try HostHarness()
        defer { harness.remove() }
        let containers = harness.directory.appendingPathComponent("tmp/Containers", isDirectory: true)
        for (index, way) in Self.ways.enumerated() {
            // Two phones, one after the other, write the same name in the same folder: on a shared folder
            // the second is refused (the file exists), on a phone each has its own.
            for phone in 0..<2 {
                let id = 2 * index + phone + 1
                let record = await harness.start(
                    harness.input(TestPayloads.plain(body: way), extension: factory, id: id)
                ).value
                let own = containers.appendingPathComponent(String(id)).path + "/"
                #expect(record.outcome == .enriched, "\(way)")
                #expect(record.visible.title.hasPrefix(own), "\(way): \(record.visible.title) is not in \(own)")
                #expect(!FileManager.default.fileExists(atPath: own), "\(way): the container is removed at the end")
            }
        }
    }

    @Test("Application Support is not made until the extension makes it, as on iOS: the write fails")
    func applicationSupportIsNotMadeForIt() async throws {
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": Self.service])
        let harness = try HostHarness()
        defer { harness.remove() }
        let record = await harness.start(
            harness.input(TestPayloads.plain(body: "support"), extension: factory)
        ).value
        #expect(record.visible.title.hasPrefix("failed: "), "\(record.visible.title)")
    }

    @Test(
        "a module's own URL.documentsDirectory and temporaryDirectory (backports) compile and win; the rest stays",
        arguments: [
            "static var documentsDirectory: URL { URL(fileURLWithPath: \"/backport\") }",
            "static let documentsDirectory = URL(fileURLWithPath: \"/backport\")",
        ])
    func backportsKeepTheirOwn(declaration: String) async throws {
        let record = try await CompiledExamples.record(
            of: [
                "NotificationService.swift": """
                import UserNotifications

                extension URL {
                    \(declaration)
                    static let temporaryDirectory = URL(fileURLWithPath: "/backport-tmp")
                }

                class NotificationService: UNNotificationServiceExtension {
                    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        content.title = URL.documentsDirectory.path + " " + URL.temporaryDirectory.path + " "
                            + (NSTemporaryDirectory().contains("/Containers/") ? "own" : "host")
                        contentHandler(content)
                    }
                }
                """
            ], title: "x")
        #expect(record.visible.title == "/backport /backport-tmp own", "the module's own win; the other shadows stay")
    }

    @Test("folders read as the extension is made, and in a module keeping Foundation's FileManager, are its phone's")
    func madeOnItsPhoneAndWithFoundationsFileManager() async throws {
        let record = try await CompiledExamples.record(
            of: [
                "NotificationService.swift": """
                import UserNotifications

                // Keeps Foundation's FileManager: this module names FileManagerDelegate.
                class NotificationService: UNNotificationServiceExtension {
                    let folder = FileManager.default.temporaryDirectory

                    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                        let content = request.content.mutableCopy() as! UNMutableNotificationContent
                        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
                        content.title = [folder, caches, FileManager().temporaryDirectory]
                            .map { $0.path.contains("/Containers/") ? "own" : "host " + $0.path }.joined(separator: ", ")
                        contentHandler(content)
                    }
                }
                """
            ], title: "x")
        #expect(record.visible.title == "own, own, own")
    }

    @Test("the shadow groups for folders are left out only for a clashing declaration, not for a call")
    func folderShadowClashes() {
        #expect(GeneratedShadow.clashing(in: "func NSTemporaryDirectory() -> String { \"/x\" }") == [.searchPaths])
        #expect(
            GeneratedShadow.clashing(in: "extension URL { static let homeDirectory = URL(fileURLWithPath: \"/\") }")
                == [.urlHomeDirectory])
        #expect(
            GeneratedShadow.clashing(in: "extension URL {}\nenum Settings { static var temporaryDirectory = \"\" }")
                == [.urlTemporaryDirectory], "a URL extension in the file: taken as a clash, to be safe")
        #expect(
            GeneratedShadow.clashing(in: "enum Settings { static var homeDirectory: String { \"/\" } }").isEmpty,
            "no URL extension: another type's")
        #expect(
            GeneratedShadow.clashing(
                in:
                    "func url(for d: FileManager.SearchPathDirectory, in m: Mask, appropriateFor url: URL?, create c: Bool)"
            )
                == [.fileManagerURL])
        let calls = """
            let a = NSTemporaryDirectory()
            let b = try FileManager.default.url(for: .cachesDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
            let c = URL.documentsDirectory
            """
        #expect(GeneratedShadow.clashing(in: calls).isEmpty)
    }
}
