import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import Testing

@testable import MediaServer

/// The side endpoints over real loopback sockets: receipts and metrics answer a small JSON body,
/// avatars an image, each under its own conditions over the server's, and every call is noted.
@Suite("Media server side endpoints", .serialized)
struct SideEndpointServerTests {
    @Test func receiptsAndMetricsAreAcknowledgedAndNoted() async throws {
        try await withMediaServer { server in
            let receipt = try RawHTTPClient.get("/receipts/abc", port: server.address.port)
            #expect(receipt.status == 200)
            #expect(receipt.text.contains("{\"success\":true}"))
            #expect(receipt.headText.lowercased().contains("content-type: application/json"))
            let metric = try RawHTTPClient.get("/metrics/delivered", port: server.address.port)
            #expect(metric.status == 200)
            let calls = server.statistics.sideCallTimes
            #expect(calls[.receipts]?.count == 1 && calls[.metrics]?.count == 1 && calls[.avatars] == nil)
            _ = try RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(server.statistics.sideCallTimes.values.map(\.count).reduce(0, +) == 2, "media is not a side call")
        }
    }

    @Test func anAvatarIsAnImageAsTheMediaPathServesIt() async throws {
        try await withMediaServer { server in
            let avatar = try RawHTTPClient.get("/avatars/2KB.png", port: server.address.port)
            #expect(avatar.status == 200)
            #expect(avatar.body.count == 2_000)
            #expect(Array(avatar.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "PNG magic bytes")
            let bad = try RawHTTPClient.get("/avatars/huge.exe", port: server.address.port)
            #expect(bad.status == 400 || bad.status == 404)
        }
    }

    @Test func anEndpointsConditionsApplyToItsCallsOnly() async throws {
        let slow = try NetworkConditions(settings: [("status", "503:100")], scope: .request)
        try await withMediaServer(endpoints: [.metrics: slow]) { server in
            let metric = try RawHTTPClient.get("/metrics/delivered", port: server.address.port)
            let receipt = try RawHTTPClient.get("/receipts/1", port: server.address.port)
            let media = try RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(metric.status == 503 && receipt.status == 200 && media.status == 200)
            let overridden = try RawHTTPClient.get("/metrics/delivered?status=200:100", port: server.address.port)
            #expect(overridden.status == 200, "a query parameter still overrides, as for the media")
        }
    }

    @Test func anEndpointsLatencyIsLayeredOverTheServers() async throws {
        let wait = try NetworkConditions(settings: [("ttfb", "1s")], scope: .request)
        try await withMediaServer(endpoints: [.receipts: wait]) { server in
            let started = MonotonicClock.now()
            let receipt = try RawHTTPClient.get("/receipts/1", port: server.address.port)
            #expect(receipt.status == 200)
            #expect(MonotonicClock.now() - started >= 1_000_000_000)
        }
    }

    @Test func otherPathsAreStillNotFound() async throws {
        try await withMediaServer { server in
            let near = try RawHTTPClient.get("/receiptsx", port: server.address.port)
            let other = try RawHTTPClient.get("/other", port: server.address.port)
            #expect(near.status == 404 && other.status == 404)
        }
    }
}
