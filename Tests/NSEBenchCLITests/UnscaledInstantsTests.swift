import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// invocations.csv's instants are unscaled nanoseconds since the run's start, like every other time a
/// user reads: at any `--time-scale`, `deadline_ns` is `scheduled_ns` plus the budget.
@Suite("invocations.csv instants")
struct UnscaledInstantsTests {
    @Test func instantsAreUnscaledFromTheRunsStart() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-instants")
        defer { directory.remove() }
        let out = directory.path("out")
        let configuration = try RunCommand(
            parsing: ArgumentParser.parse(
                [
                    // The template downloads nothing: the closed target port is never reached.
                    "-n", "4", "-c", "2", "--extension", "template", "--time-scale", "0.5", "--deadline", "30s",
                    "--target", "http://127.0.0.1:9/", "--quiet", "--out", out,
                ], for: RunCommand.configuration)
        ).configuration
        let context = CommandContext(
            output: CapturedText(), errors: CapturedText(), outputIsTerminal: false, environment: [:])
        let clock = ContinuousClock()
        let began = clock.now
        _ = try await RunSession(configuration: configuration, context: context).execute()
        // The run's start is inside this call, so no instant from it is later than the call's length
        // unscaled (at 0.5, twice it): an instant of the machine's monotonic clock is its uptime.
        let (seconds, attoseconds) = (clock.now - began).components
        let callUnscaledNanoseconds = UInt64((seconds * 1_000_000_000 + attoseconds / 1_000_000_000) * 2)
        let records = try CSVReader.records(String(contentsOfFile: out + "/invocations.csv", encoding: .utf8))
        let rows = records.dropFirst().map { Dictionary(zip(records[0], $0), uniquingKeysWith: { first, _ in first }) }
        #expect(rows.count == 4)
        for row in rows {
            let scheduled = try #require(UInt64(row["scheduled_ns"] ?? ""))
            let deadline = try #require(UInt64(row["deadline_ns"] ?? ""))
            // Rounding each instant to a whole nanosecond after dividing by the scale: at most 1 ns apart.
            #expect(deadline - scheduled >= 30_000_000_000 - 1 && deadline - scheduled <= 30_000_000_000 + 1)
            #expect(scheduled <= callUnscaledNanoseconds, "from the run's start, not the machine's monotonic clock")
            // A loaded machine may start one too late to deliver (killed): only delivered rows have the instant.
            guard let delivered = UInt64(row["delivered_ns"] ?? "") else { continue }
            #expect(delivered >= scheduled && delivered < deadline)
            let toDeliver = try #require(Double(row["time_to_deliver_ms"] ?? ""))
            #expect(abs(Double(delivered - scheduled) / 1e6 - toDeliver) < 0.01, "the same unit as time_to_deliver_ms")
        }
    }
}
