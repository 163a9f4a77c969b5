import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSERuntime

/// `ExtensionHost.invoke(_:recording:)`: the record is handed over once, before the call returns, and
/// is the record the returning form gives for the same invocation.
@Suite("Extension host: records handed to a recorder", .timeLimit(.minutes(1)))
struct HostRecordingTests {
    @Test("each invocation's record reaches the recorder once, before invoke returns", arguments: [true, false])
    func theRecordIsHandedOverOnceBeforeReturning(mutable: Bool) async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        // Xcode's template delivers at once: no download, no clock to move.
        var payload = TestPayloads.plain()
        payload.isMutable = mutable
        let template = try BuiltInExtensions.named("template")
        let handed = Mutex<[InvocationRecord]>([])
        await harness.host.invoke(harness.input(payload, extension: template)) { record in
            handed.withLock { $0.append(record) }
        }
        let records = handed.withLock { $0 }
        #expect(records.count == 1, "once, and already when invoke returned")
        #expect(records.first?.outcome == (mutable ? .enriched : .notMutable))

        let returned = await harness.host.invoke(harness.input(payload, extension: template))
        #expect(returned.outcome == records.first?.outcome)
        #expect(returned.visible == records.first?.visible)
        #expect(harness.host.invocationsInFlight == 0, "both sessions are gone")
    }

    @Test("start returns at once; the record comes by callback, once, and the session is not left live")
    func startCallsBackWithoutATask() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        var payload = TestPayloads.plain()
        payload.isMutable = false
        let handed = Mutex<[InvocationRecord]>([])
        // Not mutable: the session completes inside start, before the host could register it.
        harness.host.start(
            harness.host.prepare(harness.input(payload, extension: try BuiltInExtensions.named("media")))
        ) {
            record in handed.withLock { $0.append(record) }
        }
        #expect(handed.withLock { $0.map(\.outcome) } == [.notMutable])
        #expect(harness.host.invocationsInFlight == 0, "a session completed inside start is never registered")
    }

    @Test("started before its arrival, an invocation waits for it: the budget runs from the arrival")
    func anEarlyStartWaitsForTheArrival() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let handed = Mutex<[InvocationRecord]>([])
        let prepared = harness.host.prepare(
            harness.input(
                TestPayloads.plain(mediaURL: TestPayloads.mediaURL), extension: try BuiltInExtensions.named("media"),
                arrival: 5 * second))
        harness.host.start(prepared) { record in handed.withLock { $0.append(record) } }
        #expect(harness.downloader.requests.isEmpty, "nothing runs before the arrival")
        #expect(harness.host.invocationsInFlight == 0)
        harness.clock.advance(to: 5 * second)
        await harness.downloader.waitForRequests(1)
        #expect(harness.host.invocationsInFlight == 1, "live from its arrival until its record")
        harness.clock.advance(by: second)
        #expect(await eventually { handed.withLock { $0.count } == 1 })
        let record = try #require(handed.withLock { $0.first })
        #expect(record.outcome == .enriched)
        #expect(record.times.arrival == 5 * second)
        #expect(record.phases.queued == 0, "admitted at its arrival, not before")
        #expect(await eventually { harness.host.invocationsInFlight == 0 })
    }
}
