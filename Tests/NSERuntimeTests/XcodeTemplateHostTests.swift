import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// Xcode's template, unchanged, through the host.
@Suite("Xcode template through the host", .timeLimit(.minutes(1)))
struct XcodeTemplateHostTests {
    @Test("a plain payload: the title marker, delivered at once, enriched")
    func plainPayload() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let record = await harness.host.invoke(
            harness.input(TestPayloads.plain(), extension: try BuiltInExtensions.named("template")))

        #expect(record.outcome == .enriched)
        #expect(record.extensionName == "template")
        #expect(record.visible.title == "Flash sale [modified]")
        #expect(record.visible.body == "40% off")
        #expect(record.enrichment == EnrichmentResult(requested: [], delivered: [.rewrittenText]))
        #expect(record.violations.isEmpty)
        #expect(record.timeToDeliver == 0)
        #expect(record.slack == Int64(30 * second))
        #expect(record.download == nil)
        #expect(harness.clock.pendingDeadlines.isEmpty)
        #expect(!harness.events.kinds.contains(.expiryCalled), "never the expiry call after a delivery")
    }

    @Test("an encrypted payload: the marker is not decryption, degraded")
    func encryptedPayload() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        let record = await harness.host.invoke(
            harness.input(try TestPayloads.encrypted(), extension: try BuiltInExtensions.named("template")))

        #expect(record.outcome == .degraded)
        #expect(record.visible.title == "New notification [modified]")
        #expect(record.enrichment.delivered == [.rewrittenText])
        #expect(record.enrichment.missing == [.decryptedText])
    }

    @Test("the trace shows the invocation's steps in order")
    func trace() async throws {
        let harness = try HostHarness()
        defer { harness.remove() }
        _ = await harness.host.invoke(
            harness.input(TestPayloads.plain(), extension: try BuiltInExtensions.named("template")))

        #expect(
            harness.events.kinds == [
                .started, .didReceiveCalled, .handlerCalled, .outcomeFixed(.enriched), .completed(.enriched),
            ])
    }
}
