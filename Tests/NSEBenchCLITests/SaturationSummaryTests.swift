import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

@Suite("a run the harness saturated says what load would fit")
struct SaturationSummaryTests {
    private func render(saturation: (estimate: SaturationEstimate, load: LoadModel)?) -> String {
        let settings = RunSettings(
            scenario: "unit", load: .closed(concurrency: 500), length: .invocations(1), ramp: 0,
            extensionName: "media", network: NetworkMix(single: .none), mediaMix: "200KB.jpg:1",
            encryptedFraction: 0, mediaFraction: 1, deadline: 30_000_000_000, grace: 2_000_000_000,
            memoryLimit: 24 << 20, timeScale: 1, seed: 1, target: "embedded")
        let row = SummaryRow(
            settings: settings, aggregate: RunAggregate(),
            fingerprint: .fixture,
            provenance: .init(gitCommit: "abc", timestamp: "2026-12-01T00:00:00Z"),
            harness: .init(wallSeconds: 2, cpuSeconds: 1, peakResidentBytes: 1, mallocs: 10),
            selfCheck: SelfCheck(
                timerLatenessP99: 0, transportLagP99: 0, admissionLagP99: 0, cpuUtilisation: 0.1, descriptorsFree: 1,
                descriptorLimit: 1),
            problems: ["downloads waited 500 ms inside the harness"], partial: false)
        return SummaryRenderer.render(
            row: row, aggregate: RunAggregate(), folder: URL(fileURLWithPath: "/tmp/run"), format: .text,
            serverReport: "", timeScale: 1, saturation: saturation)
    }

    @Test func theCapacityLineFollowsTheVerdict() throws {
        let estimate = try #require(
            SaturationEstimate(
                peakFinishedPerSecond: 600, meanTimeToDeliver: 1_000_000_000, meanHarnessWait: 300_000_000))
        let lines = render(saturation: (estimate, .closed(concurrency: 500))).split(separator: "\n")
        let verdict = try #require(lines.firstIndex { $0.hasPrefix("NOT VALID:") })
        #expect(lines[verdict + 1] == Substring(estimate.advice(for: .closed(concurrency: 500))))
        #expect(lines[verdict + 1].contains("--concurrency 210"), "0.5 × 600/s × 0.7 s")
    }

    @Test func noEstimateNoLine() {
        #expect(!render(saturation: nil).contains("capacity:"))
    }
}
