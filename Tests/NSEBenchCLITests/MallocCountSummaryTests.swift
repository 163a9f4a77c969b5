import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `mallocs_per_invocation` when jemalloc counts the allocations, and when it cannot (it is not the
/// allocator, as under a sanitizer): empty and said, never a 0 that reads as "no allocations".
@Suite("the allocation count, counted or not")
struct MallocCountSummaryTests {
    private func row(mallocs: UInt64?, invocations: Int) -> (SummaryRow, RunAggregate) {
        let settings = RunSettings(
            scenario: "unit", load: .closed(concurrency: 5), length: .invocations(invocations), ramp: 0,
            extensionName: "media", network: NetworkMix(single: .none), mediaMix: "200KB.jpg:1",
            encryptedFraction: 0, mediaFraction: 1, deadline: 30_000_000_000, grace: 2_000_000_000,
            memoryLimit: 24 << 20, timeScale: 1, seed: 1, target: "embedded")
        var aggregate = RunAggregate()
        for index in 0..<invocations {
            aggregate.record(
                InvocationMeasurement(
                    id: index, outcome: .enriched, violations: Violations(), timeToDeliver: 1_000_000,
                    slack: 29_999_000_000, phases: [:]))
        }
        let row = SummaryRow(
            settings: settings, aggregate: aggregate,
            fingerprint: .fixture,
            provenance: .init(gitCommit: "abc", timestamp: "2026-12-04T00:00:00Z"),
            harness: .init(wallSeconds: 2, cpuSeconds: 1, peakResidentBytes: 1, mallocs: mallocs),
            selfCheck: SelfCheck(
                timerLatenessP99: 0, transportLagP99: 0, admissionLagP99: 0, cpuUtilisation: 0.1, descriptorsFree: 1,
                descriptorLimit: 1),
            problems: [], partial: false)
        return (row, aggregate)
    }

    private func harnessLine(_ row: SummaryRow, _ aggregate: RunAggregate) throws -> Substring {
        let text = SummaryRenderer.render(
            row: row, aggregate: aggregate, folder: URL(fileURLWithPath: "/tmp/run"), format: .text, serverReport: "",
            timeScale: 1, saturation: nil)
        return try #require(text.split(separator: "\n").first { $0.hasPrefix("harness:") })
    }

    @Test("counted: the allocations over the invocations, in the column and the harness line")
    func counted() throws {
        let (row, aggregate) = row(mallocs: 250, invocations: 20)
        #expect(row.values["mallocs_per_invocation"] == "12.5")
        #expect(try harnessLine(row, aggregate).contains("12.5 mallocs per invocation"))
    }

    @Test("not counted: an empty column, and the harness line says why")
    func notCounted() throws {
        let (row, aggregate) = row(mallocs: nil, invocations: 20)
        #expect(row.values["mallocs_per_invocation"] == "")
        let line = try harnessLine(row, aggregate)
        #expect(line.contains("mallocs not counted (jemalloc's statistics could not be read)"))
        #expect(!line.contains("mallocs per invocation"))
    }
}

/// The meter behind the column: jemalloc's count since the load started, or nil when it cannot read it.
@Suite("the harness meter's allocation count")
struct HarnessMeterMallocTests {
    @Test("counters that cannot be read give no count, not 0")
    func unreadableCountersGiveNone() {
        let meter = HarnessMeter(server: nil, memory: .failure(.mallctl(name: "epoch", code: ENOENT)))
        #expect(meter.figures(wallSeconds: 1, workers: []).mallocs == nil)
    }

    @Test("jemalloc's counters give the allocations made since the meter started")
    func jemallocCounts() throws {
        let meter = HarnessMeter(server: nil)
        // Blocks of a large size class go past the thread cache to the arena, so each is counted.
        var kept: [[UInt8]] = []
        for index in 0..<64 { kept.append([UInt8](repeating: UInt8(index), count: 1 << 20)) }
        let mallocs = try #require(meter.figures(wallSeconds: 1, workers: []).mallocs)
        #expect(mallocs >= 64)
        #expect(kept.count == 64)
    }
}
