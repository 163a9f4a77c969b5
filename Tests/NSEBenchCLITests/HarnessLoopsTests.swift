import Foundation
import NSEBenchSystem
import Testing

@testable import NSEBenchCLI

/// The loop figures the run's self-check judges (``HarnessLoops/stop()``).
@Suite("Harness loops")
struct HarnessLoopsTests {
    /// One transport loop of two stalled for 600 ms of a run of about 1.4 s: the run's transport lag (both
    /// loops' probes together) shows it, as work arriving on that loop met the stall for almost half the
    /// run. Counted as one late probe among some 280 on time, it was below the p99.
    @Test func aStallOfOneTransportLoopShowsInTheRunsTransportLag() async throws {
        let loops = try HarnessLoops(transportLoops: 2)
        try await Task.sleep(for: .milliseconds(200))
        try loops.transportLoops[1].execute { usleep(600_000) }
        try await Task.sleep(for: .milliseconds(1_200))
        let figures = await loops.stop()
        #expect(figures.transportLagP99 >= 400_000_000, "\(figures)")
    }
}

extension HarnessLoopsTests {
    /// A stall while the run set up (extension processes starting, `--start-at`'s wait) is not the
    /// run's: its figures start over at the first arrival.
    @Test func aStallBeforeTheRunStartsIsNotTheRuns() async throws {
        let loops = try HarnessLoops(transportLoops: 1)
        try loops.transportLoops[0].execute { usleep(400_000) }
        try await Task.sleep(for: .milliseconds(600))
        loops.measureFromNow()
        try await Task.sleep(for: .milliseconds(300))
        let figures = await loops.stop()
        #expect(figures.transportLagP99 < 200_000_000, "\(figures)")
    }
}
