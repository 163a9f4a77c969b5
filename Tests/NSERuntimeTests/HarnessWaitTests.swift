import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// A download's wait inside the harness's transport before its connection attempt is harness delay:
/// recorded apart, in the `harness` phase, and counted in no network phase.
@Suite("harness wait per download")
struct HarnessWaitTests {
    @Test func aQueuedDownloadsWaitIsTheHarnesssAndNotTheConnects() async throws {
        let wait: UInt64 = 300_000_000
        let harness = try HostHarness { _ in
            .respond(FakeDownloader.Response(after: second, contentType: "image/jpeg", harnessWait: wait))
        }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(
                TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: try BuiltInExtensions.named("media")))
        await harness.downloader.waitForRequests(1)
        harness.clock.advance(by: second)
        let record = await task.value
        #expect(record.outcome == .enriched)
        #expect(record.phases.harnessWait == wait)
        let measurement = record.measurement
        #expect(measurement.phases[.harnessWait] == wait)
        #expect(measurement.phases[.connect] == 0, "the connect phase starts when the transport does")
        #expect(measurement.phases[.firstByte] == second - wait)
    }

    @Test func anInvocationThatDownloadsNothingHasNoHarnessPhase() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let record = await harness.start(
            harness.input(TestPayloads.plain(), extension: try BuiltInExtensions.named("template"))
        ).value
        #expect(record.phases.harnessWait == nil)
        #expect(record.measurement.phases[.harnessWait] == nil)
    }

    @Test func aDownloadStillQueuedAtTheEndWaitedThereAllAlong() async throws {
        // Never answered and never started by the transport: the whole time until the invocation ends
        // was spent waiting inside the harness.
        let harness = try HostHarness(settings: HostSettings(timeBudget: 2 * second, gracePeriod: second)) { _ in .hang
        }
        defer { harness.remove() }
        let task = harness.start(
            harness.input(
                TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: try BuiltInExtensions.named("media")))
        await harness.downloader.waitForRequests(1)
        for _ in 0..<10 { harness.clock.advance(by: second) }
        let record = await task.value
        #expect(record.outcome != .enriched)
        #expect((record.phases.harnessWait ?? 0) >= 2 * second, "\(String(describing: record.phases.harnessWait))")
    }

    @Test func timingsSayTheWaitOnlyWhenBothEndsAreKnown() {
        #expect(MediaDownloadTimings(requested: 10, started: 25).harnessWait == 15)
        #expect(MediaDownloadTimings(started: 25).harnessWait == nil)
        #expect(MediaDownloadTimings(requested: 10).harnessWait == nil)
        #expect(MediaDownloadTimings(requested: 30, started: 25).harnessWait == 0, "never negative")
    }
}
