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
        #expect(slots.claim(stopping: false) { 10 } == ClosedSlots.Claim(local: 0, arrival: 10))
        #expect(slots.claim(stopping: false) { 11 } == ClosedSlots.Claim(local: 1, arrival: 11))
        #expect(!slots.isExhausted(now: 12))
        #expect(slots.claim(stopping: false) { 12 } == ClosedSlots.Claim(local: 2, arrival: 12))
        #expect(slots.isExhausted(now: 13))
        #expect(slots.claim(stopping: false) { 13 } == nil)
    }

    @Test func aStopClaimsNothingAndLeavesTheCountAlone() {
        let slots = ClosedSlots(length: .invocations(1), segment: .whole, start: 0)
        #expect(slots.claim(stopping: true) { 5 } == nil)
        #expect(!slots.isExhausted(now: 5), "the stop consumed no invocation")
        #expect(slots.claim(stopping: false) { 6 } == ClosedSlots.Claim(local: 0, arrival: 6))
    }

    @Test func aTimedRunStartsNothingFromItsEnd() {
        let slots = ClosedSlots(length: .duration(1_000), segment: .whole, start: 500)
        #expect(slots.claim(stopping: false) { 1_499 }?.arrival == 1_499)
        #expect(!slots.isExhausted(now: 1_499))
        #expect(slots.claim(stopping: false) { 1_500 } == nil)
        #expect(slots.isExhausted(now: 1_500))
    }

    @Test func aSegmentGetsItsShareOfTheCount() throws {
        let segment = try ExecutionSegment(index: 1, count: 2)
        let whole = ClosedSlots(length: .invocations(5), segment: .whole, start: 0)
        let half = ClosedSlots(length: .invocations(5), segment: segment, start: 0)
        #expect(drain(whole) == 5)
        #expect(drain(half) == segment.share(of: 5))
    }

    /// Slots claim from many threads at once: never more than the run's invocations, each place in
    /// the order exactly once, and in the order of the arrivals claimed.
    @Test func concurrentClaimsNeverOverdrawAndKeepTheirOrder() async {
        let slots = ClosedSlots(length: .invocations(1_000), segment: .whole, start: 0)
        let clock = TickingClock()
        let claims = await withTaskGroup(of: [ClosedSlots.Claim].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var mine: [ClosedSlots.Claim] = []
                    while let claim = slots.claim(stopping: false, now: clock.tick) {
                        mine.append(claim)
                    }
                    return mine
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(claims.count == 1_000)
        #expect(claims.map(\.local).sorted() == Array(0..<1_000))
        // Places follow arrivals, whatever the other threads did in between.
        let byPlace = claims.sorted { $0.local < $1.local }
        #expect(zip(byPlace, byPlace.dropFirst()).allSatisfy { $0.arrival < $1.arrival })
    }
}

/// A clock every read of which is later than the last.
private final class TickingClock: Sendable {
    private let time = Atomic<UInt64>(0)
    func tick() -> UInt64 { time.add(1, ordering: .relaxed).newValue }
}

private func drain(_ slots: ClosedSlots) -> Int {
    var count = 0
    while slots.claim(stopping: false, now: { 1 }) != nil { count += 1 }
    return count
}
