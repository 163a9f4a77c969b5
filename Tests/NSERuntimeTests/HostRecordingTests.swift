import Foundation
import NSEBenchCore
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
}
