import Foundation
import NSEBenchCore

/// The terminal summary of a run: outcome table, rates, percentiles, phases, harness figures.
enum SummaryRenderer {
    static func render(
        row: SummaryRow, aggregate: RunAggregate, folder: URL, format: RunConfiguration.OutputFormat,
        serverReport: String, timeScale: Double, scratch: String = "", unwritten: [String] = [],
        network: NetworkMix? = nil, timeline: RunTimeline? = nil,
        saturation: (estimate: SaturationEstimate, load: LoadModel)? = nil
    ) -> String {
        let values = row.values
        if format == .json {
            let object = Dictionary(uniqueKeysWithValues: SummaryRow.header.map { ($0, values[$0] ?? "") })
            let data =
                (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self) + "\n"
        }
        var lines: [String] = []
        let value = { (name: String) in values[name] ?? "" }
        lines.append(
            "nse-bench run \(value("scenario")): \(value("load_model")) load, extension \(value("extension"))"
                + (value("extension_timeout_s").isEmpty ? "" : " (own timeout \(value("extension_timeout_s")) s)")
                + ", "
                + "network \(network.map(networkLabel) ?? value("network")), target \(value("target"))")
        lines.append(
            "\(aggregate.invocations) invocations, \(value("throughput_per_s"))/s, deadline \(value("deadline_s")) s, "
                + "grace \(value("grace_s")) s")
        lines.append("")
        lines.append(
            pad("outcome", 22) + pad("count", 8, right: true) + pad("share", 9, right: true) + "   the user sees")
        for outcome in InvocationOutcome.allCases {
            let count = aggregate.count(outcome)
            let share = aggregate.invocations > 0 ? Double(count) / Double(aggregate.invocations) * 100 : 0
            lines.append(
                pad(outcome.rawValue, 22) + pad(String(count), 8, right: true)
                    + pad(String(format: "%.1f%%", share), 9, right: true) + "   \(outcome.whatTheUserSees.rawValue)")
        }
        lines.append("")
        lines.append("finished before the deadline  \(percent(aggregate.finishedBeforeDeadlineRate))")
        lines.append("fell back (original shown)    \(percent(aggregate.fallbackRate))")
        lines.append("arrived enriched              \(percent(aggregate.enrichedRate))")
        if let uncertain = Int(value("uncertain")), uncertain > 0, aggregate.invocations > 0 {
            // Over the gate's minimum effect (1 point) the self-check also makes the run invalid.
            lines.append(
                "uncertain: \(uncertain) misses ended their download after the deadline by less than the harness's "
                    + "own delay: up to \(FixedPoint.text(Double(uncertain) / Double(aggregate.invocations) * 100, places: 1)) "
                    + "points of the enriched rate may be the harness's")
        }
        lines.append("")
        if let network, !network.isSingleClass { lines += networkTable(network, aggregate) + [""] }
        let blame = BlameTable.lines(aggregate)
        if !blame.isEmpty { lines += blame + [""] }
        lines.append(
            "time to deliver (from arrival): p50 \(value("deliver_p50_ms")) ms  p90 \(value("deliver_p90_ms")) ms  "
                + "p99 \(value("deliver_p99_ms")) ms  p99.9 \(value("deliver_p999_ms")) ms  max \(value("deliver_max_ms")) ms"
        )
        lines.append(
            "slack to the deadline: p50 \(value("slack_p50_ms")) ms  p10 \(value("slack_p10_ms")) ms  "
                + "p1 \(value("slack_p1_ms")) ms  min \(value("slack_min_ms")) ms")
        // A run without --cold-start has no cold-start phase to show (its columns are 0).
        let shown = Phase.summarised.filter { $0 != .coldStart || !value("cold_start").isEmpty }
        let phases = shown.map { phase in
            "\(phase.name) \(value(phase.summaryColumn(.p50)))/\(value(phase.summaryColumn(.p99)))"
        }
        lines.append("phases p50/p99 ms: " + phases.joined(separator: ", "))
        lines.append(
            "violations: double delivery \(value("double_delivery")), late delivery \(value("late_delivery")), "
                + "alert text removed \(value("alert_text_removed"))")
        lines.append(
            "harness: CPU \(value("harness_cpu_s")) s (\(percent(Double(value("cpu_utilisation")) ?? 0)) of the machine"
                + (Double(value("machine_busy_peak")).map { "; machine \(percent($0)) busy in its busiest second" }
                    ?? "")
                + (Double(value("machine_steal")).flatMap { $0 > 0 ? "; its host took \(percent($0)) (steal)" : nil }
                    ?? "")
                + "), "
                + "peak RSS \((Int(value("peak_rss_bytes")) ?? 0) >> 20) MiB, "
                + (value("mallocs_per_invocation").isEmpty
                    ? "mallocs not counted (jemalloc's statistics could not be read)"
                    : "\(value("mallocs_per_invocation")) mallocs per invocation")
                + ", timer lateness p99 \(value("timer_lateness_p99_ms")) ms, transport lag p99 "
                + "\(value("transport_lag_p99_ms")) ms, downloads' wait in the harness p99 "
                + "\(value("harness_wait_p99_ms")) ms, admission lag p99 "
                + "\(value("admission_lag_p99_ms")) ms"
                + (value("extension_call_wait_p99_ms").isEmpty
                    ? "" : ", extension calls' wait for a thread p99 \(value("extension_call_wait_p99_ms")) ms"))
        if let timeline, let requests = timeline.peakRequests {
            // The herd behind the media host: a burst's fan-out decides how tall this peak is.
            var line = "media host: peak \(requests.count) requests started in second \(requests.second)"
            if let bytes = timeline.peakBytes {
                line +=
                    ", peak \(FixedPoint.text(Double(bytes.count) / 1e6, places: 1)) MB received in second \(bytes.second)"
            }
            lines.append(line + " (seconds of the run, unscaled; timeline.csv has each)")
        }
        if !value("origin_fetches").isEmpty {
            lines.append(
                "origin cache (cold, --origin-fetch \(value("origin_fetch")), coalescing \(value("coalesce"))): "
                    + "origin fetches \(value("origin_fetches")), coalesced \(value("origin_coalesced")), "
                    + "cache hits \(value("cache_hits"))")
        }
        if let lateness = serverReport.split(separator: "\n").first(where: { $0.hasPrefix("first-byte lateness") }) {
            lines.append("media server: " + lateness)
        }
        if let lag = Double(value("transport_lag_p99_ms")), lag > 5 {
            // Not invalid by itself (the deadline outcomes hold to 1% of the budget), but worth saying.
            lines.append(
                "note: the transport loop ran up to \(FixedPoint.text(lag, places: 1)) ms behind (p99, "
                    + "unscaled): response times above may include that much of the harness's own delay")
        }
        if !scratch.isEmpty { lines.append("scratch files: " + scratch) }
        if timeScale != 1 {
            lines.append(
                "time scale \(timeScale): every time above is unscaled (measured ÷ \(timeScale)); CPU costs do not scale, "
                    + "so CPU-bound phases look \(String(format: "%g", 1 / timeScale))× slower than they were.")
        }
        lines.append(
            value("valid") == "true"
                ? "valid: the harness did not distort these figures"
                : "NOT VALID: \(value("invalid_reason"))")
        if let saturation { lines.append(saturation.estimate.advice(for: saturation.load)) }
        if value("partial") == "true" { lines.append("PARTIAL: interrupted before the end") }
        let written = RunRecorder.resultFiles.filter { !unwritten.contains($0) }
        if !written.isEmpty { lines.append("results: \(folder.path)/" + written.joined(separator: ", ")) }
        if !unwritten.isEmpty { lines.append("NOT WRITTEN: " + unwritten.joined(separator: ", ")) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A population by name and shares (`phones: wifi 55%, ...`), a written mix as given, one class's
    /// conditions as query parameters.
    private static func networkLabel(_ network: NetworkMix) -> String {
        guard !network.isSingleClass else { return network.settingText }
        let shares = network.classes.indices.map {
            "\(network.classes[$0].name) \(String(format: "%.0f%%", network.share(ofClass: $0) * 100))"
        }
        return "\(network.populationName ?? "mix") (\(shares.joined(separator: ", ")))"
    }

    /// Outcome rates per network class, in the mix's order.
    private static func networkTable(_ network: NetworkMix, _ aggregate: RunAggregate) -> [String] {
        var lines = [
            pad("by network", 16) + pad("invocations", 12, right: true) + pad("enriched", 10, right: true)
                + pad("fell back", 11, right: true)
        ]
        for networkClass in network.classes {
            let tally = aggregate.byNetwork[networkClass.name] ?? NetworkClassTally()
            let rates =
                tally.invocations > 0
                ? pad(percent(tally.enrichedRate), 10, right: true) + pad(percent(tally.fallbackRate), 11, right: true)
                : pad("-", 10, right: true) + pad("-", 11, right: true)
            lines.append(
                pad(networkClass.name, 16) + pad(String(tally.invocations), 12, right: true) + rates)
        }
        return lines
    }

    private static func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
