import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing
import UserNotifications

@testable import NSERuntime

/// Delivers at once, then keeps working on the invocation's timers until `lingerUntil`.
final class LingeringService: UNNotificationServiceExtension, HostAwareExtension {
    var invocationContext: InvocationContext?
    /// Set once the content handler has been called.
    let delivered: DeliveredFlag

    init(delivered: DeliveredFlag) {
        self.delivered = delivered
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let handler = ContentHandler(contentHandler)
        let content = request.content
        guard let context = invocationContext else { return }
        handler(content)
        delivered.value.store(true, ordering: .releasing)
        context.run { _ = await context.timers.sleep(until: 10 * second) }
    }
}

/// A flag shared between a test and the extensions its factory makes.
final class DeliveredFlag: Sendable {
    let value = Atomic<Bool>(false)
}

/// The process killed for its real memory (``ExtensionHost/killForMemory(footprint:)``, what a worker
/// does when its heap passes the limit): as jetsam kills an extension's process.
@Suite("Extension host: the process killed for its memory", .timeLimit(.minutes(1)))
struct HostMemoryKillTests {
    /// Waits (on real time, briefly) until `count` invocations are in flight; stops the test if they never are.
    func waitUntilInFlight(_ count: Int, _ host: ExtensionHost) async throws {
        try #require(await eventually { host.invocationsInFlight >= count }, "\(count) invocations in flight")
    }

    @Test("every invocation in flight is killed without the expiry call, charged the footprint")
    func inFlightInvocationsAreKilled() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let silent = ExtensionFactory(name: "silent") { SilentService() }
        let first = harness.start(harness.input(TestPayloads.plain(), extension: silent, id: 1))
        let second = harness.start(harness.input(TestPayloads.plain(), extension: silent, id: 2))
        try await waitUntilInFlight(2, harness.host)

        harness.host.killForMemory(footprint: 30 << 20)
        let records = [await first.value, await second.value]

        #expect(records.map(\.outcome) == [.killed, .killed])
        #expect(records.allSatisfy { $0.times.expiryCalled == nil })
        #expect(records.allSatisfy { $0.peakMemory == 30 << 20 })
        #expect(records.allSatisfy { $0.visible.kind == .original })
        #expect(records.allSatisfy { $0.missEvidence.verdict?.cause == .memory })
        #expect(harness.host.invocationsInFlight == 0)
    }

    @Test("an invocation that had delivered keeps its outcome")
    func deliveredInvocationKeepsItsOutcome() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let delivered = DeliveredFlag()
        let lingering = ExtensionFactory(name: "lingering") { LingeringService(delivered: delivered) }
        let task = harness.start(harness.input(TestPayloads.plain(), extension: lingering))
        // Delivered, not merely in flight: its extension runs on a thread of its own, maybe not yet begun.
        try #require(await eventually { delivered.value.load(ordering: .acquiring) }, "delivered")
        harness.host.killForMemory(footprint: 30 << 20)
        let record = await task.value

        #expect(record.outcome == .enriched)
        #expect(record.times.delivered != nil)
    }

    @Test("an invocation started after the kill is killed too: the process is gone")
    func laterInvocationsAreKilled() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        harness.host.killForMemory(footprint: 25 << 20)
        let silent = ExtensionFactory(name: "silent") { SilentService() }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: silent))

        #expect(record.outcome == .killed)
        #expect(record.peakMemory == 25 << 20)
        #expect(harness.host.invocationsInFlight == 0)
    }

    @Test("without a kill nothing changes, and finished invocations leave the count")
    func noKillNoChange() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let factory = ExtensionFactory(name: "modest") { MemoryHogService(bytes: 1 << 20) }
        let record = await harness.host.invoke(harness.input(TestPayloads.plain(), extension: factory))

        #expect(record.outcome == .enriched)
        #expect(harness.host.invocationsInFlight == 0)
    }
}
