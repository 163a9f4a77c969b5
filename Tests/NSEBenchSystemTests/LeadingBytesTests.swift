import Foundation
import Glibc
import NSEBenchTestSupport
import Testing

@testable import NSEBenchSystem

@Suite struct LeadingBytesTests {
    @Test(arguments: [(100, 16, 16), (5, 16, 5), (0, 16, 0), (16, 16, 16), (100, 0, 0)])
    func readsTheFirstBytesOrAllOfAShorterFile(size: Int, count: Int, expected: Int) throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-leading")
        defer { directory.remove() }
        let path = directory.path("file")
        let content = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
        try Data(content).write(to: URL(fileURLWithPath: path))
        #expect(try Posix.leadingBytes(of: path, count: count) == Array(content.prefix(expected)))
    }

    @Test func aFileThatIsNotThereIsAnErrorNamingIt() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-leading")
        defer { directory.remove() }
        let path = directory.path("gone")
        let error = try #require(throws: SystemError.self) { try Posix.leadingBytes(of: path, count: 16) }
        #expect(error.errno == ENOENT)
        #expect(error.call == "open(\(path))")
    }

    @Test func aDirectoryIsAReadErrorNamingIt() throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-leading")
        defer { directory.remove() }
        let error = try #require(throws: SystemError.self) { try Posix.leadingBytes(of: directory.url.path, count: 16) }
        #expect(error.errno == EISDIR)
        #expect(error.call == "read(\(directory.url.path))")
    }
}
