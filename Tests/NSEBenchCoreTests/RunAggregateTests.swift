import NSEBenchTestSupport
import Testing

@testable import NSEBenchCore

@Suite("Run aggregate and self-check")
struct RunAggregateTests {
    func measurement(_ id: Int, _ outcome: InvocationOutcome, deliver: UInt64? = nil, slack: Int64? = nil)
        -> InvocationMeasurement
    {
        InvocationMeasurement(
            id: id, outcome: outcome, timeToDeliver: deliver, slack: slack,
            phases: deliver == nil ? [:] : [.download: deliver! / 2])
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
        #expect(aggregate.histograms[.deliver]?.totalCount == 2)
        #expect(aggregate.histograms[.slack]?.totalCount == 4, "misses count as zero slack")
        #expect(aggregate.histograms[.phase(.download)]?.value(atPercentile: 100) == 1_000_000_000)
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
            timerLatenessP99: 200_000, transportLagP99: 300_000, admissionLagP99: 1_000_000, cpuUtilisation: 0.4,
            descriptorsFree: 9_000, descriptorLimit: 20_000)
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).isEmpty)
    }

    @Test func distortionsAreNamed() {
        let check = SelfCheck(
            timerLatenessP99: 5_000_000, transportLagP99: 4_000_000, admissionLagP99: 50_000_000, cpuUtilisation: 0.97,
            descriptorsFree: 100, descriptorLimit: 20_000)
        let problems = check.problems(timeScale: 0.01, deadline: 30_000_000_000)
        #expect(problems.count == 5)
        #expect(problems.contains { $0.contains("transport loop lag p99 400.0 ms") })
        #expect(
            problems[0].contains("timer lateness p99 500.0 ms"),
            "5 ms at a 0.01 time scale is 500 ms unscaled, over 1% of 30 s")
        #expect(problems.contains { $0.contains("CPU at 97%") })
    }

    @Test func theCPUShareOfARunTooShortToMeasureItIsNotJudged() {
        var check = SelfCheck(
            timerLatenessP99: 0, transportLagP99: 0, admissionLagP99: 0, cpuUtilisation: 1.7, descriptorsFree: 9_000,
            descriptorLimit: 20_000)
        check.wallSeconds = 0.02
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).isEmpty, "20 ms: /proc's ticks say nothing")
        check.wallSeconds = 1
        #expect(
            check.problems(timeScale: 1, deadline: 30_000_000_000) == [
                "harness CPU at 170% of the machine: the harness, not the target, set the pace"
            ])
        check.wallSeconds = nil
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).count == 1, "an unknown wall time is judged")
    }

    @Test func harnessFailuresAreNamedWithTheirCountsInOrder() {
        #expect(SelfCheck.problems(harnessFailures: [:]).isEmpty)
        #expect(SelfCheck.problems(harnessFailures: [.scratchFull: 0]).isEmpty, "a cause no invocation met")
        #expect(
            SelfCheck.problems(harnessFailures: [.scratchFull: 2, .serverExited: 8_412, .descriptorsExhausted: 1]) == [
                "the embedded media server exited mid-run: 8412 invocations failed for the harness's sake, not the "
                    + "network's",
                "file descriptors ran out (EMFILE/ENFILE): 1 invocation failed for the harness's sake, not the network's",
                "the scratch disk was full: 2 invocations failed for the harness's sake, not the network's",
            ])
        // Invocations recorded as crashed that the extension never ran are named as not its crashes.
        #expect(
            SelfCheck.problems(harnessFailures: [.recordLost: 1, .noExtensionProcess: 3]) == [
                "no extension process could take the invocation: 3 invocations failed for the harness's sake, not "
                    + "the extension's",
                "the invocation ended without a record: 1 invocation failed for the harness's sake, not the "
                    + "extension's",
            ])
        #expect(
            HarnessFailure.scratchFull.errorText(detail: "file: cannot write x")
                == "harness: the scratch disk was full: file: cannot write x")
    }

    @Test func theHostsStealIsNamedBesideADelayNeverAlone() {
        var check = SelfCheck(
            timerLatenessP99: 0, transportLagP99: 0, admissionLagP99: 0, cpuUtilisation: 0.5, descriptorsFree: 9_000,
            descriptorLimit: 20_000)
        check.machineSteal = 0.234
        let note = check.stealNote(delayed: true)
        #expect(note?.hasPrefix("the machine's host took 23% of its CPU time during the run (steal time)") == true)
        #expect(note?.contains(";") == false, "the report splits invalid_reason at semicolons")
        #expect(check.stealNote(delayed: false) == nil, "steal alone does not invalidate")
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).isEmpty)
        check.machineSteal = 0.04
        #expect(check.stealNote(delayed: true) == nil, "under 5%: too small to explain a delay")
        check.machineSteal = nil
        #expect(check.stealNote(delayed: true) == nil, "not measured")
    }

    @Test func delaysAreTheTimingProblemsOnly() {
        var check = SelfCheck(
            timerLatenessP99: 0, transportLagP99: 0, admissionLagP99: 0, cpuUtilisation: 0.97, descriptorsFree: 10,
            descriptorLimit: 20_000)
        check.wallSeconds = 10
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).count == 2, "CPU and descriptors")
        #expect(check.delays(timeScale: 1, deadline: 30_000_000_000).isEmpty, "neither is the harness falling behind")
        check.admissionLagP99 = 400_000_000
        #expect(check.delays(timeScale: 1, deadline: 30_000_000_000).count == 1)
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).first?.hasPrefix("admission lag") == true)
    }

    @Test func transportLagAloneInvalidatesARun() {
        let check = SelfCheck(
            timerLatenessP99: 30_000, transportLagP99: 230_000_000, admissionLagP99: 0, cpuUtilisation: 0.76,
            descriptorsFree: 9_000, descriptorLimit: 20_000)
        #expect(
            check.problems(timeScale: 1, deadline: 3_000_000_000) == [
                "transport loop lag p99 230.0 ms (unscaled) exceeds 30.0 ms: responses were read late"
            ])
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).isEmpty, "under 300 ms, 1% of 30 s")
    }

    @Test func downloadsQueuedInTheHarnessInvalidateARunTheLoopProbeCallsFine() {
        // The saturation a transport-loop probe misses: the loop runs on time, but connections wait
        // in the transport's queue (2,000/s with a 1 s first byte gave deliver p99 1,651 ms, "valid").
        var check = SelfCheck(
            timerLatenessP99: 30_000, transportLagP99: 2_000_000, admissionLagP99: 0, cpuUtilisation: 0.5,
            descriptorsFree: 9_000, descriptorLimit: 20_000)
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).isEmpty)
        check.harnessWaitP99 = 650_000_000
        #expect(
            check.problems(timeScale: 1, deadline: 30_000_000_000) == [
                "downloads waited 650.0 ms (p99, unscaled) inside the harness before their connection attempts, over "
                    + "300.0 ms: the harness's transport queued them, not the network"
            ])
        check.harnessWaitP99 = 4_000_000
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).isEmpty)
        #expect(check.problems(timeScale: 0.01, deadline: 30_000_000_000).count == 1, "4 ms at 0.01 is 400 ms unscaled")
    }

    /// Calls into a user's extension that waited for a harness thread: a phone makes each at once.
    @Test func extensionCallsThatWaitedForAThreadInvalidateARun() {
        var check = SelfCheck(
            timerLatenessP99: 30_000, transportLagP99: 2_000_000, admissionLagP99: 0, cpuUtilisation: 0.5,
            descriptorsFree: 9_000, descriptorLimit: 20_000)
        check.extensionCallWaitP99 = 20_000_000
        #expect(check.problems(timeScale: 1, deadline: 30_000_000_000).isEmpty, "20 ms is within 1% of 30 s")
        let scaled = check.problems(timeScale: 0.05, deadline: 30_000_000_000)
        #expect(
            scaled == [
                "calls into the extension and its session callbacks waited 400.0 ms (p99, unscaled) for a thread of "
                    + "the harness's, over 300.0 ms: a phone makes each at once"
            ])
        #expect(!check.delays(timeScale: 0.05, deadline: 30_000_000_000).isEmpty, "a delay, named with steal")
        // A didReceive that waited starts its download that much later: a miss within it may be the harness's.
        #expect(check.harnessLagBound == 2_000_000 + 20_000_000)
    }

    @Test func aLateEmbeddedServerInvalidatesARun() {
        var check = SelfCheck(
            timerLatenessP99: 30_000, transportLagP99: 2_000_000, admissionLagP99: 0, cpuUtilisation: 0.5,
            descriptorsFree: 9_000, descriptorLimit: 20_000)
        check.serverLatenessP99 = 400_000_000
        let problems = check.problems(timeScale: 1, deadline: 30_000_000_000)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("the embedded media server sent delayed first bytes 400.0 ms late") == true)
    }
}

@Suite("summary.csv rows")
struct SummaryRowTests {
    /// A row of `aggregate` run under `settings`, with fixed host, provenance and harness figures.
    static func row(
        _ settings: RunSettings, _ aggregate: RunAggregate,
        selfCheck: SelfCheck = SelfCheck(
            timerLatenessP99: 0, transportLagP99: 0, admissionLagP99: 0, cpuUtilisation: 0.1, descriptorsFree: 1,
            descriptorLimit: 1)
    ) -> SummaryRow {
        SummaryRow(
            settings: settings, aggregate: aggregate,
            fingerprint: .fixture,
            provenance: .init(gitCommit: "abc", timestamp: "2026-11-30T00:00:00Z"),
            harness: .init(wallSeconds: 2, cpuSeconds: 1, peakResidentBytes: 1, mallocs: 10),
            selfCheck: selfCheck, problems: [], partial: false)
    }

    @Test func selfCheckFiguresAreUnscaledLikeEveryOtherTime() {
        var check = SelfCheck(
            timerLatenessP99: 100_000, transportLagP99: 200_000, admissionLagP99: 300_000, cpuUtilisation: 0.1,
            descriptorsFree: 1, descriptorLimit: 1)
        check.harnessWaitP99 = 400_000
        check.serverLatenessP99 = 500_000
        let settings = RunSettings(
            scenario: "unit", load: .closed(concurrency: 5), length: .invocations(1), ramp: 0, extensionName: "media",
            network: NetworkMix(single: .none), mediaMix: "200KB.jpg:1", encryptedFraction: 0, mediaFraction: 1,
            deadline: 30_000_000_000, grace: 2_000_000_000, memoryLimit: 24 << 20, timeScale: 0.1, seed: 1,
            target: "embedded")
        let row = Self.row(settings, RunAggregate(), selfCheck: check)
        // Measured 0.1-0.5 ms at a 0.1 time scale: 1-5 ms of the scenario's time.
        #expect(row.values["timer_lateness_p99_ms"] == "1")
        #expect(row.values["transport_lag_p99_ms"] == "2")
        #expect(row.values["admission_lag_p99_ms"] == "3")
        #expect(row.values["harness_wait_p99_ms"] == "4")
        #expect(row.values["server_lateness_p99_ms"] == "5")
        #expect(row.values["extension_call_wait_p99_ms"] == "", "no call into a user's extension was made")
        check.extensionCallWaitP99 = 600_000
        #expect(Self.row(settings, RunAggregate(), selfCheck: check).values["extension_call_wait_p99_ms"] == "6")
        #expect(row.values["schema_version"] == "2")
    }

    @Test func everyColumnIsFilledAndTimesAreUnscaled() {
        var aggregate = RunAggregate()
        aggregate.record(
            InvocationMeasurement(id: 0, outcome: .enriched, timeToDeliver: 10_000_000, slack: 290_000_000))
        let settings = RunSettings(
            scenario: "unit", load: .closed(concurrency: 5), length: .invocations(1), ramp: 0, extensionName: "media",
            network: NetworkMix(single: .none), mediaMix: "200KB.jpg:1", encryptedFraction: 0, mediaFraction: 1,
            deadline: 30_000_000_000, grace: 2_000_000_000, memoryLimit: 24 << 20, timeScale: 0.01, seed: 1,
            target: "embedded")
        let row = Self.row(settings, aggregate)
        #expect(row.fields.count == SummaryRow.header.count)
        let missing = SummarySchema.columns.map(\.name).filter {
            row.values[$0] == nil
                || (row.values[$0]!.isEmpty
                    && ![
                        "rate_per_s", "arrivals", "max_in_flight", "duration_s", "invalid_reason", "segment",
                        "fanout_s",
                        "start_lag_ms", "machine_busy_peak", "machine_steal", "extension_timeout_s",
                        "extension_call_wait_p99_ms",
                        "extension_footprint_peak_bytes",
                        "origin_fetch", "coalesce",
                        "origin_fetches", "origin_coalesced", "cache_hits", "cold_start", "warm_pct",
                        "low_data_mode_pct", "fanout_curve", "wake_jitter", "endpoints", "wind_down_s",
                        // Nothing crashed.
                        "crash_reasons",
                    ].contains($0) && !$0.hasPrefix("net_")
                    // Set by the run from its timeline.
                    && !SummarySchema.mediaPeakColumns.map(\.name).contains($0))
        }
        #expect(missing.isEmpty, "\(missing)")
        #expect(row.values["deliver_p50_ms"] == "1000", "10 ms at a 0.01 time scale is 1000 ms unscaled")
        #expect(row.values["enriched_rate"] == "1")
        #expect(row.values["valid"] == "true")
        #expect(SummarySchema.networkClassColumns.allSatisfy { row.values[$0.name] == "" }, "one network: no classes")
    }

    @Test func missesWithinTheHarnesssOwnDelayAreUncertain() {
        var aggregate = RunAggregate()
        // Misses whose download ended 1, 5 and 40 ms past the deadline beyond their own harness wait,
        // one explained by its wait alone (0), and an enriched invocation (never uncertain).
        for (index, excess) in [1_000_000, 5_000_000, 40_000_000, 0].enumerated() {
            var miss = InvocationMeasurement(id: index, outcome: .expiredBestAttempt, timeToDeliver: 1, slack: -1)
            miss.lateDownloadExcess = UInt64(excess)
            aggregate.record(miss)
        }
        aggregate.record(InvocationMeasurement(id: 9, outcome: .enriched, timeToDeliver: 1, slack: 1))
        #expect(aggregate.uncertain(lagBound: 0) == 1, "only the miss its own wait explains")
        #expect(aggregate.uncertain(lagBound: 6_000_000) == 3)
        #expect(aggregate.uncertain(lagBound: 100_000_000) == 4)
        var check = SelfCheck(
            timerLatenessP99: 9, transportLagP99: 5_000_000, admissionLagP99: 1_000_000, cpuUtilisation: 0.1,
            descriptorsFree: 1, descriptorLimit: 1)
        check.serverLatenessP99 = 500_000
        #expect(check.harnessLagBound == 6_500_000, "timer lateness cannot move an outcome: judged by time")
    }

    @Test func anUncertaintyBandOverOnePointInvalidatesTheRun() {
        #expect(SelfCheck.problem(uncertain: 10, invocations: 1_000) == nil, "exactly 1 point")
        #expect(SelfCheck.problem(uncertain: 0, invocations: 0) == nil)
        let problem = SelfCheck.problem(uncertain: 11, invocations: 1_000)
        #expect(problem?.hasPrefix("11 misses (1.1 points of the enriched rate)") == true, "\(problem ?? "")")
    }

    @Test func invocationsCutOffAtTheDrainAreTheHarnesssFailure() {
        #expect(SelfCheck.problem(cutOff: 0, drainLimit: 32_000_000_000) == nil)
        #expect(
            SelfCheck.problem(cutOff: 2, drainLimit: 32_000_000_000)
                == "2 invocations were still running 32.0 s after the last admission (or the stop), past their "
                + "deadline, grace and wind-down, and were cancelled: the harness did not end them in time")
        #expect(
            SelfCheck.problem(cutOff: 1, drainLimit: 1_500_000_000)
                == "1 invocation was still running 1.5 s after the last admission (or the stop), past its deadline, "
                + "grace and wind-down, and was cancelled: the harness did not end it in time")
    }

    @Test func eachNetworkClassGetsItsCountsAndRates() throws {
        var aggregate = RunAggregate()
        let outcomes: [(String, InvocationOutcome)] = [
            ("wifi", .enriched), ("wifi", .enriched), ("wifi", .expiredOriginal), ("3g", .expiredOriginal),
            ("3g", .degraded), ("overloaded-cdn", .enriched),
        ]
        for (index, (networkClass, outcome)) in outcomes.enumerated() {
            var measurement = InvocationMeasurement(id: index, outcome: outcome, timeToDeliver: 1, slack: 1)
            measurement.networkClass = networkClass
            aggregate.record(measurement)
        }
        #expect(aggregate.byNetwork["wifi"] == NetworkClassTally(invocations: 3, enriched: 2, fallback: 1))
        #expect(aggregate.byNetwork["3g"] == NetworkClassTally(invocations: 2, enriched: 0, fallback: 1))
        var doubled = aggregate
        try doubled.merge(aggregate)
        #expect(doubled.byNetwork["wifi"] == NetworkClassTally(invocations: 6, enriched: 4, fallback: 2))
        let settings = RunSettings(
            scenario: "unit", load: .closed(concurrency: 5), length: .invocations(6), ramp: 0, extensionName: "media",
            network: try NetworkMix(parsing: "wifi:1,3g:1,overloaded-cdn:1"), mediaMix: "200KB.jpg:1",
            encryptedFraction: 0, mediaFraction: 1, deadline: 30_000_000_000, grace: 2_000_000_000,
            memoryLimit: 24 << 20, timeScale: 1, seed: 1, target: "embedded")
        let row = Self.row(settings, aggregate)
        #expect(row.values["net_wifi_invocations"] == "3")
        #expect(row.values["net_wifi_enriched_rate"] == "0.666667")
        #expect(row.values["net_3g_fallback_rate"] == "0.5")
        #expect(row.values["net_overloaded_cdn_enriched"] == "1")
        #expect(row.values["net_lte_invocations"] == "", "a class the run did not have is empty")
        #expect(row.values["network"]?.hasPrefix("wifi:1(") == true)
    }
}

@Suite("Run aggregate: the extension's crashes by reason")
struct RunAggregateCrashReasonTests {
    func crash(_ id: Int, _ reason: String?) -> InvocationMeasurement {
        var measurement = InvocationMeasurement(id: id, outcome: .crashed, timeToDeliver: nil, slack: nil)
        measurement.crashReason = reason
        return measurement
    }

    @Test func crashesAreCountedByReasonLargestFirst() {
        var aggregate = RunAggregate()
        for id in 0..<5 { aggregate.record(crash(id, "at B.swift:2:1")) }
        for id in 5..<8 { aggregate.record(crash(id, "at A.swift:1:1")) }
        for id in 8..<11 { aggregate.record(crash(id, "at C.swift:1:1")) }
        aggregate.record(crash(11, nil))
        #expect(aggregate.crashReasonRanking.map(\.reason) == ["at B.swift:2:1", "at A.swift:1:1", "at C.swift:1:1"])
        #expect(aggregate.crashReasonRanking.map(\.count) == [5, 3, 3])
        #expect(aggregate.count(.crashed) == 12, "one without a reason is still a crash")
    }

    @Test func reasonsPastTheLimitAreCountedTogether() throws {
        var aggregate = RunAggregate()
        for id in 0..<(RunAggregate.crashReasonLimit + 5) { aggregate.record(crash(id, "reason \(id)")) }
        aggregate.record(crash(99, "reason 0"))
        #expect(aggregate.crashReasons.count == RunAggregate.crashReasonLimit)
        #expect(aggregate.crashReasons["reason 0"] == 2, "a reason already kept is still counted")
        #expect(aggregate.crashesOfOtherReasons == 5)
        var other = RunAggregate()
        for id in 0..<3 { other.record(crash(id, "frequent")) }
        other.record(crash(3, "rare"))
        try aggregate.merge(other)
        #expect(aggregate.crashReasons.count == RunAggregate.crashReasonLimit)
        #expect(aggregate.crashesOfOtherReasons == 5 + 4, "a full aggregate takes no new reason")
        var empty = RunAggregate()
        try empty.merge(aggregate)
        #expect(empty.crashReasons == aggregate.crashReasons)
        #expect(empty.crashesOfOtherReasons == aggregate.crashesOfOtherReasons)
    }
}
