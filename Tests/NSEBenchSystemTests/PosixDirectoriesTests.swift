import Foundation
import Glibc
import NSEBenchTestSupport
import Testing

@testable import NSEBenchSystem

/// `mkdir` that answers whether it made the folder, and `rm -rf` by descriptors.
@Suite struct PosixDirectoriesTests {
    @Test func aFolderIsMadeOnceAndAMissingParentIsAnErrorNamingIt() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-mkdir")
        defer { directory.remove() }
        #expect(try Posix.makeDirectory(directory.path("made")))
        #expect(try Posix.makeDirectory(directory.path("made")) == false, "already there")
        let error = try #require(throws: SystemError.self) { try Posix.makeDirectory(directory.path("no/parent")) }
        #expect(error.errno == ENOENT)
        #expect(error.call == "mkdir(\(directory.path("no/parent")))")
    }

    @Test func aTreeIsRemovedWholeAndNothingOrAFileIsNoProblem() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-rmtree")
        defer { directory.remove() }
        let tree = directory.path("tree")
        for folder in ["a/b/c", "a/d", ".hidden/x"] {
            try FileManager.default.createDirectory(atPath: tree + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["a/b/c/1", "a/d/2", ".hidden/x/..3", "top"] {
            try Data("bytes".utf8).write(to: URL(fileURLWithPath: tree + "/" + file))
        }
        try Posix.removeTree(tree)
        #expect(!FileManager.default.fileExists(atPath: tree))
        try Posix.removeTree(tree)  // nothing there
        let file = directory.path("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        try Posix.removeTree(file)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func aLinkToAFolderIsRemovedNotFollowed() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-rmtree")
        defer { directory.remove() }
        let kept = directory.path("kept")
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: kept + "/file"))
        try FileManager.default.createDirectory(atPath: directory.path("tree"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path("tree/link"), withDestinationPath: kept)
        try Posix.removeTree(directory.path("tree"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("tree")))
        #expect(FileManager.default.fileExists(atPath: kept + "/file"))
        try Posix.removeTree(directory.path("link-to-kept-absent"))
    }
}
