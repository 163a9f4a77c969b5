import Testing

@testable import NSEBenchCore

/// Thresholds: which layer wins, and which entries are rejected.
@Suite("Compare thresholds")
struct ThresholdsTests {
    let p99 = ComparedMetric.named("deliver_p99_ms")!
    let enriched = ComparedMetric.named("enriched_rate")!
    let cpu = ComparedMetric.named("harness_cpu_s")!

    @Test func builtInDefaults() {
        let time = Thresholds().resolved(for: p99, scenario: "default", overrides: ThresholdDefaults())
        #expect(
            time == ResolvedThreshold(alpha: 0.01, minimumEffect: nil, relative: 0.1, absolute: 5, reportOnly: false))
        let rate = Thresholds().resolved(for: enriched, scenario: "default", overrides: ThresholdDefaults())
        #expect(
            rate == ResolvedThreshold(alpha: 0.01, minimumEffect: 0.01, relative: nil, absolute: nil, reportOnly: false)
        )
        #expect(Thresholds().resolved(for: cpu, scenario: "default", overrides: ThresholdDefaults()).reportOnly)
    }

    @Test func theMostSpecificLayerWins() {
        let thresholds = Thresholds(
            defaults: ThresholdDefaults(alpha: 0.05, timeRelative: 0.3),
            metrics: [
                "deliver_p99_ms": MetricThresholds(relative: 0.2), "harness_cpu_s": MetricThresholds(reportOnly: false),
            ],
            scenarios: [
                "noisy": ScenarioThresholds(
                    defaults: ThresholdDefaults(timeRelative: 0.4),
                    metrics: ["deliver_p99_ms": MetricThresholds(absoluteMilliseconds: 50)])
            ])
        let flags = ThresholdDefaults(alpha: 0.001, timeRelative: 0.15)
        let plain = thresholds.resolved(for: p99, scenario: "default", overrides: flags)
        #expect(plain.relative == 0.2, "the metric's entry beats the flag")
        #expect(plain.alpha == 0.001, "the flag beats the file's defaults")
        #expect(plain.absolute == 5)
        let noisy = thresholds.resolved(for: p99, scenario: "noisy", overrides: flags)
        #expect(noisy.relative == 0.4, "the scenario's defaults beat the file-wide metric entry")
        #expect(noisy.absolute == 50)
        #expect(!thresholds.resolved(for: cpu, scenario: "default", overrides: flags).reportOnly)
    }

    @Test func validEntriesPass() throws {
        try Thresholds(
            metrics: [
                "deliver_p99_ms": MetricThresholds(relative: 0.2, absoluteMilliseconds: 10),
                "killed_rate": MetricThresholds(minimumEffect: 0.005),
                "peak_rss_bytes": MetricThresholds(absolute: 1e6),
            ]
        ).validate()
    }

    @Test func unknownMetricIsNamed() {
        #expect(throws: ThresholdsError.unknownMetric(path: "metrics.deliver_p98_ms", name: "deliver_p98_ms")) {
            try Thresholds(metrics: ["deliver_p98_ms": MetricThresholds(relative: 0.1)]).validate()
        }
    }

    @Test func keyOfAnotherKindIsRejected() {
        let error = #expect(throws: ThresholdsError.self) {
            try Thresholds(metrics: ["deliver_p99_ms": MetricThresholds(minimumEffect: 0.01)]).validate()
        }
        guard case .notApplicable(let path, let metric, let kind, _) = error else {
            Issue.record("expected notApplicable, got \(String(describing: error))")
            return
        }
        #expect(path == "metrics.deliver_p99_ms.min_effect")
        #expect(metric == "deliver_p99_ms")
        #expect(kind == .time)
    }

    @Test func outOfRangeValuesNameTheirPath() {
        #expect(throws: ThresholdsError.self) { try Thresholds(defaults: ThresholdDefaults(alpha: 0)).validate() }
        let error = #expect(throws: ThresholdsError.self) {
            try Thresholds(scenarios: [
                "x": ScenarioThresholds(metrics: ["enriched_rate": MetricThresholds(minimumEffect: 2)])
            ])
            .validate()
        }
        guard case .outOfRange(let path, let value, _) = error else {
            Issue.record("expected outOfRange, got \(String(describing: error))")
            return
        }
        #expect(path == "scenarios.x.metrics.enriched_rate.min_effect")
        #expect(value == 2)
    }
}
