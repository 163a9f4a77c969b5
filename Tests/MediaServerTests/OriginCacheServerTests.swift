import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import MediaServer

/// The cold CDN cache over real loopback sockets: a miss waits for the origin, a hit does not, and
/// concurrent misses share one fetch only with coalescing.
@Suite("Media server origin cache", .serialized)
struct OriginCacheServerTests {
    let fetch = DurationValue.milliseconds(1_500)

    @Test func theFirstRequestWaitsForTheOriginAndTheSecondIsAHit() async throws {
        try await withMediaServer(originCache: OriginCacheSettings(fetch: .fixed(fetch))) { server in
            let started = MonotonicClock.now()
            let first = try await RawHTTPClient.get("/media/2KB.jpg?ttfb=0s", port: server.address.port)
            let firstTook = MonotonicClock.now() - started
            #expect(first.status == 200)
            #expect(firstTook >= UInt64(fetch.nanoseconds), "the origin fetch came before the first byte")
            let hit = try await RawHTTPClient.get(
                "/media/2KB.jpg?ttfb=0s&bandwidth=unlimited", port: server.address.port)
            #expect(hit.status == 200)
            #expect(hit.body.count == 2_000)
            let counts = server.statistics.snapshot.originCache
            #expect(
                counts == OriginCacheCounts(originFetches: 1, coalesced: 0, hits: 1),
                "network parameters are not the key")
            let other = try await RawHTTPClient.get("/media/3KB.jpg", port: server.address.port)
            #expect(other.status == 200)
            #expect(server.statistics.snapshot.originCache.originFetches == 2, "another URL is another object")
        }
    }

    @Test(arguments: [true, false])
    func concurrentMissesShareOneFetchOnlyWithCoalescing(coalesces: Bool) async throws {
        let settings = OriginCacheSettings(fetch: .fixed(fetch), coalesces: coalesces)
        try await withMediaServer(originCache: settings) { server in
            let request = "GET /media/1KB.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            let clients = try (0..<3).map { _ in try RawHTTPClient(port: server.address.port) }
            for client in clients { client.send(request) }
            for client in clients { #expect(await client.receive(timeout: 20).status == 200) }
            let counts = server.statistics.snapshot.originCache
            // Sent within 1.5 s of each other on any machine, so all three missed.
            #expect(counts == OriginCacheCounts(originFetches: coalesces ? 1 : 3, coalesced: coalesces ? 2 : 0))
        }
    }

    @Test func aBadQueryIsAnsweredAtOnceWithoutAnOriginFetch() async throws {
        try await withMediaServer(originCache: OriginCacheSettings(fetch: .fixed(.seconds(60)))) { server in
            let bad = try await RawHTTPClient.get("/media/1KB.jpg?ttfb=soon", port: server.address.port)
            #expect(bad.status == 400, "well before the 60 s fetch: the client's 5 s timeout would have cut it")
            #expect(server.statistics.snapshot.originCache == OriginCacheCounts())
        }
    }

    @Test func withoutACacheNothingIsCounted() async throws {
        try await withMediaServer { server in
            let response = try await RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(response.status == 200)
            #expect(server.statistics.snapshot.originCache == OriginCacheCounts())
        }
    }
}
