import Testing

@testable import NSEBenchCore

@Suite("Run aggregate and self-check")
struct RunAggregateTests {
    func measurement(_ id: Int, _ outcome: InvocationOutcome, deliver: UInt64? = nil, slack: Int64? = nil)
        -> InvocationMeasurement
    {
        InvocationMeasurement(
            id: id, outcome: outcome, timeToDeliver: deliver, slack: slack,
            phases: deliver == nil ? [:] : ["download": deliver! / 2])
    }

    @Test func ratesFollowTheOutcomes() {
        var aggregate = RunAggregate()
        aggregate.record(measurement(0, .enriched, deliver: 1_000_000_000, slack: 29_000_000_000))
        aggregate.record(measurement(1, .degraded, deliver: 2_000_000_000, slack: 28_000_000_000))
        aggregate.record(measurement(2, .expiredBestAttempt))
        aggregate.record(measurement(3, .expiredOriginal))
        #expect(aggregate.invocations == 4)
        #expect(aggregate.enrichedRate == 0.25)
        #expect(aggregate.finishedBeforeDeadlineRate == 0.5)
        #expect(aggregate.fallbackRate == 0.25, "expired_original; best attempt is partial, not original")
        #expect(aggregate.histograms["deliver"]?.totalCount == 2)
        #expect(aggregate.histograms["slack"]?.totalCount == 4, "misses count as zero slack")
        #expect(aggregate.histograms["download"]?.value(atPercentile: 100) == 1_000_000_000)
    }

    @Test func mergingShardsEqualsRecordingTogether() throws {
        var whole = RunAggregate()
        var left = RunAggregate()
        var right = RunAggregate()
        for id in 0..<1_000 {
            let item = measurement(id, id % 7 == 0 ? .killed : .enriched, deliver: UInt64(id) * 1_000_000)
            whole.record(item)
            if id % 2 == 0 { left.record(item) } else { right.record(item) }
        }
        try left.merge(right)
        #expect(left == whole)
    }

    @Test func aCleanRunIsValid() {
        let check = SelfCheck(
            timerLatenessP99: 200_000, admissionLagP99: 1_000_000, cpuUtilisation: 0.4, descriptorsFree: 9_000,
            descriptorLimit: 20_000)
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).isEmpty)
    }

    @Test func distortionsAreNamed() {
        let check = SelfCheck(
            timerLatenessP99: 5_000_000, admissionLagP99: 50_000_000, cpuUtilisation: 0.97, descriptorsFree: 100,
            descriptorLimit: 20_000)
        let problems = check.problems(timeScale: 0.01, deadline: 30_000_000_000)
        #expect(problems.count == 4)
        #expect(problems[0].contains("timer lateness p99 500.0 ms"), "5 ms at a 0.01 time scale is 500 ms unscaled, over 1% of 30 s")
        #expect(problems.contains { $0.contains("CPU at 97%") })
    }
}
