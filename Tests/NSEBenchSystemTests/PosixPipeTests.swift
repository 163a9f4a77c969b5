import Glibc
import Testing

@testable import NSEBenchSystem

@Suite struct PosixPipeTests {
    @Test func bothEndsAreCloseOnExecFromTheStartAndCarryBytes() throws {
        let pipe = try Posix.pipe()
        defer {
            for end in [pipe.read, pipe.write] {
                do { try Posix.close(end) } catch { Issue.record("close(\(end)): \(error)") }
            }
        }
        // Never inherited by a process another thread starts.
        #expect(fcntl(pipe.read, F_GETFD) & FD_CLOEXEC == FD_CLOEXEC)
        #expect(fcntl(pipe.write, F_GETFD) & FD_CLOEXEC == FD_CLOEXEC)
        try [UInt8]("ping".utf8).withUnsafeBytes { try Posix.writeAll(pipe.write, $0) }
        var received = [UInt8](repeating: 0, count: 8)
        let count = try received.withUnsafeMutableBytes { try Posix.read(pipe.read, into: $0) }
        #expect(count == .processed(4))
        #expect(Array(received.prefix(4)) == Array("ping".utf8))
    }
}
