import NSEBenchTestSupport
import Testing

@testable import MediaServer

/// Closes over real sockets: each is counted once, under the reason that ended it.
@Suite("Connection closes counted by reason", .serialized)
struct ConnectionCloseCountingTests {
    @Test func everyCloseIsCountedUnderItsReason() async throws {
        // The idle timeout must outlast the time between the leaving client's answer and its hang-up: with
        // 1 s, a CI run whose machine was saturated (this test took 19.8 s) counted that close as the
        // server's idle timeout, not the peer's.
        try await withMediaServer(idleTimeout: .seconds(4)) { server in
            let port = server.address.port
            await #expect(try await RawHTTPClient.get("/media/1KB.jpg", port: port).status == 200)
            await #expect(try await RawHTTPClient.get("/media/1KB.jpg?reset-before=100", port: port).ending == .reset)
            await #expect(try await RawHTTPClient.get("/media/300KB.png?truncate=100", port: port).ending == .closed)
            let malformed = try RawHTTPClient(port: port)
            malformed.send("garbage\r\n\r\n")
            await #expect(malformed.receive().status == 400)
            do {
                let leaving = try RawHTTPClient(port: port)
                leaving.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                await #expect(leaving.receive(expected: 1, timeout: 5).bytes.count >= 1)
                leaving.hangUp()  // the client closes its keep-alive connection
            }
            let idle = try RawHTTPClient(port: port)
            await #expect(idle.receive(timeout: 20).ending == .closed)
            #expect(await eventually(within: .seconds(20)) { server.statistics.snapshot.connectionsOpen == 0 })
            let snapshot = server.statistics.snapshot
            #expect(snapshot.closes[.responseEnded] == 1)
            #expect(snapshot.closes[.injectedReset] == 1)
            #expect(snapshot.closes[.injectedTruncate] == 1)
            #expect(snapshot.closes[.protocolError] == 1)
            #expect(snapshot.closes[.peerClosed] == 1)
            #expect(snapshot.closes[.idleTimeout] == 1)
            #expect(snapshot.closes.total == snapshot.connectionsAccepted, "one reason per connection")
        }
    }
}
