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
