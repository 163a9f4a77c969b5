import Foundation
import Testing

@testable import NSEBenchCLI

/// The text summary's phases line shows the phases the run had: a cold start only with `--cold-start`.
@Suite("nse-bench run: the phases line", .serialized, .timeLimit(.minutes(3)))
struct PhasesLineTests {
    func phasesLine(_ extra: [String]) async throws -> String {
        // One media name alone, without a weight, is every invocation's media.
        let result = try await InProcessRun.run(["-n", "6", "-c", "3", "--media", "200KB.jpg"] + extra)
        #expect(result.summary["enriched"] == "6", "\(result.summary["media_mix"] ?? "nil")")
        return try #require(result.text.split(separator: "\n").first { $0.hasPrefix("phases p50/p99 ms:") }).description
    }

    @Test func aRunWithoutColdStartsShowsNoColdStartPhase() async throws {
        let line = try await phasesLine([])
        #expect(!line.contains("cold_start"), "\(line)")
        #expect(line.contains("queued ") && line.contains("first_byte "), "\(line)")
    }

    @Test func aRunWithColdStartsShowsThem() async throws {
        let line = try await phasesLine(["--cold-start", "10ms"])
        #expect(line.contains("cold_start "), "\(line)")
    }
}
