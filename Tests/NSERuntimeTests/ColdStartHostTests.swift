import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// A phone starting the extension's process before `didReceive` (`--cold-start`): the time counts from
/// the arrival, and a budget that ends during it is a kill without the expiry call.
@Suite("Extension host cold starts", .timeLimit(.minutes(1)))
struct ColdStartHostTests {
    func input(_ harness: HostHarness, coldStart: UInt64?, deliverAt: UInt64) -> InvocationInput {
        var input = harness.input(
            TestPayloads.plain(), extension: ExtensionFactory(name: "sleepy") { SleepyService(deliverAt: deliverAt) })
        input.coldStart = coldStart
        return input
    }

    @Test("a cold start of 31 s: killed before didReceive, no expiry call, blamed on the cold start")
    func startOutlastsTheBudget() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let task = harness.start(input(harness, coldStart: 31 * second, deliverAt: 0))
        await harness.clock.waitForPendingTimers(atLeast: 2)  // the deadline and the cold start
        harness.clock.advance(to: 30 * second)
        let record = await task.value

        #expect(record.outcome == .killed)
        #expect(record.times.expiryCalled == nil)
        #expect(record.times.started == nil)
        #expect(!harness.events.kinds.contains(.didReceiveCalled))
        #expect(!harness.events.kinds.contains(.expiryCalled))
        #expect(record.phases.queued == 0)
        #expect(record.phases.coldStart == 30 * second, "the start ran until the kill")
        #expect(record.measurement.miss?.cause == .coldStart)
        #expect(record.measurement.phases[.coldStart] == 30 * second)
        #expect(harness.clock.pendingDeadlines.isEmpty, "the cold start's timer went with the process")
    }

    @Test("a cold start of 1 s: didReceive a second after the arrival, and the time to deliver includes it")
    func startCountsInTheTimeToDeliver() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let task = harness.start(input(harness, coldStart: second, deliverAt: 3 * second))
        await harness.clock.waitForPendingTimers(atLeast: 2)
        harness.clock.advance(to: second)
        await harness.events.wait(for: .didReceiveCalled)
        await harness.clock.waitForPendingTimers(atLeast: 2)  // the deadline and the extension's wait
        harness.clock.advance(to: 3 * second)
        let record = await task.value

        #expect(record.outcome.finishedBeforeDeadline)
        #expect(record.times.started == second)
        #expect(record.phases.coldStart == second)
        #expect(record.phases.queued == 0)
        #expect(record.timeToDeliver == 3 * second)
        #expect(record.measurement.phases[.coldStart] == second)
    }

    @Test("a warm start (no cold start): didReceive at the arrival and no cold_start phase")
    func warmStartCostsNothing() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let task = harness.start(input(harness, coldStart: nil, deliverAt: second))
        await harness.clock.waitForPendingTimers(atLeast: 2)
        harness.clock.advance(to: second)
        let record = await task.value

        #expect(record.times.started == 0)
        #expect(record.phases.coldStart == nil)
        #expect(record.measurement.phases[.coldStart] == nil)
        #expect(record.timeToDeliver == second)
    }
}
