import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// The examples in Examples/, compiled as users' extensions and run by the host on a manual clock: their
/// URLSession requests reach the run's downloader, are timed, and end as iOS would end them.
@Suite("User extension: the examples under the host", .timeLimit(.minutes(3)))
struct UserExtensionHostTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46]

    @Test("Xcode's template, unchanged: the title rewritten and delivered at once")
    func template() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let record = await harness.start(
            harness.input(TestPayloads.plain(), extension: try await CompiledExamples.factory("XcodeTemplate"))
        ).value
        #expect(record.outcome == .enriched)
        #expect(record.visible.title == "Flash sale [modified]")
    }

    /// Runs the example in `folder` on a payload with a media URL whose download answers a JPEG after a
    /// second: `inspect` sees the harness once the request is made, before the clock moves on.
    private func runDownloadingAJPEG(
        _ folder: String, inspect: (HostHarness) throws -> Void = { _ in }
    ) async throws -> InvocationRecord {
        let harness = try HostHarness { _ in
            .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(
                TestPayloads.plain(mediaURL: TestPayloads.mediaURL),
                extension: try await CompiledExamples.factory(folder)))
        await harness.downloader.waitForRequests(1)
        try inspect(harness)
        harness.clock.advance(by: second)
        return await task.value
    }

    @Test("XcodeProject: the project's shared file downloads, its local package's Bundle.module gives the subtitle")
    func xcodeProjectWithALocalPackage() async throws {
        CompiledExamples.keepManifestsInTestCache()
        let record = try await runDownloadingAJPEG("XcodeProject/NotificationService")
        #expect(record.outcome == .enriched)
        #expect(record.visible.subtitle == "Photo", "ChatKit's en.lproj/Localizable.strings, through Bundle.module")
        #expect(record.visible.attachments.first?.url?.pathExtension == "jpg")
    }

    @Test(
        "MediaDownload: URLSession.shared's download goes through the run's downloader, is timed and attached",
        arguments: ["MediaDownload", "MediaDownloadObjectiveC"])
    func mediaDownloads(example: String) async throws {
        let record = try await runDownloadingAJPEG(example) { harness in
            let request = try #require(harness.downloader.requests.first)
            #expect(request.url == TestPayloads.mediaURL)
            #expect(request.idleTimeout == 60 * second, "URLSession's 60 s request timeout")
            #expect(request.timeout == nil, "URLSession's 7-day resource timeout is no limit")
        }
        #expect(record.outcome == .enriched)
        #expect(record.visible.attachments.first?.url?.pathExtension == "jpg")
        #expect(record.download?.status == 200)
        #expect(record.download?.bytes == Self.jpeg.count)
        #expect(record.phases.download.map { $0.end - $0.start } == second)
    }

    @Test("past the deadline all show the original: MediaDownload's best attempt is the text as it arrived")
    func expiry() async throws {
        for (example, deliveredAtExpiry) in [
            ("MediaDownload", true), ("NoExpiryHandler", false), ("MediaDownloadObjectiveC", true),
        ] {
            let harness = try HostHarness { _ in .hang }
            defer { harness.remove() }
            let task = harness.start(
                harness.input(
                    TestPayloads.plain(mediaURL: TestPayloads.mediaURL),
                    extension: try await CompiledExamples.factory(example)))
            await harness.downloader.waitForRequests(1)
            harness.clock.advance(by: 30 * second)
            try await Task.sleep(for: .milliseconds(50))
            harness.clock.advance(by: 2 * second)
            try await Task.sleep(for: .milliseconds(50))
            harness.clock.advance(by: 2 * second)
            let record = await task.value
            #expect(record.outcome == .expiredOriginal, "\(example)")
            #expect((record.times.delivered == 30 * second) == deliveredAtExpiry, "\(example)")
        }
    }

    @Test("a session's timeoutIntervalForResource, scaled with the run, ends a slow download in time")
    func resourceTimeoutScaled() async throws {
        let folder = try CompiledExamples.folder([
            "Service.swift": """
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let configuration = URLSessionConfiguration.ephemeral
                    configuration.timeoutIntervalForRequest = 10
                    configuration.timeoutIntervalForResource = 20
                    let session = URLSession(configuration: configuration)
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    session.dataTask(with: URL(string: "http://127.0.0.1:8080/media/1KB.jpg")!) { data, _, error in
                        content.body = error == nil ? "got \\(data?.count ?? 0) bytes" : "failed: \\((error as? URLError)?.code == .timedOut)"
                        contentHandler(content)
                    }.resume()
                }
            }
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let factory = try await UserExtensionLoader.loadOffThePool(folder.path, builder: try CompiledExamples.builder())
            .factory
        let harness = try HostHarness(settings: HostSettings(timeScale: 0.5)) { _ in
            .respond(.init(after: second, contentType: "image/jpeg", body: .bytes(Self.jpeg)))
        }
        defer { harness.remove() }
        let task = harness.start(harness.input(TestPayloads.plain(), extension: factory))
        await harness.downloader.waitForRequests(1)
        let request = try #require(harness.downloader.requests.first)
        #expect(request.idleTimeout == 5 * second)
        #expect(request.timeout == 10 * second)
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(record.visible.body == "got 8 bytes")
    }
}

/// The decrypting example, with CryptoKit's AES-GCM and the App Group container of the simulated phone.
@Suite("User extension: DecryptPayload", .timeLimit(.minutes(3)))
struct DecryptExampleTests {
    @Test("decrypts with the container's key; a tampered payload shows the original unchanged")
    func decrypts() async throws {
        let factory = try await CompiledExamples.factory("DecryptPayload")
        let harness = try HostHarness()
        defer { harness.remove() }
        let record = await harness.start(harness.input(try TestPayloads.encrypted(), extension: factory)).value
        #expect(record.outcome == .enriched)
        #expect(record.visible.title == TestPayloads.secret.title)
        #expect(record.visible.body == TestPayloads.secret.body)

        var tampered = try TestPayloads.encrypted()
        let text = try #require(tampered.encryptedData)
        tampered.encryptedData = String(text.dropLast(4)) + (text.hasSuffix("AAA=") ? "BBB=" : "AAA=")
        let fallback = await harness.start(harness.input(tampered, extension: factory, id: 2)).value
        #expect(fallback.visible.title == TestPayloads.placeholder.title)
    }
}

/// `FileManager` in a user's module is the phone's (``PhoneFileManager``): the idioms of extension code
/// still compile against it, and a move that cannot be made fails with Foundation's own error.
@Suite("User extension: FileManager", .timeLimit(.minutes(3)))
struct UserFileManagerTests {
    /// The body the extension compiled from `service` (its one source file) delivers for a plain payload.
    private func deliveredBody(_ service: String) async throws -> String {
        let folder = try CompiledExamples.folder(["Service.swift": service])
        defer { try? FileManager.default.removeItem(at: folder) }
        let factory = try await UserExtensionLoader.loadOffThePool(folder.path, builder: try CompiledExamples.builder())
            .factory
        let harness = try HostHarness()
        defer { harness.remove() }
        return await harness.start(harness.input(TestPayloads.plain(), extension: factory)).value.visible.body
    }

    @Test func fileManagerIdiomsCompileAndMovesBehaveAsFoundations() async throws {
        let body = try await deliveredBody(
            """
            import UserNotifications
            extension FileManager { func kind() -> String { String(describing: type(of: self)) } }
            final class Renamer: FileManager, @unchecked Sendable {}
            func scratch(_ manager: FileManager = FileManager.default) -> URL {
                manager.temporaryDirectory.appendingPathComponent("nse-bench-fm-\\(UUID().uuidString)")
            }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    let manager: FileManager = .default
                    let folder = scratch()
                    var notes = [manager.kind(), String(describing: FileManager.SearchPathDirectory.cachesDirectory)]
                    do {
                        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                        let download = folder.appendingPathComponent("CFNetworkDownload_1.tmp")
                        try Data("jpeg".utf8).write(to: download)
                        let image = download.deletingPathExtension().appendingPathExtension("jpg")
                        try FileManager.default.moveItem(at: download, to: image)
                        notes.append(String(decoding: try Data(contentsOf: image), as: UTF8.self))
                        for mover in [Renamer() as Foundation.FileManager, Foundation.FileManager.default] {
                            do {
                                try mover.moveItem(at: download, to: image)
                            } catch {
                                notes.append("\\((error as NSError).domain) \\((error as NSError).code)")
                            }
                        }
                        try manager.removeItem(at: folder)
                    } catch {
                        notes.append("failed: \\(error)")
                    }
                    content.body = notes.joined(separator: ", ")
                    contentHandler(content)
                }
            }
            """)
        let notes = body.components(separatedBy: ", ")
        #expect(notes.count == 5, "\(body)")
        #expect(notes.prefix(3) == ["PhoneFileManager", "cachesDirectory", "jpeg"])
        // The phone's failure is Foundation's: the same domain and code for the same move.
        #expect(notes.count == 5 && notes[3] == notes[4] && notes[3].hasPrefix("NSCocoaErrorDomain"))
    }

    /// A module that names `FileManagerDelegate` keeps Foundation's `FileManager`: the protocol's
    /// requirements take Foundation's type, which a delegate written with the alias's would not satisfy.
    @Test func aModuleWithAFileManagerDelegateKeepsFoundationsFileManager() async throws {
        let body = try await deliveredBody(
            """
            import UserNotifications
            final class Refuser: NSObject, FileManagerDelegate {
                var asked = 0
                func fileManager(_ fileManager: FileManager, shouldMoveItemAt srcURL: URL, to dstURL: URL) -> Bool {
                    asked += 1
                    return false
                }
                func fileManager(_ fileManager: FileManager, shouldCopyItemAtPath srcPath: String, toPath dstPath: String) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldCopyItemAt srcURL: URL, to dstURL: URL) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: Error, copyingItemAtPath srcPath: String, toPath dstPath: String) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: Error, copyingItemAt srcURL: URL, to dstURL: URL) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldMoveItemAtPath srcPath: String, toPath dstPath: String) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: Error, movingItemAtPath srcPath: String, toPath dstPath: String) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: Error, movingItemAt srcURL: URL, to dstURL: URL) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldLinkItemAtPath srcPath: String, toPath dstPath: String) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldLinkItemAt srcURL: URL, to dstURL: URL) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: Error, linkingItemAtPath srcPath: String, toPath dstPath: String) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: Error, linkingItemAt srcURL: URL, to dstURL: URL) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldRemoveItemAtPath path: String) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldRemoveItemAt URL: URL) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: Error, removingItemAtPath path: String) -> Bool { true }
                func fileManager(_ fileManager: FileManager, shouldProceedAfterError error: Error, removingItemAt URL: URL) -> Bool { true }
            }
            class NotificationService: UNNotificationServiceExtension {
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    let manager = FileManager()
                    let refuser = Refuser()
                    manager.delegate = refuser
                    let folder = manager.temporaryDirectory.appendingPathComponent("nse-bench-fmd-\\(UUID().uuidString)")
                    var notes = [String(describing: type(of: manager))]
                    do {
                        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
                        let file = folder.appendingPathComponent("a.tmp")
                        try Data("x".utf8).write(to: file)
                        try manager.moveItem(at: file, to: folder.appendingPathComponent("a.jpg"))
                        notes.append("asked \\(refuser.asked), kept \\(manager.fileExists(atPath: file.path))")
                        manager.delegate = nil
                        try manager.removeItem(at: folder)
                    } catch {
                        notes.append("failed: \\(error)")
                    }
                    content.body = notes.joined(separator: ", ")
                    contentHandler(content)
                }
            }
            """)
        #expect(body == "FileManager, asked 1, kept true")
    }
}
