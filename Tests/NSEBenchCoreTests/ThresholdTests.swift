import Testing

@testable import NSEBenchCore

@Suite("Thresholds")
struct ThresholdTests {
    @Test("parses every comparison, with or without spaces; >= is not read as >")
    func parses() throws {
        #expect(
            try Threshold(parsing: "enriched_rate>=0.95")
                == Threshold(metric: "enriched_rate", comparison: .atLeast, bound: 0.95))
        #expect(try Threshold(parsing: " deliver_p99_ms < 25000 ").comparison == .below)
        #expect(try Threshold(parsing: "killed==0").comparison == .equal)
        #expect(try Threshold(parsing: "crashed!=1").comparison == .notEqual)
        #expect(try Threshold(parsing: "fallback_rate<=0.01").comparison == .atMost)
        #expect(try Threshold(parsing: "throughput_per_s>100").comparison == .above)
        #expect(try Threshold(parsing: "media_peak_requests<=500").metric == "media_peak_requests", "added later")
    }

    @Test("bad thresholds name what is wrong")
    func rejects() {
        #expect(throws: ThresholdError.noComparison(text: "enriched_rate")) { try Threshold(parsing: "enriched_rate") }
        #expect(throws: ThresholdError.unknownMetric(text: "enrichd>=1", metric: "enrichd")) {
            try Threshold(parsing: "enrichd>=1")
        }
        #expect(throws: ThresholdError.unknownMetric(text: "scenario==1", metric: "scenario")) {
            try Threshold(parsing: "scenario==1")
        }
        #expect(throws: ThresholdError.badBound(text: "killed<=lots", bound: "lots")) {
            try Threshold(parsing: "killed<=lots")
        }
    }

    @Test("verdicts: the bound itself passes >=, a missing figure fails")
    func verdicts() throws {
        let thresholds = [
            try Threshold(parsing: "enriched_rate>=0.95"), try Threshold(parsing: "deliver_p99_ms<25000"),
        ]
        let passing = ThresholdVerdict.evaluate(
            thresholds, row: ["enriched_rate": "0.95", "deliver_p99_ms": "24999.9"])
        #expect(passing.allSatisfy { $0.passed })
        let failing = ThresholdVerdict.evaluate(thresholds, row: ["enriched_rate": "0.949", "deliver_p99_ms": ""])
        #expect(failing.map(\.passed) == [false, false])
        #expect(failing[1].actual == nil)
        #expect(failing[0].description == "FAIL  enriched_rate >= 0.95  (run: 0.949)")
    }
}
