import NSEBenchCore
import Testing

/// Per-invocation phone draws from the seed: cold starts (`--cold-start`, `--warm`) and Low Data Mode.
@Suite("Phone draws: cold starts and Low Data Mode")
struct PhoneDrawTests {
    static let second: Int64 = 1_000_000_000

    @Test func everyStartIsColdByDefaultAndTakesTheFixedTime() {
        let starts = ColdStarts(duration: .fixed(.seconds(2)))
        for index in 0..<200 { #expect(starts.startTime(ofInvocation: index, seed: 1) == UInt64(2 * Self.second)) }
    }

    @Test func aHundredPercentWarmNeverStartsCold() {
        let starts = ColdStarts(duration: .fixed(.seconds(31)), warm: Percentage(clamping: 100))
        for index in 0..<200 { #expect(starts.startTime(ofInvocation: index, seed: 1) == nil) }
    }

    @Test func theWarmShareIsDrawnPerInvocationAndReplaysFromTheSeed() throws {
        let starts = ColdStarts(
            duration: try LatencyDistribution(parsing: "lognormal:median=300ms,p99=2s"), warm: Percentage(clamping: 25))
        let first = (0..<4_000).map { starts.startTime(ofInvocation: $0, seed: 7) }
        #expect(first == (0..<4_000).map { starts.startTime(ofInvocation: $0, seed: 7) })
        #expect(first != (0..<4_000).map { starts.startTime(ofInvocation: $0, seed: 8) })
        let warm = first.filter { $0 == nil }.count
        #expect((800...1_200).contains(warm), "about a quarter warm: \(warm)")
    }

    @Test func changingTheWarmShareKeepsEachColdInvocationsDuration() throws {
        let duration = try LatencyDistribution(parsing: "uniform:100ms..900ms")
        let none = ColdStarts(duration: duration)
        let half = ColdStarts(duration: duration, warm: Percentage(clamping: 50))
        for index in 0..<500 {
            guard let cold = half.startTime(ofInvocation: index, seed: 3) else { continue }
            #expect(cold == none.startTime(ofInvocation: index, seed: 3))
        }
    }

    @Test func scalingScalesTheDurationNotTheShare() {
        let scaled = ColdStarts(duration: .fixed(.seconds(2)), warm: Percentage(clamping: 10)).scaled(by: 0.01)
        #expect(scaled.duration == .fixed(.milliseconds(20)))
        #expect(scaled.warm == Percentage(clamping: 10))
    }

    @Test func lowDataModeMarksItsShareOfPhones() {
        #expect((0..<100).allSatisfy { !LowDataMode.off.isConstrained(invocation: $0, seed: 1) })
        let all = LowDataMode(share: Percentage(clamping: 100))
        #expect((0..<100).allSatisfy { all.isConstrained(invocation: $0, seed: 1) })
        let some = LowDataMode(share: Percentage(clamping: 20))
        let marked = (0..<5_000).filter { some.isConstrained(invocation: $0, seed: 1) }
        #expect((800...1_200).contains(marked.count), "about a fifth: \(marked.count)")
        #expect(marked == (0..<5_000).filter { some.isConstrained(invocation: $0, seed: 1) })
    }

    @Test func aKillDuringTheColdStartIsBlamedOnIt() {
        let budget: UInt64 = 30_000_000_000
        var evidence = MissEvidence(outcome: .killed, started: false, budget: budget, finished: budget)
        #expect(evidence.verdict?.cause == .queued, "no cold start: the budget went waiting for a slot")
        evidence.queued = 10_000_000_000
        evidence.coldStart = 20_000_000_000
        #expect(evidence.verdict?.cause == .coldStart)
        #expect(evidence.verdict?.phaseTime == 20_000_000_000)
        evidence.queued = budget
        evidence.coldStart = 0
        #expect(evidence.verdict?.cause == .queued, "the budget was gone before the start began")
    }

    @Test func theSettingsColumnsAreEmptyWithoutEither() {
        var settings = RunSettings(
            scenario: "s", load: .closed(concurrency: 1), length: .invocations(1), ramp: 0, extensionName: "media",
            network: NetworkMix(single: .none), mediaMix: "", encryptedFraction: 0, mediaFraction: 1,
            deadline: 30_000_000_000, grace: 2_000_000_000, memoryLimit: 1, timeScale: 1, seed: 1, target: "embedded")
        #expect(settings.columns["cold_start"] == "")
        #expect(settings.columns["warm_pct"] == "")
        #expect(settings.columns["low_data_mode_pct"] == "")
        settings.coldStarts = ColdStarts(duration: .fixed(.seconds(1)), warm: Percentage(clamping: 40))
        settings.lowDataMode = LowDataMode(share: Percentage(clamping: 5))
        #expect(settings.columns["cold_start"] == "1s")
        #expect(settings.columns["warm_pct"] == "40")
        #expect(settings.columns["low_data_mode_pct"] == "5")
    }
}
