import Testing

@testable import NSERuntime

/// A side call holds an expired invocation when it was running at the deadline's instant, judged by the
/// call's own start and end, not by what is still running when the deadline timer fires: under load
/// that timer fires late, and a call that ended in between still held the display.
@Suite("side call at the deadline")
struct SideCallAtDeadlineTests {
    private let deadline: UInt64 = 3_000_000_000

    private struct Call {
        var start: UInt64
        var end: UInt64?
    }

    private func heldTheDeadline(_ calls: [Call]) -> Bool {
        let measurements = InvocationMeasurements()
        for call in calls {
            let token = measurements.sideCallStarted(at: call.start, timeout: nil)
            if let end = call.end { measurements.sideCallEnded(token, at: end, harnessWait: nil) }
        }
        measurements.deadlineReached(deadline)
        return measurements.snapshot.sideCallAtDeadline
    }

    @Test func aCallStillRunningHoldsIt() {
        #expect(heldTheDeadline([Call(start: 1_000_000_000, end: nil)]))
    }

    @Test func aCallThatEndedAfterTheDeadlineButBeforeTheLateTimerHoldsIt() {
        #expect(heldTheDeadline([Call(start: 1_000_000_000, end: deadline + 40_000_000)]))
    }

    @Test func aCallThatEndedBeforeTheDeadlineDoesNot() {
        #expect(!heldTheDeadline([Call(start: 1_000_000_000, end: deadline - 1)]))
        #expect(!heldTheDeadline([Call(start: 1_000_000_000, end: deadline)]), "ended at the instant: not held")
    }

    @Test func aCallAskedForAfterTheDeadlineDoesNot() {
        #expect(!heldTheDeadline([Call(start: deadline + 1, end: nil)]))
    }

    @Test func oneHoldingCallAmongFinishedOnesIsEnough() {
        #expect(
            heldTheDeadline([
                Call(start: 0, end: 500_000_000), Call(start: 2_000_000_000, end: deadline + 1),
                Call(start: 2_500_000_000, end: 2_900_000_000),
            ]))
    }

    @Test func noCallsHoldNothing() {
        #expect(!heldTheDeadline([]))
    }
}
