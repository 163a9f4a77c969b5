import Testing

@testable import NSEBenchCore

@Suite("Time scaling of network conditions")
struct NetworkScalingTests {
    @Test func durationsShrinkAndBandwidthsGrow() throws {
        let conditions = try NetworkConditions(
            settings: [
                ("ttfb", "lognormal:median=300ms,p99=3s"), ("bandwidth", "1MB/s"), ("stall", "2s:5"),
                ("slow-close", "1s:10"), ("status", "503:2"),
            ], scope: .server)
        let scaled = conditions.scaled(by: 0.01)
        #expect(scaled.timeToFirstByte == .lognormal(median: .milliseconds(3), p99: .milliseconds(30)))
        #expect(scaled.bandwidth?.bytesPerSecond == 100_000_000)
        #expect(scaled.faults.stall?.duration == .milliseconds(20))
        #expect(scaled.faults.slowClose?.delay == .milliseconds(10))
        #expect(scaled.faults.status == conditions.faults.status, "probabilities do not scale")
        #expect(conditions.scaled(by: 1) == conditions)
    }

    @Test func unlimitedStaysUnlimited() {
        #expect(ByteRate.unlimited.scaled(by: 0.01).isUnlimited)
    }
}
