import Foundation
import Testing

@testable import NSERuntime

/// The run's temporary directory: names per invocation, created on first use, and what the host removes
/// when an invocation ends.
@Suite("Temporary files")
struct TemporaryFilesTests {
    private static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-tmp-\(UUID().uuidString)/tmp")
    }

    @Test("names carry the invocation and the file's number; the directory appears with the first name")
    func naming() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let files = TemporaryFiles(directory: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.path))

        let first = try files.fileURL(invocation: 7, number: 1, pathExtension: "tmp")
        let other = try files.fileURL(invocation: 17, number: 1, pathExtension: "jpg")

        #expect(FileManager.default.fileExists(atPath: directory.path))
        #expect(first.lastPathComponent == "CFNetworkDownload_7_1.tmp")
        #expect(other.lastPathComponent == "CFNetworkDownload_17_1.jpg")
        #expect(first.deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path)
    }

    @Test("a name without an extension has no trailing dot; a directory given with a slash gets no second one")
    func namingEdges() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let files = TemporaryFiles(directory: URL(fileURLWithPath: directory.path + "/", isDirectory: true))

        let bare = try files.fileURL(invocation: 3, number: 2, pathExtension: "")

        #expect(bare.lastPathComponent == "CFNetworkDownload_3_2")
        #expect(bare.path == directory.path + "/CFNetworkDownload_3_2")
    }

    @Test("a directory that cannot be created is a typed error naming it")
    func uncreatableDirectory() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-blocker-\(UUID())")
        try Data("a file".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let files = TemporaryFiles(directory: blocker.appendingPathComponent("tmp"))
        #expect {
            try files.fileURL(invocation: 1, number: 1, pathExtension: "tmp")
        } throws: { error in
            guard case .cannotCreateTemporaryDirectory(let path, _) = error as? InvocationContextError else {
                return false
            }
            return path == blocker.appendingPathComponent("tmp").path
        }
    }

    @Test("remove deletes what is there, skips what was moved away, and reports what it could not remove")
    func removal() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let files = TemporaryFiles(directory: directory)
        let present = try files.fileURL(invocation: 1, number: 1, pathExtension: "tmp")
        let movedAway = try files.fileURL(invocation: 1, number: 2, pathExtension: "tmp")
        let aDirectory = try files.fileURL(invocation: 1, number: 3, pathExtension: "tmp")
        try Data([1, 2, 3]).write(to: present)
        try FileManager.default.createDirectory(at: aDirectory, withIntermediateDirectories: false)

        let failures = files.remove([present.path, movedAway.path, aDirectory.path])

        #expect(!FileManager.default.fileExists(atPath: present.path))
        #expect(failures.map(\.path) == [aDirectory.path])
        #expect(failures.first?.reason.isEmpty == false)
    }

    @Test("when an invocation ends, its delivered attachment is in the store and its other files are gone")
    func hostRemovesWhatWasNotDelivered() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let log = ScratchFilesService.Log()
        let factory = ExtensionFactory(name: "scratch") { ScratchFilesService(log: log) }

        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory, id: 42))

        #expect(record.outcome == .enriched)
        let named = log.files.withLock { $0 }
        #expect(named.map(\.lastPathComponent) == ["CFNetworkDownload_42_1.jpg", "CFNetworkDownload_42_2.tmp"])
        #expect(named.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        #expect(harness.storedFiles.count == 1)
        #expect(harness.storedFiles.first?.hasSuffix("-42-image.jpg") == true)
        #expect(record.visible.attachments.map(\.bytes) == [4])
    }
}
