import Testing

@testable import NSEBenchCore

@Suite("summary.csv schema")
struct SummarySchemaTests {
    @Test func columnNamesAreUniqueAndSnakeCase() {
        let names = SummarySchema.columns.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } })
    }

    @Test func everyOutcomeAndEveryComparedMetricHasAColumnWithAPolarity() {
        for outcome in InvocationOutcome.allCases { #expect(SummarySchema.column(named: outcome.rawValue) != nil) }
        for column in SummarySchema.columns where column.kind == .rate || column.kind == .time {
            #expect(column.polarity != .none, "\(column.name) needs a polarity")
        }
        #expect(SummarySchema.column(named: "fallback_rate")?.polarity == .smallerIsBetter)
        #expect(SummarySchema.column(named: "deliver_p99_ms")?.polarity == .smallerIsBetter)
    }

    @Test func theIssueListedColumnsArePresent() {
        for name in [
            "schema_version", "nse_bench_version", "git_commit", "timestamp", "scenario", "invocations",
            "finished_before_deadline_rate", "fallback_rate", "enriched_rate", "deliver_p50_ms", "deliver_p999_ms",
            "deliver_max_ms", "throughput_per_s", "harness_cpu_s", "peak_rss_bytes", "mallocs_per_invocation", "valid",
            "partial",
        ] {
            #expect(SummarySchema.column(named: name) != nil, "\(name)")
        }
    }
}
