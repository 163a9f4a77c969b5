import NSEBenchCore
import Testing

/// Phases and histograms are named in files through ``Phase`` and ``HistogramKey`` alone: every CSV
/// name derives from a case, and a name read back maps to exactly one key.
@Suite("Phase and histogram keys")
struct PhaseKeyTests {
    /// Hashed by the case rather than its name: each case must hash apart from every other, or the
    /// histograms' dictionary (keyed by ``HistogramKey/phase(_:)``) would compare names again.
    @Test func everyPhaseHashesApart() {
        #expect(Set(Phase.allCases.map(\.hashValue)).count == Phase.allCases.count)
        // RawRepresentable's hashing would give each phase its name's hash.
        #expect(Phase.allCases.allSatisfy { $0.hashValue != $0.rawValue.hashValue })
        var durations: [Phase: UInt64] = [:]
        for (index, phase) in Phase.allCases.enumerated() { durations[phase] = UInt64(index) }
        #expect(Phase.allCases.enumerated().allSatisfy { durations[$1] == UInt64($0) })
    }

    @Test func everyCSVNameOfAPhaseDerivesFromItsName() {
        #expect(Phase.firstByte.name == "first_byte")
        #expect(Phase.firstByte.summaryColumn(.p50) == "phase_first_byte_p50_ms")
        #expect(Phase.connect.summaryColumn(.p99) == "phase_connect_p99_ms")
        #expect(Phase.queued.invocationsColumn == "queued_ms")
        #expect(Phase.harnessWait.invocationsColumn == "harness_ms")
        #expect(Set(Phase.allCases.map(\.name)).count == Phase.allCases.count, "names are unique")
    }

    @Test func summaryCSVHasTwoColumnsForEachSummarisedPhaseAndNoneForTheHarnessWait() {
        #expect(!Phase.summarised.contains(.harnessWait))
        #expect(Phase.summarised.count == Phase.allCases.count - 1)
        let phaseColumns = SummarySchema.columns.filter { $0.name.hasPrefix("phase_") }
        #expect(
            phaseColumns.map(\.name)
                == Phase.summarised.flatMap { phase in Phase.SummaryPercentile.allCases.map(phase.summaryColumn) })
        #expect(phaseColumns.allSatisfy { $0.kind == .time && $0.polarity == .smallerIsBetter })
        #expect(SummarySchema.column(named: "phase_harness_p50_ms") == nil)
        #expect(SummarySchema.column(named: "phase_attach_p99_ms")?.meaning == Phase.attach.meaning + ", p99")
    }

    @Test func histogramKeysRoundTripThroughTheirNames() {
        #expect(
            HistogramKey.allCases.map(\.name) == [
                "deliver", "slack", "queued", "cold_start", "decrypt", "connect", "first_byte", "download", "attach",
                "harness",
            ])
        for key in HistogramKey.allCases { #expect(HistogramKey(name: key.name) == key) }
        #expect(HistogramKey(name: "harness") == .phase(.harnessWait))
        #expect(HistogramKey(name: "firstByte") == nil, "the Swift case name is not a file name")
        #expect(HistogramKey(name: "") == nil)
    }

    @Test func aRunKeepsOneHistogramPerKeyAndRecordsEachPhaseInItsOwn() {
        var aggregate = RunAggregate()
        #expect(Set(aggregate.histograms.keys) == Set(HistogramKey.allCases))
        aggregate.record(
            InvocationMeasurement(
                id: 0, outcome: .enriched, timeToDeliver: 9_000, slack: 1_000,
                phases: [.firstByte: 2_000, .harnessWait: 300]))
        #expect(aggregate.histograms[.phase(.firstByte)]?.totalCount == 1)
        #expect(aggregate.histograms[.phase(.harnessWait)]?.maximum == 300)
        #expect(aggregate.histograms[.phase(.connect)]?.isEmpty == true)
    }

    @Test func histogramsCSVNamingAnUnknownHistogramIsRefusedWithItsLineAndName() {
        #expect(throws: HistogramsFileError.unknownHistogram(source: "h", line: 3, name: "cold_open")) {
            try HistogramsFile.histograms(text: "histogram,value_ns,count\ndeliver,5,1\ncold_open,5,1\n", source: "h")
        }
        // The quoted path (through CSVReader) says the same.
        #expect(throws: HistogramsFileError.unknownHistogram(source: "h", line: 2, name: "Deliver")) {
            try HistogramsFile.histograms(text: "histogram,value_ns,count\n\"Deliver\",5,1\n", source: "h")
        }
        let error = HistogramsFileError.unknownHistogram(source: "h", line: 2, name: "x")
        #expect(error.description.hasPrefix("h: line 2: no histogram is named x (known: deliver, slack, queued"))
    }

    @Test func histogramsCSVRoundTripsEveryKey() throws {
        var histograms: [HistogramKey: Histogram] = [:]
        for (index, key) in HistogramKey.allCases.enumerated() {
            histograms[key, default: Histogram()].record(UInt64(1_000 * (index + 1)), count: UInt64(index + 1))
        }
        let read = try HistogramsFile.histograms(text: HistogramsFile.text(histograms), source: "h")
        #expect(read == histograms)
    }
}
