import Testing

@testable import NSEBenchCore

/// Due arrivals are a position in the schedule: whatever the backlog, the queue holds one arrival
/// and hands them out in order with their scheduled times.
@Suite("Pending arrivals")
struct PendingArrivalsTests {
    @Test func aHugeBacklogIsHeldAsOneArrivalAndAdmittedInOrder() {
        // 1e9 a second for an hour: 3.6e12 arrivals due at once if stored.
        let schedule = ArrivalSchedule(
            model: .open(ratePerSecond: 1e9, arrivals: .constant, maxInFlight: 2),
            length: .duration(3_600_000_000_000), ramp: 0, seed: 1)
        var pending = PendingArrivals(schedule: schedule, start: 1_000)
        let backlogAtFirst = pending.observe(now: 1_000 + 3_600_000_000_000)
        #expect(!backlogAtFirst, "nothing was waiting before the first round")
        var admitted: [UInt64] = []
        while admitted.count < 5, let arrival = pending.popDue() { admitted.append(arrival) }
        #expect(admitted == [1_001, 1_002, 1_003, 1_004, 1_005], "1 ns apart, in order, from the start")
        #expect(pending.hasDue)
        #expect(pending.admitted == 5, "only the admitted ones were drawn from the schedule")
        let backlogNext = pending.observe(now: 1_000 + 3_600_000_000_000)
        #expect(backlogNext, "the rest are a backlog for the next round")
        #expect(
            MemoryLayout<PendingArrivals>.size == MemoryLayout.size(ofValue: pending),
            "a value type of fixed size: no storage grows with the backlog")
    }

    @Test func arrivalsBecomeDueOnlyWhenObserved() {
        let schedule = ArrivalSchedule(
            model: .open(ratePerSecond: 100, arrivals: .constant, maxInFlight: 1), length: .invocations(3), ramp: 0,
            seed: 1)
        var pending = PendingArrivals(schedule: schedule, start: 0)
        _ = pending.observe(now: 15_000_000)
        let first = pending.popDue()
        let none = pending.popDue()
        #expect(first == 10_000_000)
        #expect(none == nil, "the next is at 20 ms, after the round's 15 ms")
        let backlog = pending.observe(now: 40_000_000)
        #expect(!backlog, "no arrival was left waiting")
        let second = pending.popDue()
        let third = pending.popDue()
        #expect(second == 20_000_000)
        #expect(third == 30_000_000)
        #expect(pending.isExhausted)
        #expect(pending.admitted == 3)
    }

    @Test func aBurstIsDueAtOnceAndCountedNotStored() {
        let schedule = ArrivalSchedule(
            model: .burst(count: 10_000_000, maxInFlight: 1), length: .invocations(10_000_000), ramp: 0, seed: 1)
        var pending = PendingArrivals(schedule: schedule, start: 7)
        let backlog = pending.observe(now: 7)
        #expect(!backlog, "the first round's arrivals waited for nothing earlier: their lag is the harness's")
        let first = pending.popDue()
        let second = pending.popDue()
        #expect(first == 7 && second == 7)
        #expect(pending.admitted == 2)
        #expect(!pending.isExhausted)
    }
}
