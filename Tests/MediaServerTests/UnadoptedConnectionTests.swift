import Glibc
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import MediaServer

/// An accepted socket the server cannot take on is closed and counted under its reason, not dropped
/// unseen: the closes still add up to the connections accepted.
@Suite("Accepted sockets the server cannot take on")
struct UnadoptedConnectionTests {
    /// Hands `fd` to a server core on a running loop, as its accept loop would.
    func adopt(_ fd: Int32, statistics: ServerStatistics) async throws {
        let configuration = MediaServerConfiguration(address: IPv4Address(host: "127.0.0.1", port: 0)!)
        let listener = try Posix.listenTCP(on: configuration.address, backlog: 1)
        let loop = try EventLoop(name: "nseb-adopt")
        try loop.start()
        defer { try? loop.shutdown() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            do {
                try loop.execute {
                    do {
                        let core = try ServerCore(
                            loop: loop, configuration: configuration, statistics: statistics, listener: listener)
                        core.adopt(fd)
                        core.closeListener()
                        continuation.resume()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    @Test func aSocketTheLoopWillNotWatchIsClosedAsARegistrationFailure() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // epoll refuses a regular file (EPERM), as it would refuse a socket it cannot watch.
        let fd = open(try folder.write("not-a-socket", "x"), O_RDONLY)
        try #require(fd >= 0)
        let statistics = ServerStatistics()
        try await adopt(fd, statistics: statistics)
        let snapshot = statistics.snapshot
        #expect(snapshot.closes[.registrationFailed] == 1)
        #expect(snapshot.closes.total == snapshot.connectionsAccepted, "one reason per connection")
        #expect(snapshot.connectionsOpen == 0)
        #expect(snapshot.closes.description == "registration error 1")
    }

    @Test func aTLSSessionFailureHasAReasonOfItsOwn() {
        let statistics = ServerStatistics()
        statistics.recordClose(.tlsSessionFailed)
        #expect(statistics.snapshot.closes.description == "tls session error 1")
    }
}
