/// Builds one `summary.csv` row from a run's aggregate, settings and measurements, in
/// ``SummarySchema/columns`` order. Times are reported unscaled (divided by the time scale).
public struct SummaryRow: Sendable {
    /// Who produced the row.
    public struct Provenance: Sendable {
        public var gitCommit: String
        public var timestamp: String
        public init(gitCommit: String, timestamp: String) {
            self.gitCommit = gitCommit
            self.timestamp = timestamp
        }
    }

    /// Figures about the harness itself.
    public struct HarnessFigures: Sendable {
        public var wallSeconds: Double
        public var cpuSeconds: Double
        public var peakResidentBytes: Int
        /// Allocations from jemalloc's arenas during the load; nil when they could not be counted (jemalloc
        /// is not the allocator, under a sanitizer): `mallocs_per_invocation` is then empty, not 0.
        public var mallocs: UInt64?
        public init(wallSeconds: Double, cpuSeconds: Double, peakResidentBytes: Int, mallocs: UInt64?) {
            self.wallSeconds = wallSeconds
            self.cpuSeconds = cpuSeconds
            self.peakResidentBytes = peakResidentBytes
            self.mallocs = mallocs
        }
    }

    public var values: [String: String] = [:]

    public init(
        settings: RunSettings, aggregate: RunAggregate, fingerprint: HostFingerprint, provenance: Provenance,
        harness: HarnessFigures, selfCheck: SelfCheck, problems: [String], partial: Bool
    ) {
        let scale = settings.timeScale > 0 ? settings.timeScale : 1
        values["schema_version"] = String(SummarySchema.version)
        values["nse_bench_version"] = NSEBenchVersion.current
        values["git_commit"] = provenance.gitCommit
        values["timestamp"] = provenance.timestamp
        values["instances"] = "1"
        values["start_lag_ms"] = ""
        // The embedded server's origin cache counts, set by the run that read its report.
        for name in ["origin_fetches", "origin_coalesced", "cache_hits"] { values[name] = "" }
        // A user's extension's worker processes' footprint, set by the run that ran them.
        values["extension_footprint_peak_bytes"] = ""
        // The media host's peaks, set by the run from its timeline (a merge: from the merged one).
        for column in SummarySchema.mediaPeakColumns { values[column.name] = "" }
        for field in fingerprint.fields { values[field.name] = field.value }
        values.merge(settings.columns) { $1 }
        values["invocations"] = String(aggregate.invocations)
        for outcome in InvocationOutcome.allCases { values[outcome.rawValue] = String(aggregate.count(outcome)) }
        values["finished_before_deadline_rate"] = Self.format(aggregate.finishedBeforeDeadlineRate)
        values["fallback_rate"] = Self.format(aggregate.fallbackRate)
        values["enriched_rate"] = Self.format(aggregate.enrichedRate)
        for column in SummarySchema.networkClassColumns { values[column.name] = "" }
        for (name, tally) in aggregate.byNetwork {
            let prefix = SummarySchema.networkClassPrefix(name)
            values[prefix + "invocations"] = String(tally.invocations)
            values[prefix + "enriched"] = String(tally.enriched)
            values[prefix + "fallback"] = String(tally.fallback)
            values[prefix + "enriched_rate"] = Self.format(tally.enrichedRate)
            values[prefix + "fallback_rate"] = Self.format(tally.fallbackRate)
        }
        values["uncertain"] = String(aggregate.uncertain(lagBound: selfCheck.harnessLagBound))
        values["double_delivery"] = String(aggregate.violations.doubleDelivery)
        values["late_delivery"] = String(aggregate.violations.lateDelivery)
        values["alert_text_removed"] = String(aggregate.violations.alertTextRemoved)
        for cause in MissCause.allCases { values[cause.summaryColumn] = String(aggregate.count(cause)) }
        values[SummarySchema.crashReasonsColumn.name] = CrashTally(aggregate).text
        values.merge(Self.timeValues(histograms: aggregate.histograms, timeScale: scale)) { $1 }
        values["throughput_per_s"] = Self.format(
            harness.wallSeconds > 0 ? Double(aggregate.invocations) / harness.wallSeconds : 0, decimals: 1)
        values["harness_cpu_s"] = Self.format(harness.cpuSeconds, decimals: 3)
        values["extension_timeout_s"] =
            aggregate.shortestOwnTimeout.map { Self.format(Double($0) / scale / 1e9, decimals: 3) } ?? ""
        values["peak_rss_bytes"] = String(harness.peakResidentBytes)
        values["mallocs_per_invocation"] =
            harness.mallocs.map {
                Self.format(aggregate.invocations > 0 ? Double($0) / Double(aggregate.invocations) : 0, decimals: 1)
            } ?? ""
        // The self-check's figures in unscaled time, as every other time a user reads: a lag measured at
        // --time-scale 0.1 weighs ten times as much against the scenario's own times.
        func unscaled(_ nanoseconds: UInt64) -> String { Self.format(Double(nanoseconds) / scale / 1e6, decimals: 3) }
        values["timer_lateness_p99_ms"] = unscaled(selfCheck.timerLatenessP99)
        values["transport_lag_p99_ms"] = unscaled(selfCheck.transportLagP99)
        values["harness_wait_p99_ms"] = unscaled(selfCheck.harnessWaitP99)
        values["server_lateness_p99_ms"] =
            settings.target.hasPrefix("embedded") ? unscaled(selfCheck.serverLatenessP99) : ""
        values["admission_lag_p99_ms"] = unscaled(selfCheck.admissionLagP99)
        values["extension_call_wait_p99_ms"] = selfCheck.extensionCallWaitP99.map(unscaled) ?? ""
        values["cpu_utilisation"] = Self.format(selfCheck.cpuUtilisation, decimals: 3)
        values["machine_busy_peak"] = selfCheck.machineBusyPeak.map { Self.format($0, decimals: 3) } ?? ""
        values["machine_steal"] = selfCheck.machineSteal.map { Self.format($0, decimals: 3) } ?? ""
        values["fd_headroom"] = String(selfCheck.descriptorsFree)
        values["valid"] = problems.isEmpty ? "true" : "false"
        values["invalid_reason"] = problems.joined(separator: "; ")
        values["partial"] = partial ? "true" : "false"
    }

    /// The `time` columns built from histograms (`deliver`, `slack` and each summarised phase), in
    /// unscaled milliseconds: one rule for a run and for a merge of runs.
    public static func timeValues(histograms: [HistogramKey: Histogram], timeScale: Double) -> [String: String] {
        let scale = timeScale > 0 ? timeScale : 1
        func milliseconds(_ nanoseconds: UInt64) -> String {
            Self.format(Double(nanoseconds) / scale / 1e6, decimals: 3)
        }
        var values: [String: String] = [:]
        let deliver = histograms[.deliver] ?? Histogram()
        for (name, percentile) in deliverPercentiles {
            values["deliver_\(name)_ms"] = milliseconds(deliver.value(atPercentile: percentile))
        }
        values["deliver_max_ms"] = milliseconds(deliver.maximum)
        let slack = histograms[.slack] ?? Histogram()
        for (name, percentile) in [("p50", 50.0), ("p10", 10), ("p1", 1)] {
            values["slack_\(name)_ms"] = milliseconds(slack.value(atPercentile: percentile))
        }
        values["slack_min_ms"] = milliseconds(slack.isEmpty ? 0 : slack.minimum)
        for phase in Phase.summarised {
            let histogram = histograms[.phase(phase)] ?? Histogram()
            for percentile in Phase.SummaryPercentile.allCases {
                values[phase.summaryColumn(percentile)] = milliseconds(
                    histogram.value(atPercentile: percentile.percentile))
            }
        }
        return values
    }

    /// The percentiles of time to deliver in summary.csv, by column name part.
    public static let deliverPercentiles: [(name: String, percentile: Double)] = [
        ("p50", 50), ("p90", 90), ("p99", 99), ("p999", 99.9),
    ]

    /// The row's fields in column order (empty for a column this row has no value for).
    public var fields: [String] { SummarySchema.columns.map { values[$0.name] ?? "" } }

    /// The header, in column order.
    public static var header: [String] { SummarySchema.columns.map(\.name) }

    /// Numbers with at most 6 significant decimals and no exponent noise for ordinary values.
    static func format(_ value: Double, decimals: Int = 6) -> String {
        guard value.isFinite else { return "" }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
