import Foundation
import Glibc
import NSEBenchTestSupport
import Testing

@testable import NSEBenchSystem

/// The end of a log: where a crash's printed message is looked for.
@Suite struct TextFileTailTests {
    @Test func theTailStartsAtALineAndAShortFileIsReadWhole() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-tail")
        defer { directory.remove() }
        let path = directory.path("log")
        let lines = (0..<1_000).map { "line \($0)" }
        try TextFile.write(lines.joined(separator: "\n") + "\n", to: path)

        let tail = try TextFile.readTail(path, bytes: 100)
        #expect(tail.utf8.count <= 100)
        #expect(tail.hasPrefix("line ") && tail.hasSuffix("line 999\n"), "\(tail)")
        let read = tail.split(separator: "\n").map(String.init)
        #expect(read == Array(lines.suffix(read.count)), "whole lines only: the one the start cut is left out")
        #expect(read.count >= 9)

        #expect(try TextFile.readTail(path, bytes: 1 << 20) == lines.joined(separator: "\n") + "\n")
        // A line that starts exactly where the bytes do is whole, and kept.
        #expect(try TextFile.readTail(path, bytes: "line 999\n".utf8.count) == "line 999\n")
        #expect(try TextFile.readTail(path, bytes: "line 998\nline 999\n".utf8.count - 1) == "line 999\n")
        // Up to an offset: what was written after it is not read.
        let through998 = (lines.prefix(999).joined(separator: "\n") + "\n").utf8.count
        #expect(try TextFile.readTail(path, bytes: 20, endingAt: through998) == "line 997\nline 998\n")
        #expect(try TextFile.readTail(path, bytes: 20, endingAt: 1 << 30).hasSuffix("line 999\n"), "past the end")
        try TextFile.write("", to: path)
        #expect(try TextFile.readTail(path, bytes: 100) == "")
    }

    @Test func aMissingFileIsAnErrorNamingIt() throws {
        let error = try #require(throws: SystemError.self) {
            try TextFile.readTail("/nonexistent/extension-stderr.log", bytes: 10)
        }
        #expect(error.errno == ENOENT && error.call == "open(/nonexistent/extension-stderr.log)")
    }
}
