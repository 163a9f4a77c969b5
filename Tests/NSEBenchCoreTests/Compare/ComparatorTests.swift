import Testing

@testable import NSEBenchCore

/// The verdict table: each rule of `compare` on the smallest pair of summaries that shows it.
@Suite("Comparator verdicts")
struct ComparatorTests {
    func compare(
        _ baseline: [[String: String]], _ candidate: [[String: String]], options: CompareOptions = CompareOptions()
    ) throws -> Comparison {
        Comparator.compare(
            baseline: try SummaryFixture.file(baseline, source: "baseline"),
            candidate: try SummaryFixture.file(candidate, source: "candidate"), options: options)
    }

    func metric(_ name: String, in comparison: Comparison, scenario: String = "default") throws -> MetricComparison {
        let found = comparison.scenarios.first { $0.scenario == scenario }?.metrics.first { $0.metric.name == name }
        return try #require(found, "\(name) in \(scenario)")
    }

    @Test func identicalRunsAreUnchangedAndExitZero() throws {
        let comparison = try compare([SummaryFixture.row()], [SummaryFixture.row()])
        #expect(comparison.outcome == .noRegression)
        #expect(comparison.outcome.exitCode == .success)
        let metrics = try #require(comparison.scenarios.first).metrics
        // Every metric but the per-network-class rates, which a run on one network does not have, and the
        // extension's own timeout (the fixture's extension sets none), its processes' footprint (a built-in
        // runs in none) and the origin cache's counts, which a run without --origin-fetch does not have.
        #expect(
            metrics.count
                == ComparedMetric.all.filter {
                    !$0.name.hasPrefix("net_") && $0.name != "extension_timeout_s"
                        && $0.name != "extension_footprint_peak_bytes"
                        && !SummarySchema.originCacheColumns.contains($0.name)
                }.count)
        #expect(metrics.allSatisfy { if case .unchanged = $0.verdict { true } else { false } })
    }

    @Test func tenPointDropInEnrichedRateIsARegression() throws {
        let candidate = SummaryFixture.row(outcomes: ["enriched": 850, "expired_original": 110])
        let comparison = try compare([SummaryFixture.row()], [candidate])
        let enriched = try metric("enriched_rate", in: comparison)
        #expect(enriched.verdict == .regression)
        #expect(enriched.baseline?.successes == 950)
        #expect(enriched.candidate?.successes == 850)
        #expect((try #require(enriched.test?.pValue)) < 1e-6)
        #expect(try metric("expired_original_rate", in: comparison).verdict == .regression)
        #expect(comparison.outcome == .regression)
        #expect(comparison.outcome.exitCode.rawValue == 2)
    }

    @Test func aNetworkClassRateIsJudgedOnThatClassesInvocations() throws {
        func row(_ enriched: Int) -> [String: String] {
            SummaryFixture.row([
                "net_3g_invocations": "100", "net_3g_enriched": "\(enriched)", "net_3g_fallback": "\(100 - enriched)",
                "net_3g_enriched_rate": "\(Double(enriched) / 100)",
                "net_3g_fallback_rate": "\(Double(100 - enriched) / 100)",
            ])
        }
        let comparison = try compare([row(90)], [row(60)])
        let enriched = try metric("net_3g_enriched_rate", in: comparison)
        #expect(enriched.baseline?.trials == 100, "the class's 100 invocations, not the run's 1000")
        #expect(enriched.baseline?.successes == 90)
        #expect(enriched.candidate?.successes == 60)
        #expect(enriched.verdict == .regression)
        #expect(try metric("net_3g_fallback_rate", in: comparison).verdict == .regression)
        #expect(try metric("enriched_rate", in: comparison).verdict == .unchanged(.noChange))
    }

    @Test func halfPointDropIsBelowTheMinimumEffectEvenWhenSignificant() throws {
        let baseline = SummaryFixture.row(invocations: 100_000)
        let candidate = SummaryFixture.row(invocations: 100_000, outcomes: ["enriched": 94_500, "degraded": 2_500])
        let enriched = try metric("enriched_rate", in: try compare([baseline], [candidate]))
        #expect(enriched.verdict == .unchanged(.belowMinimumEffect))
        #expect((try #require(enriched.test?.pValue)) < 0.01, "significant, yet too small to matter")
    }

    @Test func fivePointDropOverTwentyInvocationsIsNotSignificant() throws {
        let counts = ["degraded": 1, "expired_best_attempt": 0, "expired_original": 0, "killed": 0, "crashed": 0]
        let baseline = SummaryFixture.row(invocations: 20, outcomes: counts)
        let candidate = SummaryFixture.row(invocations: 20, outcomes: counts.merging(["degraded": 2]) { $1 })
        let comparison = try compare([baseline], [candidate])
        let enriched = try metric("enriched_rate", in: comparison)
        #expect(((try #require(enriched.absoluteChange)) + 0.05).magnitude < 1e-12)
        #expect(enriched.verdict == .unchanged(.notSignificant))
        #expect(comparison.outcome == .noRegression)
    }

    @Test func p99UpFiftyPercentAndFiftyMillisecondsIsARegression() throws {
        let comparison = try compare(
            [SummaryFixture.row(["deliver_p99_ms": "100"])], [SummaryFixture.row(["deliver_p99_ms": "150"])])
        let p99 = try metric("deliver_p99_ms", in: comparison)
        #expect(p99.verdict == .regression)
        #expect(p99.absoluteChange == 50)
        #expect(p99.relativeChange == 0.5)
        #expect(p99.test == nil, "one run a side: tolerances alone")
        #expect(comparison.outcome == .regression)
    }

    @Test func p99UpEightPercentIsWithinTolerance() throws {
        let comparison = try compare([SummaryFixture.row()], [SummaryFixture.row(["deliver_p99_ms": "3240"])])
        #expect(try metric("deliver_p99_ms", in: comparison).verdict == .unchanged(.withinTolerance))
        #expect(comparison.outcome == .noRegression)
    }

    @Test func bigRelativeChangeBelowTheAbsoluteToleranceIsWithinTolerance() throws {
        let comparison = try compare(
            [SummaryFixture.row(["phase_decrypt_p50_ms": "2"])], [SummaryFixture.row(["phase_decrypt_p50_ms": "6"])])
        #expect(try metric("phase_decrypt_p50_ms", in: comparison).verdict == .unchanged(.withinTolerance))
    }

    @Test func improvementOnlyExitsFour() throws {
        let comparison = try compare([SummaryFixture.row()], [SummaryFixture.row(["deliver_p99_ms": "1500"])])
        #expect(try metric("deliver_p99_ms", in: comparison).verdict == .improvement)
        #expect(comparison.outcome == .improvementOnly)
        #expect(comparison.outcome.exitCode.rawValue == 4)
    }

    @Test func slackUsesLargerIsBetter() throws {
        let comparison = try compare([SummaryFixture.row()], [SummaryFixture.row(["slack_p1_ms": "10000"])])
        #expect(try metric("slack_p1_ms", in: comparison).verdict == .regression)
    }

    @Test func differentSettingIsNotComparableNamingTheColumn() throws {
        let comparison = try compare([SummaryFixture.row()], [SummaryFixture.row(["concurrency": "500"])])
        #expect(comparison.outcome == .notComparable)
        #expect(comparison.outcome.exitCode.rawValue == 3)
        let scenario = try #require(comparison.scenarios.first)
        #expect(
            scenario.differences == [
                ColumnDifference(
                    column: "concurrency", kind: .setting, baseline: ["100"], candidate: ["500"], isAllowed: false)
            ])
        #expect(scenario.metrics.isEmpty)
        let allowed = try compare(
            [SummaryFixture.row()], [SummaryFixture.row(["concurrency": "500"])],
            options: CompareOptions(allowEnvironmentMismatch: true))
        #expect(allowed.outcome == .notComparable, "--allow-env-mismatch never covers settings")
    }

    @Test func differentFingerprintIsNotComparableUnlessAllowed() throws {
        let candidate = SummaryFixture.row(["host_cpu": "Other CPU", "deliver_p99_ms": "6000"])
        let refused = try compare([SummaryFixture.row()], [candidate])
        #expect(refused.outcome == .notComparable)
        #expect(refused.scenarios.first?.differences.map(\.column) == ["host_cpu"])
        let allowed = try compare(
            [SummaryFixture.row()], [candidate], options: CompareOptions(allowEnvironmentMismatch: true))
        #expect(allowed.scenarios.first?.differences.first?.isAllowed == true)
        #expect(try metric("deliver_p99_ms", in: allowed).verdict == .regression)
        #expect(allowed.outcome == .regression)
    }

    @Test func repeatedRunsPoolTheirInvocations() throws {
        let baseline = [950, 940, 960].map {
            SummaryFixture.row(outcomes: ["enriched": $0, "degraded": 1000 - $0 - 30])
        }
        let candidate = [900, 905, 895].map {
            SummaryFixture.row(outcomes: ["enriched": $0, "degraded": 1000 - $0 - 30])
        }
        let comparison = try compare(baseline, candidate)
        let enriched = try metric("enriched_rate", in: comparison)
        #expect(enriched.baseline?.successes == 2850)
        #expect(enriched.baseline?.trials == 3000)
        #expect(enriched.candidate?.successes == 2700)
        #expect(enriched.verdict == .regression)
    }

    @Test func threeRunsASideCannotReachAlphaSoTolerancesDecide() throws {
        let baseline = ["3000", "3100", "2900"].map { SummaryFixture.row(["deliver_p99_ms": $0]) }
        let candidate = ["4500", "4600", "4400"].map { SummaryFixture.row(["deliver_p99_ms": $0]) }
        let p99 = try metric("deliver_p99_ms", in: try compare(baseline, candidate))
        #expect(p99.baseline?.value == 3000, "the median run")
        #expect(p99.test == .tooFewRuns(smallestPValue: 0.1))
        #expect(p99.verdict == .regression)
    }

    @Test func fiveRunsASideMustAlsoPassMannWhitney() throws {
        let baseline = ["3000", "3100", "2900", "3050", "2950"].map { SummaryFixture.row(["deliver_p99_ms": $0]) }
        let separated = ["4500", "4600", "4400", "4550", "4450"].map { SummaryFixture.row(["deliver_p99_ms": $0]) }
        let shifted = try metric("deliver_p99_ms", in: try compare(baseline, separated))
        #expect(shifted.verdict == .regression)
        guard case .mannWhitney(let test) = shifted.test else {
            Issue.record("expected a Mann-Whitney test, got \(String(describing: shifted.test))")
            return
        }
        #expect(test.method == .exact)
        #expect(test.pValue < 0.01)
        // The median moves 50 %, but the runs overlap: one noisy run is not a regression.
        let overlapping = ["2800", "6000", "4500", "3100", "4600"].map { SummaryFixture.row(["deliver_p99_ms": $0]) }
        let noisy = try metric("deliver_p99_ms", in: try compare(baseline, overlapping))
        #expect(noisy.verdict == .unchanged(.notSignificant))
    }

    @Test func machineMeasuresAreReportOnlyByDefault() throws {
        let candidate = SummaryFixture.row(["harness_cpu_s": "40", "peak_rss_bytes": "524288000"])
        let comparison = try compare([SummaryFixture.row()], [candidate])
        #expect(try metric("harness_cpu_s", in: comparison).verdict == .unchanged(.reportOnly))
        #expect(try metric("peak_rss_bytes", in: comparison).verdict == .unchanged(.reportOnly))
        #expect(comparison.outcome == .noRegression)
        let allocations = try compare(
            [SummaryFixture.row()], [SummaryFixture.row(["mallocs_per_invocation": "400"])])
        #expect(try metric("mallocs_per_invocation", in: allocations).verdict == .regression)
    }

    @Test func aValueOnOneSideOnlyIsMissingAndBothEmptyIsLeftOut() throws {
        let comparison = try compare(
            [SummaryFixture.row(["phase_decrypt_p99_ms": "", "phase_attach_p99_ms": ""])],
            [SummaryFixture.row(["phase_decrypt_p99_ms": ""])])
        #expect(try metric("phase_attach_p99_ms", in: comparison).verdict == .missing(.baseline))
        #expect(comparison.scenarios.first?.metrics.contains { $0.metric.name == "phase_decrypt_p99_ms" } == false)
        #expect(comparison.outcome == .noRegression)
    }

    @Test func invalidCandidateIsAHarnessErrorThatStillShowsItsRegression() throws {
        let candidate = SummaryFixture.row(
            ["deliver_p99_ms": "9000", "valid": "false", "invalid_reason": "timer lateness p99 40 ms"])
        let comparison = try compare([SummaryFixture.row()], [candidate])
        #expect(try metric("deliver_p99_ms", in: comparison).verdict == .regression)
        #expect(comparison.scenarios.first?.hasUntrustworthyCandidate == true)
        #expect(comparison.outcome == .untrustworthyRuns)
        #expect(comparison.outcome.exitCode == .harnessError)
        let partialBaseline = try compare([SummaryFixture.row(["partial": "true"])], [SummaryFixture.row()])
        #expect(partialBaseline.outcome.exitCode == .harnessError)
    }

    @Test func scenarioOnOneSideIsReportedButDoesNotFail() throws {
        let comparison = try compare(
            [SummaryFixture.row(), SummaryFixture.row(scenario: "retired")],
            [SummaryFixture.row(), SummaryFixture.row(scenario: "new")])
        #expect(comparison.scenarios.map(\.scenario) == ["default", "retired", "new"])
        #expect(comparison.scenarios.map(\.presence) == [.both, .baselineOnly, .candidateOnly])
        #expect(comparison.outcome == .noRegression)
        let disjoint = try compare([SummaryFixture.row(scenario: "a")], [SummaryFixture.row(scenario: "b")])
        #expect(disjoint.outcome == .notComparable, "nothing compared is not a pass")
    }

    @Test func thresholdsFileEntriesAndFlagsApply() throws {
        let baseline = [SummaryFixture.row(["deliver_p99_ms": "3000"])]
        let candidate = [SummaryFixture.row(["deliver_p99_ms": "3450"])]  // +15 %
        #expect(try metric("deliver_p99_ms", in: try compare(baseline, candidate)).verdict == .regression)
        let loose = Thresholds(metrics: ["deliver_p99_ms": MetricThresholds(relative: 0.2, absoluteMilliseconds: 10)])
        let withFile = try compare(baseline, candidate, options: CompareOptions(thresholds: loose))
        #expect(try metric("deliver_p99_ms", in: withFile).verdict == .unchanged(.withinTolerance))
        let withFlag = try compare(
            baseline, candidate, options: CompareOptions(overrides: ThresholdDefaults(timeRelative: 0.2)))
        #expect(try metric("deliver_p99_ms", in: withFlag).verdict == .unchanged(.withinTolerance))
    }
}
