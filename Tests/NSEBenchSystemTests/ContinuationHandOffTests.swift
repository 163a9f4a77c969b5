import Testing

@testable import NSEBenchSystem

/// The hand-off alone: who resumes the continuation in every order of events, as a sleep uses it
/// (a cancel takes the continuation back) and as a download does (a cancel asks the loop).
@Suite("ContinuationHandOff")
struct ContinuationHandOffTests {
    @Test func handOverThenFinishResumesOnce() {
        var handOff = ContinuationHandOff<Int>()
        guard case .proceed = handOff.handOver(1) else {
            Issue.record("expected proceed")
            return
        }
        #expect(handOff.isWaiting)
        #expect(handOff.finish() == 1)
        #expect(handOff.finish() == nil)
        let late = handOff.cancel()
        #expect(!late, "nothing is left to cancel")
        #expect(!handOff.isWaiting)
    }

    @Test func cancelBeforeHandOverResumesAtHandOver() {
        var handOff = ContinuationHandOff<Int>()
        let early = handOff.cancel()
        #expect(!early, "nothing is with the loop yet")
        guard case .resumeCancelled(let continuation) = handOff.handOver(7) else {
            Issue.record("expected resumeCancelled")
            return
        }
        #expect(continuation == 7)
        #expect(handOff.finish() == nil)
        #expect(!handOff.isWaiting)
    }

    @Test("a sleep cancelled while waiting takes its continuation back; the timer then finds none")
    func cancelWhileWaitingTakenBack() {
        var handOff = ContinuationHandOff<Int>()
        _ = handOff.handOver(3)
        let taken = handOff.cancel() ? handOff.finish() : nil
        let again = handOff.cancel()
        #expect(taken == 3)
        #expect(!again)
        #expect(handOff.finish() == nil)
        #expect(!handOff.isWaiting)
    }

    @Test("a download cancelled while running is left to the loop, which finishes it once")
    func cancelWhileWaitingForwarded() {
        var handOff = ContinuationHandOff<Int>()
        _ = handOff.handOver(1)
        let forwarded = handOff.cancel()
        #expect(forwarded, "a running transfer is cancelled by the loop")
        #expect(handOff.isWaiting, "the loop still holds it")
        #expect(handOff.finish() == 1)
        #expect(handOff.finish() == nil)
        let late = handOff.cancel()
        #expect(!late)
    }

    @Test func aSecondHandOverIsResumedAsCancelledAndTheFirstIsKept() {
        var handOff = ContinuationHandOff<Int>()
        _ = handOff.handOver(1)
        guard case .resumeCancelled(let second) = handOff.handOver(2) else {
            Issue.record("expected resumeCancelled")
            return
        }
        #expect(second == 2)
        #expect(handOff.finish() == 1)
    }
}
