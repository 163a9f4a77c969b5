import NSEBenchCore
import Testing

@testable import NSERuntime

/// A record the harness lost is `crashed` as a phone shows it, but marked as the harness's, so that it is
/// neither counted as the extension's crash nor blamed on the extension.
@Suite struct InvocationRecordLostTests {
    private func input() throws -> InvocationInput {
        InvocationInput(
            id: 3, payload: NotificationPayload(alert: NotificationAlert(title: "Sale", body: "40% off")), arrival: 100,
            extension: try BuiltInExtensions.named("template"))
    }

    @Test func aLostInvocationIsTheHarnesssFailureWithItsDetail() throws {
        let record = InvocationRecord.lost(
            try input(), to: .noExtensionProcess, detail: "posix_spawn: EAGAIN", now: 250, deadline: 1_000)
        #expect(record.outcome == .crashed && record.visible.title == "Sale")
        #expect(record.harnessFailure == .noExtensionProcess)
        #expect(record.crashReason == "harness: no extension process could take the invocation: posix_spawn: EAGAIN")
        #expect(record.missEvidence.verdict?.cause == .harness)
        #expect(record.times.finished == 250 && record.times.deadline == 1_000)
    }

    @Test func aProcessThatDiedUnderTheInvocationIsTheExtensionsCrash() throws {
        let record = InvocationRecord.processDied(try input(), reason: "SIGSEGV", now: 250, deadline: 1_000)
        #expect(record.outcome == .crashed)
        #expect(record.harnessFailure == nil)
        #expect(record.missEvidence.verdict?.cause == .crash)
    }
}
