import Testing

@testable import NSEBenchCore

@Suite struct SaturationEstimateTests {
    private let millisecond: UInt64 = 1_000_000

    @Test func aClosedLoadFitsHalfThePeakRateTimesTheTimeOutsideTheQueue() throws {
        // The default job as measured on 2 cores: 569 finished in its busiest second, 993 ms to deliver
        // of which 267 ms were the harness's queue.
        let estimate = try #require(
            SaturationEstimate(
                peakFinishedPerSecond: 569, meanTimeToDeliver: 993 * millisecond, meanHarnessWait: 267 * millisecond))
        #expect(estimate.meanTimeOutsideHarness == 726 * millisecond)
        #expect(estimate.inFlight == 206, "0.5 × 569/s × 0.726 s")
        #expect(estimate.arrivalsPerSecond == 284)
        let advice = estimate.advice(for: .closed(concurrency: 500))
        #expect(advice.contains("at most 569 invocations in a second"))
        #expect(advice.contains("726 ms on average outside its queue"))
        #expect(advice.contains("--concurrency 206"))
    }

    @Test func openAndBurstLoadsAreToldTheirOwnOption() throws {
        let estimate = try #require(
            SaturationEstimate(peakFinishedPerSecond: 1_000, meanTimeToDeliver: 2_000 * millisecond, meanHarnessWait: 0)
        )
        #expect(
            estimate.advice(for: .open(ratePerSecond: 5_000, arrivals: .poisson, maxInFlight: 10_000))
                .contains("about 500 arrivals a second fit here"))
        #expect(estimate.advice(for: .burst(count: 10_000, maxInFlight: 10_000)).contains("--max-in-flight 1000"))
    }

    @Test func nothingToEstimateFromGivesNoEstimate() {
        #expect(SaturationEstimate(peakFinishedPerSecond: 0, meanTimeToDeliver: millisecond, meanHarnessWait: 0) == nil)
        #expect(
            SaturationEstimate(peakFinishedPerSecond: 10, meanTimeToDeliver: millisecond, meanHarnessWait: millisecond)
                == nil, "all of the time was the harness's")
        #expect(SaturationEstimate(timeline: RunTimeline(), histograms: [:], timeScale: 1) == nil)
    }

    @Test func fromARunItReadsThePeakSecondAndUnscalesTheMeans() throws {
        var timeline = RunTimeline()
        for _ in 0..<3 { timeline.recordFinish(second: 0, outcome: .enriched) }
        for _ in 0..<5 { timeline.recordFinish(second: 1, outcome: .enriched) }
        var deliver = Histogram()
        deliver.record(50 * millisecond)  // measured at --time-scale 0.1: 500 ms unscaled
        var wait = Histogram()
        wait.record(10 * millisecond)
        let estimate = try #require(
            SaturationEstimate(
                timeline: timeline, histograms: [.deliver: deliver, .phase(.harnessWait): wait],
                timeScale: 0.1))
        #expect(estimate.peakFinishedPerSecond == 5)
        #expect(estimate.meanTimeOutsideHarness == 400 * millisecond)
    }

    @Test func theSelfCheckSaysWhenTheHarnessQueued() {
        var check = SelfCheck(
            timerLatenessP99: 0, transportLagP99: 0, admissionLagP99: 0, cpuUtilisation: 0.2, descriptorsFree: 100,
            descriptorLimit: 100)
        let deadline = 30_000 * millisecond
        check.harnessWaitP99 = 299 * millisecond
        #expect(!check.harnessQueued(timeScale: 1, deadline: deadline), "within 1% of the deadline")
        check.harnessWaitP99 = 301 * millisecond
        #expect(check.harnessQueued(timeScale: 1, deadline: deadline))
        check.harnessWaitP99 = 20 * millisecond
        #expect(check.harnessQueued(timeScale: 0.05, deadline: deadline), "400 ms unscaled")
    }
}
