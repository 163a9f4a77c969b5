import Testing

@testable import NSEBenchCore

@Suite("Side endpoints: paths, --endpoint settings, per-second calls")
struct SideEndpointTests {
    @Test func pathsNameTheirEndpoint() {
        #expect(SideEndpoint(path: "/receipts") == .receipts)
        #expect(SideEndpoint(path: "/receipts/abc") == .receipts)
        #expect(SideEndpoint(path: "/metrics/delivered") == .metrics)
        #expect(SideEndpoint(path: "/avatars/64KB.png") == .avatars)
        #expect(SideEndpoint(path: "/receiptsx") == nil)
        #expect(SideEndpoint(path: "/media/1MB.jpg") == nil)
        #expect(SideEndpoint(path: "/avatars") == nil, "an avatar names its image")
    }

    @Test func settingsMayHoldCommas() throws {
        let parsed = try EndpointConditions(parsing: "metrics:ttfb=lognormal:median=2s,p99=40s,status=503:5,500:1")
        #expect(parsed.endpoint == .metrics)
        #expect(parsed.conditions.timeToFirstByte == (try LatencyDistribution(parsing: "lognormal:median=2s,p99=40s")))
        #expect(parsed.conditions.faults.status != nil)
        #expect(parsed.description == "metrics:ttfb=lognormal:median=2s,p99=40s,status=503:5,500:1")
        #expect(try EndpointConditions(parsing: parsed.description) == parsed, "the description parses back")
        let bare = try EndpointConditions(parsing: "avatars")
        #expect(bare.conditions == NetworkConditions() && bare.description == "avatars")
    }

    @Test(arguments: [
        ("inbox:ttfb=1s", "\"inbox\" is not an endpoint"),
        ("metrics:fast", "\"fast\" is not a key=value setting"),
        ("metrics:ttfb=soon", "setting \"ttfb\""),
        ("metrics:link-bandwidth=1MB/s", "cannot be set per request"),
        ("metrics:ttfb=1s,ttfb=2s", "more than once"),
        ("receipts:ttfb=file:/tmp/x", "names a file"),
    ])
    func badSettingsSayWhatIsWrong(text: String, reason: String) {
        #expect {
            try EndpointConditions(parsing: text)
        } throws: { error in
            "\(error)".contains(reason) && "\(error)".contains("receipts, metrics, avatars")
        }
    }

    @Test func callsAreCountedPerSecondFromTheRunsStartUnscaled() {
        let origin: UInt64 = 5_000_000_000
        let calls: [SideEndpoint: [UInt64]] = [
            .receipts: [origin + 100_000_000, origin + 150_000_000, origin + 250_000_000],
            .metrics: [origin + 50_000_000, origin - 1],
        ]
        // At a 0.1 time scale 100 ms of the clock is one unscaled second.
        let timeline = EndpointTimeline(calls: calls, origin: origin, timeScale: 0.1)
        #expect(
            EndpointTimeline.header == [
                "second", "receipts", "metrics", "avatars", "receipts_bytes_received", "metrics_bytes_received",
                "avatars_bytes_received",
            ])
        #expect(
            timeline.rows == [
                ["0", "0", "2", "0", "0", "0", "0"], ["1", "2", "0", "0", "0", "0", "0"],
                ["2", "1", "0", "0", "0", "0", "0"],
            ])
        #expect(timeline.total(.receipts) == 3 && timeline.total(.avatars) == 0)
        #expect(timeline.peak(.receipts)! == (count: 2, second: 1))
        #expect(timeline.peak(.avatars) == nil)
        #expect(
            !timeline.isEmpty && EndpointTimeline(calls: [SideEndpoint: [SideCall]](), origin: 0, timeScale: 1).isEmpty)
    }

    @Test func bodyBytesAreAddedPerSecondBesideTheCalls() {
        let origin: UInt64 = 1_000_000_000
        let calls: [SideEndpoint: [SideCall]] = [
            .metrics: [
                SideCall(time: origin + 200_000_000, bodyBytes: 90),
                SideCall(time: origin + 900_000_000, bodyBytes: 95),
                SideCall(time: origin + 1_100_000_000, bodyBytes: 90),
            ],
            .avatars: [SideCall(time: origin + 10)],
        ]
        let timeline = EndpointTimeline(calls: calls, origin: origin, timeScale: 1)
        #expect(timeline.rows == [["0", "0", "2", "1", "0", "185", "0"], ["1", "0", "1", "0", "0", "90", "0"]])
        #expect(timeline.bytesReceived(.metrics) == 275 && timeline.bytesReceived(.avatars) == 0)
        #expect(EndpointTimeline.bytesReceivedColumn(.receipts) == "receipts_bytes_received")
    }
}
