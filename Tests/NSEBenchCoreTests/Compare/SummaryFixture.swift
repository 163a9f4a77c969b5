import NSEBenchCore
import NSEBenchTestSupport

/// Builds `summary.csv` rows from ``SummarySchema/columns``: every column gets a valid default, a
/// test overrides the few it is about. Rates are computed from the outcome counts, as `run` does.
enum SummaryFixture {
    /// The outcome counts of a default row of `invocations`: 95 % enriched, the rest spread.
    static func outcomes(invocations: Int = 1000) -> [String: Int] {
        let others = [
            "degraded": invocations / 50, "discarded": 0, "expired_best_attempt": invocations / 100,
            "expired_original": invocations / 100, "killed": invocations / 200, "crashed": invocations / 200,
        ]
        return others.merging(["enriched": invocations - others.values.reduce(0, +)]) { $1 }
    }

    /// One row: defaults, then `outcomes` (enriched takes up the difference unless given), then
    /// `overrides` by column name (which win over the computed rates).
    static func row(
        scenario: String = "default", invocations: Int = 1000, outcomes given: [String: Int] = [:],
        _ overrides: [String: String] = [:]
    ) -> [String: String] {
        var counts = outcomes(invocations: invocations).merging(given) { $1 }
        if given["enriched"] == nil {
            let others = counts.filter { $0.key != "enriched" }.values.reduce(0, +)
            counts["enriched"] = invocations - others
        }
        var fields: [String: String] = [:]
        for column in SummarySchema.columns { fields[column.name] = defaultValue(column) }
        fields["scenario"] = scenario
        fields["invocations"] = String(invocations)
        for (name, count) in counts { fields[name] = String(count) }
        func share(_ names: [String]) -> String {
            invocations == 0 ? "" : "\(Double(names.map { counts[$0] ?? 0 }.reduce(0, +)) / Double(invocations))"
        }
        fields["enriched_rate"] = share(["enriched"])
        fields["finished_before_deadline_rate"] = share(["enriched", "degraded", "discarded"])
        fields["fallback_rate"] = share(["discarded", "expired_original", "killed", "crashed"])
        return fields.merging(overrides) { $1 }
    }

    /// CSV text with a header of `columns` (every schema column by default) and the rows.
    static func csv(_ rows: [[String: String]], columns: [String] = SummarySchema.columns.map(\.name)) -> String {
        SummaryRowFixture.csv(rows, columns: columns)
    }

    /// The rows parsed as a ``SummaryFile``.
    static func file(_ rows: [[String: String]], source: String = "baseline") throws -> SummaryFile {
        try SummaryFile(text: csv(rows), source: source)
    }

    private static func defaultValue(_ column: SummarySchema.Column) -> String {
        if let value = defaults[column.name] { return value }
        // A run on one network has no per-class figures.
        if column.name.hasPrefix("net_") { return "" }
        switch column.kind {
        case .count: return "0"
        case .time: return column.name.hasPrefix("slack") ? "25000" : column.name.hasPrefix("phase") ? "40" : "900"
        case .fingerprint, .setting, .provenance, .rate, .measure, .validity, .tally: return ""
        }
    }

    private static let defaults: [String: String] = [
        "schema_version": "\(SummarySchema.version)", "nse_bench_version": "0.1.0", "git_commit": "0123abc",
        "timestamp": "2025-06-01T12:00:00Z", "host_cpu": "Test CPU @ 3.0GHz", "host_cores": "8",
        "host_os": "Ubuntu 24.04; 6.8.0", "swift_version": "6.3.1", "libcurl_version": "8.5.0",
        "openssl_version": "3.0.13", "allocator": "jemalloc 5.3.0", "load_model": "closed", "concurrency": "100",
        "ramp_s": "0", "invocations_target": "1000", "extension": "reference", "network": "ttfb=100ms",
        "media_mix": "200KB.jpg:100", "encrypted_fraction": "0.5", "media_fraction": "1", "deadline_s": "30",
        "grace_s": "2", "memory_limit_bytes": "25165824", "time_scale": "1", "seed": "1", "target": "embedded",
        "deliver_p50_ms": "800", "deliver_p90_ms": "1500", "deliver_p99_ms": "3000", "deliver_p999_ms": "5000",
        "deliver_max_ms": "8000", "throughput_per_s": "120.5", "harness_cpu_s": "12.5", "peak_rss_bytes": "104857600",
        "mallocs_per_invocation": "250", "media_peak_requests": "100", "media_peak_requests_second": "0",
        "media_peak_bytes": "20000000", "media_peak_bytes_second": "1", "timer_lateness_p99_ms": "0.4",
        "admission_lag_p99_ms": "0.2",
        "cpu_utilisation": "0.3", "fd_headroom": "60000", "valid": "true", "partial": "false",
    ]
}
