import Foundation
import NSEBenchSystem
import NSEBenchTestSupport
import SimulatedDevice
import Synchronization
import Testing
import UserNotifications

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

    @Test("a file the extension renamed and said so is removed under its new name; a delivered one is not looked for")
    func renamedAndDeliveredFiles() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        // Renames one temporary file (telling the host) and keeps it, and delivers another as an attachment.
        let log = Mutex<(renamed: String, delivered: String, context: InvocationContext?)>(("", "", nil))
        let factory = ExtensionFactory(name: "renaming") {
            ContextWorkService { context, content in
                let download = try context.makeTemporaryFilePath()
                try Data([1, 2, 3]).write(to: URL(fileURLWithPath: download))
                let renamed = FilePathExtension.replacing(in: download, with: "bin")
                try FileManager.default.moveItem(atPath: download, toPath: renamed)
                context.temporaryFileMoved(from: download, to: renamed)
                let attached = try context.makeTemporaryFileURL(pathExtension: "jpg")
                try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: attached)
                log.withLock { $0 = (renamed, attached.path, context) }
                guard let mutable = content.mutableCopy() as? UNMutableNotificationContent else { return content }
                mutable.attachments = [try UNNotificationAttachment(identifier: "image", url: attached, options: nil)]
                return mutable
            }
        }

        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory, id: 7))

        #expect(record.outcome == .enriched)
        let (renamed, delivered, context) = log.withLock { ($0.renamed, $0.delivered, $0.context) }
        let paths = try #require(context?.temporaryFilePaths)
        #expect(renamed.hasSuffix("CFNetworkDownload_7_1.bin"))
        #expect(!FileManager.default.fileExists(atPath: renamed), "removed under its new name")
        #expect(paths.contains(renamed))
        #expect(!paths.contains { $0.hasSuffix("CFNetworkDownload_7_1.tmp") }, "the old name is not looked for")
        #expect(!paths.contains(delivered), "the store took it: nothing to remove")
        #expect(harness.storedFiles.count == 1)
    }

    @Test("a body the extension's FileManager moved is not looked for under its old name; kept if moved out of tmp")
    func movedBodiesAreNotLookedForUnderTheirOldName() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let elsewhere = try TemporaryDirectory(prefix: "nse-bench-kept")
        defer { elsewhere.remove() }
        let kept = elsewhere.url.appendingPathComponent("kept.jpg").path
        let log = Mutex<(old: String, renamed: String, oldKept: Bool, paths: [String])>(("", "", false, []))
        let factory = ExtensionFactory(name: "moving") {
            ContextWorkService { context, content in
                let network = InvocationNetwork(context: context)
                let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
                let old = try context.makeTemporaryFilePath()
                let renamed = old.replacingOccurrences(of: ".tmp", with: ".jpg")
                let second = try context.makeTemporaryFilePath()
                try Data([1]).write(to: URL(fileURLWithPath: old))
                try Data([3]).write(to: URL(fileURLWithPath: second))
                var moved = true
                // As the extension's own code moves them, with the phone bound.
                phone.bind {
                    do {
                        try PhoneFileManager.default.moveItem(
                            at: URL(fileURLWithPath: old), to: URL(fileURLWithPath: renamed))
                        try PhoneFileManager.default.moveItem(atPath: second, toPath: kept)
                    } catch {
                        moved = false
                    }
                }
                guard moved else { throw CocoaError(.fileWriteUnknown) }
                // Another file at the old name: the body's removal must leave it, as it looks for none.
                try Data([2]).write(to: URL(fileURLWithPath: old))
                network.removeBody(URL(fileURLWithPath: old, isDirectory: false))
                log.withLock {
                    $0 = (old, renamed, FileManager.default.fileExists(atPath: old), context.temporaryFilePaths)
                }
                return content
            }
        }

        _ = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory, id: 5))

        let (old, renamed, oldKept, paths) = log.withLock { $0 }
        #expect(oldKept, "no unlink under the old name")
        #expect(paths == [renamed], "held under its new name; the one moved out of tmp is the extension's")
        #expect(!FileManager.default.fileExists(atPath: renamed), "removed under its new name at the invocation's end")
        #expect(FileManager.default.fileExists(atPath: kept), "moved out of the temporary directory: left")
        try? FileManager.default.removeItem(atPath: old)
    }

    @Test("a body removed after its handler leaves the list, and the next file still gets a name of its own")
    func removedBodiesNeverLendTheirNames() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        // Names a body, removes it as the simulated phone does once a handler returns, then names another.
        let log = Mutex<(first: String, second: String, firstGone: Bool, paths: [String])>(("", "", false, []))
        let factory = ExtensionFactory(name: "chained") {
            ContextWorkService { context, content in
                let first = try context.makeTemporaryFilePath()
                try Data([1]).write(to: URL(fileURLWithPath: first))
                InvocationNetwork(context: context).removeBody(URL(fileURLWithPath: first, isDirectory: false))
                let gone = !FileManager.default.fileExists(atPath: first)
                let paths = context.temporaryFilePaths
                let second = try context.makeTemporaryFilePath()
                log.withLock { $0 = (first, second, gone, paths) }
                return content
            }
        }

        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory, id: 4))

        #expect(record.outcome == .enriched || record.outcome == .degraded, "\(record.outcome)")
        let (first, second, firstGone, pathsAfterRemoval) = log.withLock { $0 }
        #expect(firstGone, "the body is unlinked")
        #expect(!pathsAfterRemoval.contains(first), "nothing is left there for the invocation's end")
        #expect(first.hasSuffix("CFNetworkDownload_4_1.tmp"))
        #expect(second.hasSuffix("CFNetworkDownload_4_2.tmp"), "a new number, not the removed one's: \(second)")
    }
}
