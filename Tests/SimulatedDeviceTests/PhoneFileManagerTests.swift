import Foundation
import NSEBenchTestSupport
import Testing

@testable import SimulatedDevice

/// The moves of an extension's `FileManager`: one rename when it succeeds, and otherwise Foundation's
/// own outcome and error, compared here with what `Foundation.FileManager` does to the same files.
@Suite("Phone file manager: moves")
struct PhoneFileManagerTests {
    let scratch: OwnedTemporaryDirectory
    init() throws { scratch = try OwnedTemporaryDirectory(prefix: "nse-bench-phone-files") }

    private func file(_ name: String, _ text: String) throws -> URL {
        let url = scratch.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func text(_ url: URL) throws -> String { String(decoding: try Data(contentsOf: url), as: UTF8.self) }

    @Test func aMoveRenamesTheFile() throws {
        let source = try file("CFNetworkDownload_1_1.tmp", "jpeg bytes")
        let destination = scratch.url.appendingPathComponent("CFNetworkDownload_1_1.jpg")
        try PhoneFileManager.default.moveItem(at: source, to: destination)
        #expect(try text(destination) == "jpeg bytes")
        #expect(!FileManager.default.fileExists(atPath: source.path))

        let again = scratch.url.appendingPathComponent("again.jpg")
        try PhoneFileManager().moveItem(atPath: destination.path, toPath: again.path)
        #expect(try text(again) == "jpeg bytes")
    }

    /// The move itself is the one rename, not Foundation's (which would also succeed): the rename alone
    /// moves the file, and refuses a taken destination or a path holding a NUL.
    @Test func theRenameMovesAndRefusesWhatFoundationMustJudge() throws {
        let source = try file("renamed.tmp", "bytes")
        let destination = scratch.url.appendingPathComponent("renamed.jpg")
        #expect(PhoneFileManager.renamed(source.path, to: destination.path))
        #expect(try text(destination) == "bytes")
        let taken = try file("taken.tmp", "other")
        #expect(!PhoneFileManager.renamed(taken.path, to: destination.path))
        #expect(try text(destination) == "bytes" && (try text(taken)) == "other")
        #expect(!PhoneFileManager.renamed(taken.path + "\u{0}x", to: scratch.url.appendingPathComponent("nul").path))
        #expect(!PhoneFileManager.renamed(scratch.url.appendingPathComponent("gone").path, to: destination.path + ".2"))
    }

    /// The phone whose extension code moves a file hears of each move once, made with either API; a move
    /// outside any phone's code, or one that failed, tells none.
    @Test func thePhoneWhoseCodeMovesAFileIsToldOfTheMove() throws {
        let network = ScriptedNetwork { _ in PhoneResponse(status: 0) }
        let phone = SimulatedPhone(network: network, appGroupContainer: nil, timeScale: 1)
        let first = try file("CFNetworkDownload_2_1.tmp", "a")
        let renamed = scratch.url.appendingPathComponent("CFNetworkDownload_2_1.jpg")
        let again = scratch.url.appendingPathComponent("again.jpg")
        let taken = try file("taken.jpg", "b")
        var failed = false
        phone.bind {
            do {
                try PhoneFileManager.default.moveItem(at: first, to: renamed)
                try PhoneFileManager.default.moveItem(atPath: renamed.path, toPath: again.path)
            } catch {
                Issue.record("a move failed: \(error)")
            }
            do {
                try PhoneFileManager.default.moveItem(at: again, to: taken)
            } catch {
                failed = true
            }
        }
        #expect(failed, "a file at the destination: Foundation's error")
        let outside = try file("outside.tmp", "c")
        try PhoneFileManager.default.moveItem(at: outside, to: scratch.url.appendingPathComponent("outside.jpg"))
        #expect(
            network.moves.withLock { $0 } == ["\(first.path) -> \(renamed.path)", "\(renamed.path) -> \(again.path)"])
    }

    @Test func theDefaultIsOneSharedPhoneFileManager() {
        #expect(PhoneFileManager.default === PhoneFileManager.default)
        #expect(type(of: PhoneFileManager.default) == PhoneFileManager.self)
    }

    /// The error of a move that cannot be made, from `manager`, as (domain, code, what it leaves).
    private func failure(
        _ manager: FileManager, source: URL, destination: URL
    ) throws -> (domain: String, code: Int, description: String, source: String?, destination: String?) {
        let error = try #require(throws: (any Error).self) { try manager.moveItem(at: source, to: destination) }
        let cocoa = error as NSError
        return (cocoa.domain, cocoa.code, cocoa.localizedDescription, try? text(source), try? text(destination))
    }

    @Test func aFileAtTheDestinationFailsAsFoundationFailsAndStays() throws {
        for manager in [FileManager.default, PhoneFileManager.default] {
            let source = try file("source.tmp", "new")
            let destination = try file("taken.jpg", "old")
            let outcome = try failure(manager, source: source, destination: destination)
            #expect(outcome.source == "new" && outcome.destination == "old", "\(type(of: manager))")
            try FileManager.default.removeItem(at: source)
            try FileManager.default.removeItem(at: destination)
        }
        try expectSameFailures {
            try file("source.tmp", "new")
        } destination: {
            try file("taken.jpg", "old")
        }
    }

    @Test func aMissingSourceFailsAsFoundationFails() throws {
        try expectSameFailures {
            scratch.url.appendingPathComponent("gone.tmp")
        } destination: {
            scratch.url.appendingPathComponent("gone.jpg")
        }
        try expectSameFailures {
            scratch.url.appendingPathComponent("gone.tmp")
        } destination: {
            scratch.url.appendingPathComponent("no-such-folder/gone.jpg")
        }
    }

    /// Foundation's and the phone's file managers fail the same move with the same error.
    private func expectSameFailures(source: () throws -> URL, destination: () throws -> URL) throws {
        var errors: [(domain: String, code: Int, description: String)] = []
        for manager in [FileManager.default, PhoneFileManager.default] {
            let (from, to) = (try source(), try destination())
            let outcome = try failure(manager, source: from, destination: to)
            errors.append((outcome.domain, outcome.code, outcome.description))
            for url in [from, to] where FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
        }
        #expect(errors[0] == errors[1])
    }
}
