/// Merges the results of the instances of one run split with `--segment` into the row one
/// machine would have written, exactly where the figures allow: generic over each column's
/// ``SummarySchema/Kind``, so columns added later merge by their kind.
///
/// - settings must match (a run's settings describe the whole run), segments must partition it;
/// - counts add; rates come from the summed counts; times from the merged histograms (a maximum
///   or minimum from the instances' exact ones);
/// - measures: throughput and CPU add, memory is the largest instance's, per-invocation figures
///   are weighted by invocations; the media host's peaks come from the merged timeline (the
///   instances' peaks, in seconds of their own, neither add nor take a maximum);
/// - the self-check takes the worst instance's figure, and ``MergedResult/worst`` names it.
public enum ResultMerge {
    /// Merges `instances` with their histograms; `timeline` is their timelines summed
    /// (``TimelineMerge``), nil when some instance has none, which leaves the media peaks empty;
    /// `allowPartial` merges interrupted instances into a row marked partial instead of refusing them.
    public static func merge(
        _ instances: [InstanceResult], timeline: RunTimeline? = nil, allowPartial: Bool = false
    ) throws(MergeError) -> MergedResult {
        var histograms: [HistogramKey: Histogram] = [:]
        for instance in instances { try accumulate(instance.histograms, into: &histograms, from: instance.name) }
        return try merge(instances, histograms: histograms, timeline: timeline, allowPartial: allowPartial)
    }

    /// Adds one instance's histograms to `merged`: how a merge of many instances keeps one set of
    /// histograms in memory rather than one per instance.
    public static func accumulate(
        _ histograms: [HistogramKey: Histogram], into merged: inout [HistogramKey: Histogram], from instance: String
    ) throws(MergeError) {
        for (key, histogram) in histograms {
            if merged[key] == nil {
                merged[key] = histogram
            } else {
                do {
                    try merged[key]!.merge(histogram)
                } catch {
                    throw .histogram(instance: instance, error)
                }
            }
        }
    }

    /// Merges `instances`' summary rows, with `histograms` the merged histograms of them all
    /// (``accumulate(_:into:from:)``) and `timeline` their summed timelines (nil when some instance has
    /// none); the instances' own histograms are not read.
    public static func merge(
        _ instances: [InstanceResult], histograms: [HistogramKey: Histogram], timeline: RunTimeline?,
        allowPartial: Bool
    ) throws(MergeError) -> MergedResult {
        guard !instances.isEmpty else { throw .noInstances }
        var segments: [ExecutionSegment] = []
        for instance in instances {
            do {
                segments.append(try instance.segment)
            } catch {
                throw .badSegment(instance: instance.name, error)
            }
        }
        let problems = ExecutionSegment.partitionProblems(segments)
        guard problems.isEmpty else { throw .segments(problems) }
        let partial = instances.filter(\.summary.isPartial).map(\.name)
        if !partial.isEmpty, !allowPartial { throw .partial(instances: partial) }

        var values: [String: String] = [:]
        var worst: [String: String] = [:]
        for column in SummarySchema.columns {
            let given = instances.map {
                MergeError.InstanceValue(instance: $0.name, value: $0.summary.fields[column.name] ?? "")
            }
            switch column.kind {
            case .setting:
                if column.name == "segment" {
                    values[column.name] = ""
                    continue
                }
                guard Set(given.map(\.value)).count == 1 else {
                    throw .settingsDiffer(column: column.name, values: given)
                }
                values[column.name] = given[0].value
            case .provenance, .fingerprint:
                values[column.name] = provenance(column.name, given.map(\.value))
            case .count:
                // A count no instance wrote (a network class none of them had) stays empty.
                values[column.name] =
                    given.allSatisfy { $0.value.isEmpty } ? "" : String(given.map { Int($0.value) ?? 0 }.reduce(0, +))
            case .tally:
                values[column.name] = try tally(column.name, instances)
            case .rate, .time, .measure:
                continue  // from the counts and histograms, below
            case .validity:
                let (value, instance) = validity(column.name, given)
                values[column.name] = value
                if let instance { worst[column.name] = instance }
            }
        }
        let invocations = Int(values["invocations"] ?? "") ?? 0
        let timeScale = Double(values["time_scale"] ?? "") ?? 1
        let fromHistograms = SummaryRow.timeValues(histograms: histograms, timeScale: timeScale)
        // The busiest second of the instances together: one instance's peak second need not be another's.
        let peaks = timeline?.mediaPeakValues ?? [:]
        for column in SummarySchema.columns {
            let numbers = instances.map { Double($0.summary.fields[column.name] ?? "") }
            switch column.kind {
            case .rate:
                if let share = column.share {
                    let successes = Int(values[share.successes] ?? "") ?? 0
                    let trials = Int(values[share.trials] ?? "") ?? 0
                    values[column.name] = trials > 0 ? SummaryRow.format(Double(successes) / Double(trials)) : ""
                } else if let outcomes = SummaryFile.rateOutcomes.first(where: { $0.column == column.name })?.outcomes {
                    let count = outcomes.map { Int(values[$0.rawValue] ?? "") ?? 0 }.reduce(0, +)
                    values[column.name] = SummaryRow.format(invocations > 0 ? Double(count) / Double(invocations) : 0)
                } else {
                    values[column.name] = weighted(numbers, instances).map { SummaryRow.format($0) } ?? ""
                }
            case .time:
                let known = numbers.compactMap { $0 }
                if column.name.hasSuffix("_max_ms"), let largest = known.max() {
                    values[column.name] = SummaryRow.format(largest, decimals: 3)
                } else if column.name.hasSuffix("_min_ms"), let smallest = known.min() {
                    values[column.name] = SummaryRow.format(smallest, decimals: 3)
                } else if let value = fromHistograms[column.name] {
                    values[column.name] = value
                } else {
                    values[column.name] = known.max().map { SummaryRow.format($0, decimals: 3) } ?? ""
                }
            case .measure where SummarySchema.mediaPeakColumns.contains(column):
                values[column.name] = peaks[column.name] ?? ""
            case .measure:
                values[column.name] = measure(column.name, numbers, instances)
            default:
                continue
            }
        }
        values["instances"] = String(
            instances.map { Int($0.summary.fields["instances"] ?? "") ?? 1 }.reduce(0, +))
        if !partial.isEmpty {
            values["partial"] = "true"
            let reason = "merged partial instances: \(partial.joined(separator: ", "))"
            let existing = values["invalid_reason"] ?? ""
            values["invalid_reason"] = existing.isEmpty ? reason : existing + "; " + reason
            values["valid"] = "false"
        }
        return MergedResult(values: values, histograms: histograms, worst: worst)
    }

    /// The instances' crashes of each reason added (the reasons beyond those kept stay counted), as the
    /// column's text; ``CrashTally/notKeptText`` when an instance kept none (it was written before the
    /// column): unknown, which `compare` shows as missing, never as no crash.
    private static func tally(_ column: String, _ instances: [InstanceResult]) throws(MergeError) -> String {
        var merged = CrashTally([:])
        for instance in instances {
            guard let text = instance.summary.fields[column], text != CrashTally.notKeptText else {
                return CrashTally.notKeptText
            }
            do {
                merged = merged.adding(try CrashTally(text: text))
            } catch {
                throw .badTally(instance: instance.name, column: column, error)
            }
        }
        return merged.text
    }

    /// Provenance and fingerprints: one value when the instances agree, else each distinct value
    /// (instances on different hosts); the earliest timestamp.
    private static func provenance(_ column: String, _ given: [String]) -> String {
        if column == "timestamp" { return given.filter { !$0.isEmpty }.min() ?? "" }
        var distinct: [String] = []
        for value in given where !distinct.contains(value) { distinct.append(value) }
        return distinct.joined(separator: " | ")
    }

    /// The self-check's figures: the worst instance's (largest lag, least headroom), and which it is.
    private static func validity(_ column: String, _ given: [MergeError.InstanceValue]) -> (String, String?) {
        switch column {
        case "valid":
            return (given.allSatisfy { $0.value == "true" } ? "true" : "false", nil)
        case "partial":
            return (given.contains { $0.value == "true" } ? "true" : "false", nil)
        case "invalid_reason":
            let reasons = given.filter { !$0.value.isEmpty }.map { "\($0.instance): \($0.value)" }
            return (reasons.joined(separator: "; "), nil)
        default:
            let numbered = given.compactMap { item in Double(item.value).map { (item, $0) } }
            let pick =
                column == "fd_headroom"
                ? numbered.min { $0.1 < $1.1 } : numbered.max { $0.1 < $1.1 }
            guard let pick else { return ("", nil) }
            return (pick.0.value, pick.0.instance)
        }
    }

    /// Throughput and CPU add (the instances ran at once); memory is the largest instance's;
    /// anything else is weighted by each instance's invocations.
    private static func measure(_ column: String, _ numbers: [Double?], _ instances: [InstanceResult]) -> String {
        let known = numbers.compactMap { $0 }
        guard !known.isEmpty else { return "" }
        switch column {
        case "throughput_per_s": return SummaryRow.format(known.reduce(0, +), decimals: 1)
        case "harness_cpu_s": return SummaryRow.format(known.reduce(0, +), decimals: 3)
        case "peak_rss_bytes", "extension_footprint_peak_bytes": return SummaryRow.format(known.max() ?? 0, decimals: 0)
        case "extension_timeout_s": return SummaryRow.format(known.min() ?? 0, decimals: 3)
        default: return weighted(numbers, instances).map { SummaryRow.format($0, decimals: 1) } ?? ""
        }
    }

    private static func weighted(_ numbers: [Double?], _ instances: [InstanceResult]) -> Double? {
        var total = 0.0
        var weight = 0.0
        for (number, instance) in zip(numbers, instances) {
            guard let number else { continue }
            total += number * Double(instance.summary.invocations)
            weight += Double(instance.summary.invocations)
        }
        return weight > 0 ? total / weight : nil
    }
}

/// What ``ResultMerge/merge(_:allowPartial:)`` produced.
public struct MergedResult: Sendable {
    /// The summary.csv row, by column name.
    public let values: [String: String]
    /// The merged histograms, for histograms.csv.
    public let histograms: [HistogramKey: Histogram]
    /// For each self-check column, the instance whose figure the row took (the worst).
    public let worst: [String: String]

    /// The row's fields in ``SummarySchema/columns`` order.
    public var fields: [String] { SummarySchema.columns.map { values[$0.name] ?? "" } }
}
