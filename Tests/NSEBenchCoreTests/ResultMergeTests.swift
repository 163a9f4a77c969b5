import NSEBenchTestSupport
import Testing

@testable import NSEBenchCore

@Suite("Merging segment results")
struct ResultMergeTests {
    static let load = LoadModel.open(ratePerSecond: 100, arrivals: .poisson, maxInFlight: 40)

    /// A deterministic invocation `index`: outcomes, timings and phases spread over several buckets.
    static func measurement(_ index: Int) -> InvocationMeasurement {
        let outcomes: [InvocationOutcome] = [.enriched, .enriched, .enriched, .degraded, .killed]
        let outcome = outcomes[index % outcomes.count]
        let deliver = UInt64(1_000_000 + (index * 7_919) % 900_000_000)
        var measurement = InvocationMeasurement(
            id: index, outcome: outcome, violations: Violations(doubleDelivery: index % 97 == 0 ? 1 : 0),
            timeToDeliver: outcome == .killed ? nil : deliver,
            slack: outcome == .killed ? nil : 30_000_000_000 - Int64(deliver),
            phases: [.queued: UInt64(index % 1_000) * 1_000, .download: deliver / 2])
        // Two network classes of a population; the others stay empty through the merge.
        measurement.networkClass = index % 3 == 0 ? "3g" : "wifi"
        // Crashes at two places, one of them with a ';' in its reason, for the crash tally.
        if index % 10 == 4 {
            measurement.crashReason =
                index % 20 == 4 ? "crashed at a.swift:1:2 in f()" : "crashed at b.swift:3:4; again"
        }
        return measurement
    }

    /// The row and histograms one instance running `segment` of `total` invocations writes.
    static func instance(
        _ segment: ExecutionSegment, total: Int = 1_000, settings change: (inout RunSettings) -> Void = { _ in },
        partial: Bool = false, lag: UInt64 = 1_000_000
    ) throws -> InstanceResult {
        var aggregate = RunAggregate()
        for local in 0..<segment.share(of: total) { aggregate.record(measurement(segment.globalIndex(local: local))) }
        var settings = RunSettings(
            scenario: "merge", load: load, length: .invocations(total), ramp: 0, extensionName: "media",
            network: NetworkMix(single: .none), mediaMix: "200KB.jpg:1", encryptedFraction: 0, mediaFraction: 1,
            deadline: 30_000_000_000, grace: 2_000_000_000, memoryLimit: 24 << 20, timeScale: 1, seed: 1,
            target: "http://media:8080")
        settings.segment = segment
        change(&settings)
        let row = SummaryRow(
            settings: settings, aggregate: aggregate,
            fingerprint: .fixture,
            provenance: .init(gitCommit: "abc", timestamp: "2026-12-01T14:00:0\(segment.index)Z"),
            harness: .init(
                wallSeconds: 10, cpuSeconds: 2, peakResidentBytes: 1_000 * (segment.index + 1), mallocs: 100),
            selfCheck: SelfCheck(
                timerLatenessP99: lag, transportLagP99: 0, admissionLagP99: 0, cpuUtilisation: 0.1,
                descriptorsFree: 100, descriptorLimit: 1_000),
            problems: lag > 100_000_000 ? ["timer lateness"] : [], partial: partial)
        let text = CSVWriter.record(SummaryRow.header) + CSVWriter.record(row.fields)
        let summary = try SummaryFile(text: text, source: "instance \(segment)").runs[0]
        return InstanceResult(folder: "results/\(segment.index)", summary: summary, histograms: aggregate.histograms)
    }

    static func split(_ count: Int, total: Int = 1_000) throws -> [InstanceResult] {
        try (0..<count).map { try instance(ExecutionSegment(index: $0, count: count), total: total) }
    }

    @Test func aMergeOfSegmentsIsTheSingleMachineRow() throws {
        let whole = try Self.instance(.whole)
        let merged = try ResultMerge.merge(try Self.split(4))
        for column in SummarySchema.columns where [.count, .rate, .time, .setting, .tally].contains(column.kind) {
            #expect(merged.values[column.name] == whole.summary.fields[column.name], "\(column.name)")
        }
        #expect(merged.histograms == whole.histograms)
        #expect(merged.values["net_3g_invocations"] == "334")
        #expect(merged.values["net_lte_invocations"] == "", "no instance had lte phones")
        #expect(merged.values["instances"] == "4")
        #expect(merged.values["segment"] == "")
        #expect(merged.values["timestamp"] == "2026-12-01T14:00:00Z", "the earliest start")
        #expect(merged.values["harness_cpu_s"] == "8", "CPU adds")
        #expect(merged.values["throughput_per_s"] == "100", "throughput adds: 4 × 25/s")
        #expect(merged.values["peak_rss_bytes"] == "4000", "the largest instance's memory")
        #expect(
            merged.values["crash_reasons"] == "50 crashed at a.swift:1:2 in f(); 50 crashed at b.swift:3:4%3B again",
            "the instances' crashes of each reason added")
        // The merged row reads back as a summary.csv that compare accepts.
        let text = CSVWriter.record(SummaryRow.header) + CSVWriter.record(merged.fields)
        let reread = try SummaryFile(text: text, source: "merged")
        #expect(reread.runs[0].invocations == 1_000)
    }

    @Test func histogramsReadBackFromTheirFileGivePercentilesWithinPrecision() throws {
        let whole = try Self.instance(.whole)
        let instances = try Self.split(3).map { instance in
            let text = HistogramsFile.text(instance.histograms)
            return InstanceResult(
                folder: instance.folder, summary: instance.summary,
                histograms: try HistogramsFile.histograms(text: text, source: "h"))
        }
        let merged = try ResultMerge.merge(instances)
        for column in SummarySchema.columns where column.kind == .time {
            let single = Double(whole.summary.fields[column.name]!)!
            let fromFile = Double(merged.values[column.name]!)!
            #expect(abs(single - fromFile) <= single / 1_000 + 0.001, "\(column.name): \(single) vs \(fromFile)")
        }
    }

    @Test func theSelfCheckTakesTheWorstInstanceAndNamesIt() throws {
        var instances = try Self.split(4)
        instances[2] = try Self.instance(ExecutionSegment(index: 2, count: 4), lag: 250_000_000)
        let merged = try ResultMerge.merge(instances)
        #expect(merged.values["timer_lateness_p99_ms"] == "250")
        #expect(merged.worst["timer_lateness_p99_ms"] == "segment 2/4")
        #expect(merged.values["valid"] == "false")
        #expect(merged.values["invalid_reason"] == "segment 2/4: timer lateness")
    }

    @Test func refusesDifferentSettingsNamingThem() throws {
        var instances = try Self.split(2)
        instances[1] = try Self.instance(ExecutionSegment(index: 1, count: 2)) { $0.seed = 2 }
        #expect(
            throws: MergeError.settingsDiffer(
                column: "seed",
                values: [.init(instance: "segment 0/2", value: "1"), .init(instance: "segment 1/2", value: "2")])
        ) { try ResultMerge.merge(instances) }
    }

    @Test func refusesOverlappingAndMissingSegments() throws {
        let four = try Self.split(4)
        #expect(throws: MergeError.segments(["segments missing: 3/4"])) {
            try ResultMerge.merge(Array(four.prefix(3)))
        }
        #expect(throws: MergeError.segments(["segments overlap: 1/4 given 2 times"])) {
            try ResultMerge.merge(four + [four[1]])
        }
        #expect(throws: MergeError.noInstances) { try ResultMerge.merge([]) }
    }

    @Test func refusesPartialInstancesUnlessAskedThenMarksThePartial() throws {
        var instances = try Self.split(2)
        instances[0] = try Self.instance(ExecutionSegment(index: 0, count: 2), partial: true)
        #expect(throws: MergeError.partial(instances: ["segment 0/2"])) { try ResultMerge.merge(instances) }
        let merged = try ResultMerge.merge(instances, allowPartial: true)
        #expect(merged.values["partial"] == "true")
        #expect(merged.values["valid"] == "false")
        #expect(merged.values["invalid_reason"]?.contains("merged partial instances: segment 0/2") == true)
    }

    @Test func theMediaPeaksAreTheMergedTimelinesNotTheInstancesPeaksAddedOrTheLargest() throws {
        // Each instance is busiest in a second of its own (6 then 5 requests, 5 then 6): together 11 and
        // 11, busiest in second 0; its peaks added would say 12, the larger 6.
        func timeline(_ requests: [Int], _ bytes: [Int]) -> [[String]] {
            var timeline = RunTimeline()
            for (second, count) in requests.enumerated() { timeline.recordRequests(count, second: second) }
            for (second, count) in bytes.enumerated() { timeline.recordBytes(count, second: second) }
            return [RunTimeline.header] + timeline.rows
        }
        let summed = try TimelineMerge.sum([
            ("a/timeline.csv", timeline([6, 5], [100, 300])), ("b/timeline.csv", timeline([5, 6], [250, 100])),
        ])
        let merged = try ResultMerge.merge(try Self.split(2), timeline: RunTimeline(records: summed))
        #expect(merged.values["media_peak_requests"] == "11")
        #expect(merged.values["media_peak_requests_second"] == "0", "the earliest of the tie")
        #expect(merged.values["media_peak_bytes"] == "400")
        #expect(merged.values["media_peak_bytes_second"] == "1")
        // Without a merged timeline (an instance wrote none), no peaks rather than a guess.
        let blind = try ResultMerge.merge(try Self.split(2))
        #expect(SummarySchema.mediaPeakColumns.allSatisfy { blind.values[$0.name] == "" })
    }

    @Test func aWholeRunMergesAloneAndCountsAsOneInstance() throws {
        let merged = try ResultMerge.merge([try Self.instance(.whole)])
        #expect(merged.values["instances"] == "1")
    }

    @Test func anInstanceWrittenBeforeCrashReasonsWereKeptMakesThemUnknownNotNone() throws {
        var instances = try Self.split(2)
        let older = instances[1].summary
        var fields = older.fields
        fields["crash_reasons"] = nil
        instances[1] = InstanceResult(
            folder: "results/1",
            summary: SummaryRun(
                line: older.line, scenario: older.scenario, fields: fields, numbers: older.numbers,
                invocations: older.invocations, isValid: older.isValid, isPartial: older.isPartial),
            histograms: instances[1].histograms)
        let merged = try ResultMerge.merge(instances)
        #expect(merged.values["crash_reasons"] == CrashTally.notKeptText)
        let text = CSVWriter.record(SummaryRow.header) + CSVWriter.record(merged.fields)
        #expect(try SummaryFile(text: text, source: "merged").runs[0].crashTally == nil, "read back as unknown")
    }

    @Test func malformedHistogramFilesAreRefusedWithTheirLine() {
        #expect(throws: HistogramsFileError.badRow(source: "h", line: 2, row: ["deliver", "x", "1"])) {
            try HistogramsFile.histograms(text: "histogram,value_ns,count\ndeliver,x,1\n", source: "h")
        }
        #expect(throws: HistogramsFileError.header(source: "h", found: ["a", "b"])) {
            try HistogramsFile.histograms(text: "a,b\n", source: "h")
        }
    }
}
