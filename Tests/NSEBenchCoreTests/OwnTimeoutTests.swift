import Testing

@testable import NSEBenchCore

@Suite("the extension's own timeout, as its downloads set it")
struct OwnTimeoutTests {
    private let second: UInt64 = 1_000_000_000

    private func measurement(_ id: Int, timeout: UInt64?) -> InvocationMeasurement {
        var measurement = InvocationMeasurement(id: id, outcome: .enriched, timeToDeliver: second, slack: 0)
        measurement.ownTimeout = timeout
        return measurement
    }

    @Test func theAggregateKeepsTheShortestAndMergingKeepsTheShorterSide() throws {
        var first = RunAggregate()
        #expect(first.shortestOwnTimeout == nil)
        first.record(measurement(0, timeout: nil))
        #expect(first.shortestOwnTimeout == nil, "a download without a timeout sets none")
        first.record(measurement(1, timeout: 25 * second))
        first.record(measurement(2, timeout: 28 * second))
        #expect(first.shortestOwnTimeout == 25 * second)
        var second = RunAggregate()
        second.record(measurement(3, timeout: 20 * self.second))
        try first.merge(second)
        #expect(first.shortestOwnTimeout == 20 * self.second)
        try first.merge(RunAggregate())
        #expect(first.shortestOwnTimeout == 20 * self.second, "a side without one changes nothing")
    }

    @Test func summaryCSVGivesItInUnscaledSecondsOrLeavesItEmpty() {
        var aggregate = RunAggregate()
        aggregate.record(measurement(0, timeout: second))  // 1 s measured at --time-scale 0.05: 20 s
        let settings = RunSettings(
            scenario: "unit", load: .closed(concurrency: 5), length: .invocations(1), ramp: 0, extensionName: "x",
            network: NetworkMix(single: .none), mediaMix: "200KB.jpg:1", encryptedFraction: 0, mediaFraction: 1,
            deadline: 30 * second, grace: 2 * second, memoryLimit: 24 << 20, timeScale: 0.05, seed: 1,
            target: "embedded")
        #expect(SummaryRowTests.row(settings, aggregate).values["extension_timeout_s"] == "20")
        #expect(SummaryRowTests.row(settings, RunAggregate()).values["extension_timeout_s"] == "")
        let column = SummarySchema.columns.first { $0.name == "extension_timeout_s" }
        #expect(column?.kind == .measure && column?.polarity == SummarySchema.Polarity.none, "shown, never gated")
    }
}
