import Foundation
import Testing

@testable import NSERuntime

/// The run's attachment data store: moves, unique names, totals.
@Suite("Attachment store")
struct AttachmentStoreTests {
    private static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nse-bench-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func file(_ name: String, bytes: Int, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(repeating: 0xAB, count: bytes).write(to: url)
        return url
    }

    @Test("a stored file is moved, keeps its extension and is counted")
    func moves() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AttachmentStore(directory: directory.appendingPathComponent("store"))
        let source = try Self.file("CFNetworkDownload_1.jpg", bytes: 1_234, in: directory)

        let stored = try store.store(source, invocation: 9, identifier: "image")
        let url = try #require(stored.url)
        let storeDirectory = try #require(store.directory)

        #expect(!FileManager.default.fileExists(atPath: source.path))
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(url.deletingLastPathComponent().standardizedFileURL.path == storeDirectory.standardizedFileURL.path)
        #expect(url.pathExtension == "jpg")
        #expect(url.lastPathComponent.contains("-9-image"))
        #expect(stored.bytes == 1_234)
        #expect(store.totals == AttachmentStore.Totals(files: 1, bytes: 1_234))
    }

    @Test("the same identifier and name twice: two files, nothing overwritten")
    func collisionFree() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AttachmentStore(directory: directory.appendingPathComponent("store"))
        let first = try store.store(
            try Self.file("a.png", bytes: 10, in: directory), invocation: 1, identifier: "media")
        let second = try store.store(
            try Self.file("a.png", bytes: 20, in: directory), invocation: 1, identifier: "media")

        #expect(first.url != second.url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: try #require(store.directory).path).count == 2)
        #expect(store.totals == AttachmentStore.Totals(files: 2, bytes: 30))
    }

    @Test("an identifier that is not a safe file name is sanitised")
    func sanitisedIdentifier() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AttachmentStore(directory: directory.appendingPathComponent("store"))
        let stored = try store.store(
            try Self.file("x.gif", bytes: 1, in: directory), invocation: 2, identifier: "../../etc/passwd")
        let url = try #require(stored.url)
        #expect(
            url.deletingLastPathComponent().standardizedFileURL.path
                == (try #require(store.directory)).standardizedFileURL.path)
        #expect(!url.lastPathComponent.contains("/"))
        #expect(stored.identifier == "../../etc/passwd")
    }

    @Test("a missing file is refused, naming it")
    func missingFile() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AttachmentStore(directory: directory.appendingPathComponent("store"))
        let missing = directory.appendingPathComponent("gone.jpg")
        #expect(throws: AttachmentStoreError.notARegularFile(path: missing.path)) {
            try store.store(missing, invocation: 1, identifier: "media")
        }
        #expect(store.totals == AttachmentStore.Totals(files: 0, bytes: 0))
    }

    @Test("a file already at the next name is never replaced: the store takes the following number")
    func neverReplaces() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AttachmentStore(directory: directory.appendingPathComponent("store"))
        let squatter = try #require(store.directory).appendingPathComponent("1-5-media.jpg")
        try Data("someone else's".utf8).write(to: squatter)

        let stored = try store.store(
            try Self.file("a.jpg", bytes: 3, in: directory), invocation: 5, identifier: "media")

        #expect(stored.url?.lastPathComponent == "2-5-media.jpg")
        #expect(try Data(contentsOf: squatter) == Data("someone else's".utf8))
    }

    @Test("a counting store takes the file away and keeps only the counts")
    func countingStore() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = AttachmentStore.counting()
        let source = try Self.file("CFNetworkDownload_4.jpg", bytes: 8, in: directory)

        let stored = try store.store(source, invocation: 4, identifier: "image")

        #expect(stored == StoredAttachment(identifier: "image", url: nil, bytes: 8))
        #expect(!FileManager.default.fileExists(atPath: source.path), "gone from the extension's container")
        #expect(store.totals == AttachmentStore.Totals(files: 1, bytes: 8))
        #expect(store.directory == nil)
        #expect(throws: AttachmentStoreError.notARegularFile(path: source.path)) {
            try store.store(source, invocation: 4, identifier: "image")
        }
    }

    @Test("a directory is not an attachment")
    func directoryRefused() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try AttachmentStore(directory: directory.appendingPathComponent("store"))
        let folder = directory.appendingPathComponent("folder.jpg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: AttachmentStoreError.notARegularFile(path: folder.path)) {
            try store.store(folder, invocation: 1, identifier: "media")
        }
    }
}
