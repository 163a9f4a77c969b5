import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import MediaServer

/// `redirects=N`: the server answers a media request N times with `302 Found` before the media.
@Suite("Media server: redirects before the media", .serialized)
struct RedirectServerTests {
    @Test("the Location is the request's own target with one redirect fewer, its other parameters kept")
    func locations() {
        #expect(
            RedirectLocation.next(fromTarget: "/media/200KB.jpg?redirects=2&ttfb=1s", remaining: 2)
                == "/media/200KB.jpg?ttfb=1s&redirects=1")
        #expect(RedirectLocation.next(fromTarget: "/media/1KB.jpg", remaining: 3) == "/media/1KB.jpg?redirects=2")
        #expect(
            RedirectLocation.next(fromTarget: "http://127.0.0.1:8080/media/a%20b.jpg?x=%2B", remaining: 1)
                == "/media/a%20b.jpg?x=%2B&redirects=0", "an absolute-form target's path, encoded as it came")
        #expect(RedirectLocation.next(fromTarget: "http://host?redirects=1", remaining: 1) == "/?redirects=0")
        #expect(
            RedirectLocation.next(fromTarget: "/files/http://x.jpg?%72edirects=2", remaining: 2)
                == "/files/http://x.jpg?redirects=1", "origin-form whatever its path holds; the name read decoded")
    }

    @Test("redirects take no request index: fail-first still fails the first media requests")
    func failFirstCountsMediaRequests() async throws {
        try await withMediaServer(conditions: [("fail-first", "1"), ("redirects", "1")]) { server in
            let redirect = try await RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(redirect.status == 302)
            let location = try #require(redirect.header("Location"))
            let first = try await RawHTTPClient.get(location, port: server.address.port)
            #expect(first.status == 503, "the first media request, after its redirect")
            let second = try await RawHTTPClient.get(location, port: server.address.port)
            #expect(second.status == 200)
        }
    }

    @Test("a chain of redirects, each a 302 with no body, then the media")
    func chain() async throws {
        try await withMediaServer { server in
            var target = "/media/1KB.jpg?redirects=2&ttfb=0ms"
            var statuses: [Int] = []
            for _ in 0..<4 {
                let response = try await RawHTTPClient.get(target, port: server.address.port)
                statuses.append(response.status ?? 0)
                guard response.status == 302, let location = response.header("Location") else { break }
                #expect(response.header("Content-Length") == "0")
                target = location
            }
            #expect(statuses == [302, 302, 200])
            #expect(target == "/media/1KB.jpg?ttfb=0ms&redirects=0")
        }
    }

    @Test("a server-wide count applies to every media request; a request's own redirects=0 is served")
    func serverWide() async throws {
        try await withMediaServer(conditions: [("redirects", "1")]) { server in
            let first = try await RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(first.status == 302)
            #expect(first.header("Location") == "/media/1KB.jpg?redirects=0")
            let media = try await RawHTTPClient.get("/media/1KB.jpg?redirects=0", port: server.address.port)
            #expect(media.status == 200)
            let health = try await RawHTTPClient.get("/health", port: server.address.port)
            #expect(health.status == 200, "only media is redirected")
        }
    }

    @Test("a redirect waits the request's first-byte delay, as any response")
    func delayed() async throws {
        try await withMediaServer { server in
            let clock = ContinuousClock()
            let started = clock.now
            let response = try await RawHTTPClient.get(
                "/media/1KB.jpg?redirects=1&ttfb=150ms", port: server.address.port)
            #expect(response.status == 302)
            #expect(clock.now - started >= .milliseconds(150))
        }
    }
}
