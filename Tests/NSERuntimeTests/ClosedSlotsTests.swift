import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSERuntime

/// A closed run's slots: what the admission loop and the slots that start their next invocation
/// themselves draw from.
@Suite("Closed slots")
struct ClosedSlotsTests {
    @Test func aCountedRunHandsOutExactlyItsInvocations() {
        let slots = ClosedSlots(length: .invocations(3), segment: .whole, start: 0)
        #expect(slots.claim(now: 10, stopping: false) == 10)
        #expect(slots.claim(now: 11, stopping: false) == 11)
        #expect(!slots.isExhausted(now: 12))
        #expect(slots.claim(now: 12, stopping: false) == 12)
        #expect(slots.isExhausted(now: 13))
        #expect(slots.claim(now: 13, stopping: false) == nil)
    }

    @Test func aStopClaimsNothingAndLeavesTheCountAlone() {
        let slots = ClosedSlots(length: .invocations(1), segment: .whole, start: 0)
        #expect(slots.claim(now: 5, stopping: true) == nil)
        #expect(!slots.isExhausted(now: 5), "the stop consumed no invocation")
        #expect(slots.claim(now: 6, stopping: false) == 6)
    }

    @Test func aTimedRunStartsNothingFromItsEnd() {
        let slots = ClosedSlots(length: .duration(1_000), segment: .whole, start: 500)
        #expect(slots.claim(now: 1_499, stopping: false) == 1_499)
        #expect(!slots.isExhausted(now: 1_499))
        #expect(slots.claim(now: 1_500, stopping: false) == nil)
        #expect(slots.isExhausted(now: 1_500))
    }

    @Test func aSegmentGetsItsShareOfTheCount() throws {
        let segment = try ExecutionSegment(index: 1, count: 2)
        let whole = ClosedSlots(length: .invocations(5), segment: .whole, start: 0)
        let half = ClosedSlots(length: .invocations(5), segment: segment, start: 0)
        #expect(drain(whole) == 5)
        #expect(drain(half) == segment.share(of: 5))
    }

    @Test func concurrentClaimsNeverOverdraw() async {
        let slots = ClosedSlots(length: .invocations(1_000), segment: .whole, start: 0)
        let claimed = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { drain(slots) } }
            return await group.reduce(0, +)
        }
        #expect(claimed == 1_000)
    }
}

private func drain(_ slots: ClosedSlots) -> Int {
    var count = 0
    while slots.claim(now: 1, stopping: false) != nil { count += 1 }
    return count
}
