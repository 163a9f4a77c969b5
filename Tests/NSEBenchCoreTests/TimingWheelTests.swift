import NSEBenchCore
import Testing

private let millisecond: UInt64 = 1_000_000
private let second: UInt64 = 1_000_000_000
private let hour: UInt64 = 3_600 * second

/// Drains every due timer, returning (payload, deadline) pairs in firing order.
private func fired<P>(_ wheel: inout TimingWheel<P>, at now: UInt64) -> [P] {
    var result: [P] = []
    wheel.advance(to: now) { _, payload in result.append(payload) }
    return result
}

@Suite("TimingWheel")
struct TimingWheelTests {
    @Test("timers fire in deadline order, ties in scheduling order")
    func order() {
        var wheel = TimingWheel<Int>()
        let deadlines: [UInt64] = [50, 3, 900, 3, 77, 12_345, 1, 64 * 131_072, 3]
        for (label, deadline) in deadlines.enumerated() {
            wheel.schedule(at: deadline * 1_000, label)
        }
        let order = fired(&wheel, at: 100 * second)
        let expected = deadlines.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }.map(\.offset)
        #expect(order == expected)
        #expect(wheel.isEmpty)
    }

    @Test("a timer never fires before its deadline, and fires as soon as now reaches it")
    func neverEarly() {
        var wheel = TimingWheel<String>(now: 0)
        let tick = wheel.tickNanoseconds
        // Inside one tick, on a tick boundary, and just past one.
        for deadline in [tick / 3, tick / 2, tick, tick + 1, 5 * tick - 7] {
            wheel.schedule(at: deadline, "\(deadline)")
            #expect(fired(&wheel, at: deadline - 1).isEmpty)
            #expect(fired(&wheel, at: deadline) == ["\(deadline)"])
        }
    }

    @Test("a cancelled timer never fires and gives its payload back")
    func cancellation() {
        var wheel = TimingWheel<String>()
        let keep = wheel.schedule(at: 10 * millisecond, "keep")
        let drop = wheel.schedule(at: 5 * millisecond, "drop")
        #expect(wheel.count == 2)
        #expect(wheel.cancel(drop) == "drop")
        #expect(wheel.cancel(drop) == nil)
        #expect(wheel.count == 1)
        #expect(wheel.isPending(keep))
        #expect(!wheel.isPending(drop))
        #expect(fired(&wheel, at: second) == ["keep"])
        #expect(wheel.cancel(keep) == nil)
    }

    @Test("stale ids are recognised after their slot is reused")
    func staleIDs() {
        var wheel = TimingWheel<String>()
        let first = wheel.schedule(at: millisecond, "first")
        #expect(fired(&wheel, at: 2 * millisecond) == ["first"])
        let second = wheel.schedule(at: 3 * millisecond, "second")
        #expect(second.index == first.index)
        #expect(second.generation != first.generation)
        #expect(wheel.cancel(first) == nil)
        #expect(wheel.deadline(of: first) == nil)
        #expect(wheel.deadline(of: second) == 3 * millisecond)
        #expect(wheel.cancel(TimerID(index: 999, generation: 0)) == nil)
        #expect(fired(&wheel, at: 4 * millisecond) == ["second"])
    }

    @Test("timers cascade down every level and fire on time", arguments: 0..<7)
    func cascading(level: Int) {
        var wheel = TimingWheel<Int>(now: 0)
        let tick = wheel.tickNanoseconds
        // Just past the range of `level`, so the timer starts on level `level + 1` and cascades.
        let span = tick << UInt64(6 * (level + 1))
        let deadlines = [span - 1, span, span + 1, span + tick / 2, 3 * span + 17]
        for (label, deadline) in deadlines.enumerated() { wheel.schedule(at: deadline, label) }
        var now: UInt64 = 0
        var order: [Int] = []
        while let next = wheel.nextDeadline {
            #expect(next > now)
            now = next
            wheel.advance(to: now) { _, label in
                #expect(deadlines[label] == now)
                order.append(label)
            }
        }
        #expect(order == Array(deadlines.indices))
    }

    /// Ticks at both ends of the range, and 65,535 ns, which divides UInt64.max exactly.
    @Test("far-future deadlines, up to UInt64.max, are kept and fire", arguments: [1 << 17, 1_000, 65_535, second])
    func farFuture(tick: UInt64) throws {
        var wheel = try TimingWheel<String>(tickNanoseconds: tick, now: 5 * second)
        wheel.schedule(at: UInt64.max, "max")
        wheel.schedule(at: 48 * hour, "two days")
        wheel.schedule(at: 3 * hour + 1, "three hours")
        #expect(fired(&wheel, at: 3 * hour).isEmpty)
        #expect(fired(&wheel, at: 3 * hour + 1) == ["three hours"])
        #expect(fired(&wheel, at: 48 * hour - 1).isEmpty)
        #expect(fired(&wheel, at: 48 * hour) == ["two days"])
        #expect(wheel.nextDeadline.map { $0 <= UInt64.max } == true)
        #expect(fired(&wheel, at: UInt64.max - 1).isEmpty)
        #expect(fired(&wheel, at: UInt64.max) == ["max"])
        #expect(wheel.nextDeadline == nil)
    }

    @Test("a deadline already in the past fires on the next advance, even at the same now")
    func pastDeadline() {
        var wheel = TimingWheel<String>(now: 0)
        #expect(fired(&wheel, at: 10 * second).isEmpty)
        wheel.schedule(at: 2 * second, "late")
        wheel.schedule(at: 0, "zero")
        #expect(wheel.nextDeadline == 0)
        #expect(fired(&wheel, at: 10 * second) == ["zero", "late"])
    }

    @Test("nextDeadline is exact near or sparse, a lower bound for a crowded far slot, never late")
    func nextDeadline() {
        var wheel = TimingWheel<Int>(now: 0)
        #expect(wheel.nextDeadline == nil)
        wheel.schedule(at: 3 * millisecond + 5, 1)
        #expect(wheel.nextDeadline == 3 * millisecond + 5)
        wheel.schedule(at: 90 * second + 3, 2)
        wheel.cancel(wheel.schedule(at: millisecond, 3))
        #expect(wheel.nextDeadline == 3 * millisecond + 5)
        var far = TimingWheel<Int>(now: 0)
        far.schedule(at: 90 * second + 3, 2)
        #expect(far.nextDeadline == 90 * second + 3)
        // A crowded slot far away: a bound at or before the earliest deadline.
        for offset in 0..<100 { far.schedule(at: 90 * second + 1_000 + UInt64(offset), 3) }
        var pending = [90 * second + 3] + (0..<100).map { 90 * second + 1_000 + UInt64($0) }
        var wakeups = 0
        while let next = far.nextDeadline {
            #expect(next <= pending[0])
            wakeups += 1
            far.advance(to: next) { _, _ in pending.removeFirst() }
        }
        #expect(pending.isEmpty)
        // One wakeup per timer plus at most one early one per level on the way down.
        #expect(wakeups <= 101 + 8)
    }

    @Test("popDue lets the caller reschedule between timers")
    func rescheduleWhileFiring() {
        var wheel = TimingWheel<Int>(now: 0)
        wheel.schedule(at: millisecond, 0)
        var firings: [UInt64] = []
        var now: UInt64 = 0
        while firings.count < 5, let next = wheel.nextDeadline {
            now = next
            while let (_, round) = wheel.popDue(now: now) {
                firings.append(now)
                wheel.schedule(at: now + millisecond, round + 1)
            }
        }
        #expect(firings == (1...5).map { UInt64($0) * millisecond })
    }

    @Test("100k random timers fire in deadline order, none early, none lost, none cancelled")
    func randomTimers() {
        var random = SeededGenerator(seed: 42)
        var wheel = TimingWheel<Int>(now: 0)
        let count = 100_000
        var deadlines: [UInt64] = []
        var ids: [TimerID] = []
        for label in 0..<count {
            let deadline = UInt64.random(in: 1...(20 * second), using: &random)
            deadlines.append(deadline)
            ids.append(wheel.schedule(at: deadline, label))
        }
        var cancelled = Set<Int>()
        for label in stride(from: 0, to: count, by: 10) {
            #expect(wheel.cancel(ids[label]) == label)
            cancelled.insert(label)
        }
        var seen = [Bool](repeating: false, count: count)
        var previousNow: UInt64 = 0
        var lastDeadline: UInt64 = 0
        var now: UInt64 = 0
        var maximumLateness: UInt64 = 0
        while !wheel.isEmpty {
            // An event loop's steps: mostly short, now and then a long stall.
            now += UInt64.random(in: 1...(random.next() % 50 == 0 ? 20 * millisecond : 300_000), using: &random)
            wheel.advance(to: now) { _, label in
                let deadline = deadlines[label]
                #expect(deadline <= now, "fired early")
                #expect(deadline > previousNow, "should have fired at the previous advance")
                #expect(deadline >= lastDeadline, "out of order")
                #expect(!seen[label] && !cancelled.contains(label))
                seen[label] = true
                lastDeadline = deadline
                maximumLateness = max(maximumLateness, now - deadline)
            }
            previousNow = now
        }
        #expect(seen.filter { $0 }.count == count - cancelled.count)
        #expect(maximumLateness <= 20 * millisecond)
    }

    @Test("driven by nextDeadline, random timers fire with zero lateness")
    func randomTimersAtNextDeadline() {
        var random = SeededGenerator(seed: 7)
        var wheel = TimingWheel<UInt64>(now: 0)
        for _ in 0..<20_000 {
            let deadline = UInt64.random(in: 1...(2 * hour), using: &random)
            wheel.schedule(at: deadline, deadline)
        }
        var firedCount = 0
        var wakeups = 0
        var last: UInt64 = 0
        while let next = wheel.nextDeadline {
            wakeups += 1
            wheel.advance(to: next) { _, deadline in
                #expect(deadline == next)
                #expect(deadline >= last)
                last = deadline
                firedCount += 1
            }
        }
        #expect(firedCount == 20_000)
        // Sparse timers: nextDeadline reads small higher-level slots, so nearly every wakeup fires.
        #expect(wakeups <= firedCount + firedCount / 50)
    }

    @Test("interleaved schedule, cancel and advance match a naive sorted model", arguments: [1, 2, 3] as [UInt64])
    func matchesModel(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var wheel = TimingWheel<Int>(now: 1_000)
        var model: [Int: (deadline: UInt64, id: TimerID)] = [:]
        var now: UInt64 = 1_000
        for label in 0..<20_000 {
            switch random.next() % 8 {
            case 0...3:
                // Spans from nanoseconds to about 18 minutes, so every level is used; some in the past.
                let span = UInt64.random(in: 0..<(1 << (random.next() % 41)), using: &random)
                let deadline = random.next() % 20 == 0 ? now - min(now, span) : now + span
                model[label] = (deadline, wheel.schedule(at: deadline, label))
            case 4:
                guard let victim = model.keys.randomElement(using: &random), let entry = model[victim] else { continue }
                #expect(wheel.cancel(entry.id) == victim)
                model[victim] = nil
            default:
                if random.next() % 4 == 0, let next = wheel.nextDeadline {
                    now = max(now, next)
                } else {
                    now += UInt64.random(in: 0..<(1 << (random.next() % 32)), using: &random)
                }
                let expected = model.filter { $0.value.deadline <= now }
                    .sorted {
                        ($0.value.deadline, $0.value.id.description) < ($1.value.deadline, $1.value.id.description)
                    }
                var got: [Int] = []
                wheel.advance(to: now) { _, label in got.append(label) }
                #expect(Set(got) == Set(expected.map(\.key)))
                #expect(got.map { model[$0]?.deadline ?? 0 } == expected.map(\.value.deadline))
                for label in got { model[label] = nil }
            }
            #expect(wheel.count == model.count)
            if let earliest = model.values.map(\.deadline).min() {
                #expect(wheel.nextDeadline.map { $0 <= earliest } == true)
            }
        }
    }

    @Test("the slab is reused: churn does not grow it, and entries stay small")
    func slabReuse() {
        var wheel = TimingWheel<Int>(now: 0)
        var random = SeededGenerator(seed: 3)
        var now: UInt64 = 0
        for round in 0..<200 {
            var ids: [TimerID] = []
            for label in 0..<1_000 {
                ids.append(wheel.schedule(at: now + UInt64.random(in: 1...(10 * second), using: &random), label))
            }
            if round.isMultiple(of: 2) {
                for id in ids { wheel.cancel(id) }
            } else {
                now += 11 * second
                wheel.advance(to: now) { _, _ in }
            }
            #expect(wheel.isEmpty)
        }
        #expect(wheel.slabCapacity == 1_000)
        #expect(TimingWheel<Int>.bytesPerEntry <= 64)
        #expect(TimingWheel<() -> Void>.bytesPerEntry < 256)
    }

    @Test("a tick outside 1 µs...1 s is rejected with the value")
    func tickValidation() throws {
        #expect(throws: TimingWheelError.tickOutOfRange(nanoseconds: 999)) {
            try TimingWheel<Int>(tickNanoseconds: 999)
        }
        let wheel = try TimingWheel<Int>(tickNanoseconds: 1_000)
        #expect(wheel.tickNanoseconds == 1_000)
    }
}

/// SplitMix64: a small deterministic generator, so randomized tests replay the same way each run.
private struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
