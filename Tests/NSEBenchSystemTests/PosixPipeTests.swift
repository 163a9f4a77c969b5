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

    @Test func aPipeGrowsToTheCapacityAskedAndThenHoldsThatMuchUnread() throws {
        let pipe = try CloseOnExecPipe()
        #expect(try pipe.setCapacity(1 << 18) == 1 << 18)
        #expect(try Posix.pipeCapacity(pipe.reading.fileDescriptor) == 1 << 18, "one pipe, seen from either end")
        // 256 KiB written with no reader: a write past the capacity would block this test for ever.
        let flags = fcntl(pipe.writing.fileDescriptor, F_GETFL)
        #expect(fcntl(pipe.writing.fileDescriptor, F_SETFL, flags | O_NONBLOCK) == 0)
        let chunk = [UInt8](repeating: 7, count: 65_536)
        var written = 0
        while written < 1 << 18 {
            let count = chunk.withUnsafeBytes { Glibc.write(pipe.writing.fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            written += count
        }
        #expect(written == 1 << 18)
    }

    @Test func aCapacityOnSomethingNotAPipeIsAnErrorNamingTheCall() throws {
        let error = #expect(throws: SystemError.self) { try Posix.setPipeCapacity(-1, bytes: 1 << 18) }
        #expect(error?.description.contains("F_SETPIPE_SZ") == true, "\(String(describing: error))")
    }
}
