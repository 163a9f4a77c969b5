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
            let receipt = try await RawHTTPClient.get("/receipts/abc", port: server.address.port)
            #expect(receipt.status == 200)
            #expect(receipt.text.contains("{\"success\":true}"))
            #expect(receipt.headText.lowercased().contains("content-type: application/json"))
            let metric = try await RawHTTPClient.get("/metrics/delivered", port: server.address.port)
            #expect(metric.status == 200)
            let calls = server.statistics.sideCallTimes
            #expect(calls[.receipts]?.count == 1 && calls[.metrics]?.count == 1 && calls[.avatars] == nil)
            _ = try await RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(server.statistics.sideCallTimes.values.map(\.count).reduce(0, +) == 2, "media is not a side call")
        }
    }

    @Test func anAvatarIsAnImageAsTheMediaPathServesIt() async throws {
        try await withMediaServer { server in
            let avatar = try await RawHTTPClient.get("/avatars/2KB.png", port: server.address.port)
            #expect(avatar.status == 200)
            #expect(avatar.body.count == 2_000)
            #expect(Array(avatar.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "PNG magic bytes")
            let bad = try await RawHTTPClient.get("/avatars/huge.exe", port: server.address.port)
            #expect(bad.status == 400 || bad.status == 404)
        }
    }

    @Test func anEndpointsConditionsApplyToItsCallsOnly() async throws {
        let slow = try NetworkConditions(settings: [("status", "503:100")], scope: .request)
        try await withMediaServer(endpoints: [.metrics: slow]) { server in
            let metric = try await RawHTTPClient.get("/metrics/delivered", port: server.address.port)
            let receipt = try await RawHTTPClient.get("/receipts/1", port: server.address.port)
            let media = try await RawHTTPClient.get("/media/1KB.jpg", port: server.address.port)
            #expect(metric.status == 503 && receipt.status == 200 && media.status == 200)
            let overridden = try await RawHTTPClient.get("/metrics/delivered?status=200:100", port: server.address.port)
            #expect(overridden.status == 200, "a query parameter still overrides, as for the media")
        }
    }

    @Test func anEndpointsLatencyIsLayeredOverTheServers() async throws {
        let wait = try NetworkConditions(settings: [("ttfb", "1s")], scope: .request)
        try await withMediaServer(endpoints: [.receipts: wait]) { server in
            let started = MonotonicClock.now()
            let receipt = try await RawHTTPClient.get("/receipts/1", port: server.address.port)
            #expect(receipt.status == 200)
            #expect(MonotonicClock.now() - started >= 1_000_000_000)
        }
    }

    @Test func otherPathsAreStillNotFound() async throws {
        try await withMediaServer { server in
            let near = try await RawHTTPClient.get("/receiptsx", port: server.address.port)
            let other = try await RawHTTPClient.get("/other", port: server.address.port)
            #expect(near.status == 404 && other.status == 404)
        }
    }

    @Test func aPostedReportIsReadCountedAndAnsweredOnAKeptConnection() async throws {
        try await withMediaServer { server in
            let client = try RawHTTPClient(port: server.address.port)
            let body = #"{"delivery_id":"d1","event":"delivered","device_id":"t0","timestamp":1700000000}"#
            // The report, then a pipelined GET on the same connection: both are answered, in order.
            client.send(
                "POST /metrics/delivered HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
                    + "GET /media/100B.gif HTTP/1.1\r\nHost: x\r\n\r\n")
            let both = await client.receive(timeout: 1)
            #expect(both.text.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "two responses")
            #expect(both.text.contains("{\"success\":true}"))
            #expect(both.ending == .timedOut, "the connection stays open")
            let calls = server.statistics.sideCalls
            #expect(calls[.metrics].map { $0.map(\.bodyBytes) } == [body.utf8.count])
            #expect(server.statistics.sideCallBodyBytes[.metrics] == [body.utf8.count])
        }
    }

    @Test func aBodyAboveTheLimitIs413AndClosed() async throws {
        try await withMediaServer { server in
            let client = try RawHTTPClient(port: server.address.port)
            client.send("POST /receipts HTTP/1.1\r\nHost: x\r\nContent-Length: 1048577\r\n\r\n{}")
            let response = await client.receive()
            #expect(response.status == 413)
            #expect(response.ending == .closed)
            #expect(server.statistics.sideCalls.isEmpty, "a refused report is not a side call")
        }
    }

    @Test func aChunkedUploadIs411() async throws {
        try await withMediaServer { server in
            let client = try RawHTTPClient(port: server.address.port)
            client.send("POST /receipts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
            let response = await client.receive()
            #expect(response.status == 411)
            #expect(response.ending == .closed)
        }
    }

    @Test func mediaAndAvatarsTakeNoReports() async throws {
        try await withMediaServer { server in
            for target in ["/media/1KB.jpg", "/avatars/1KB.png", "/health"] {
                let client = try RawHTTPClient(port: server.address.port)
                client.send("POST \(target) HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
                let response = await client.receive()
                #expect(response.status == 405, "\(target)")
                #expect(response.header("Allow") == "GET, HEAD")
            }
            let put = try RawHTTPClient(port: server.address.port)
            put.send("PUT /receipts/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            await #expect(put.receive().status == 200)
        }
    }
}
