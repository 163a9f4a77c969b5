import Testing

@testable import NSEBenchCore

@Suite("Arrival schedules")
struct ArrivalScheduleTests {
    func arrivals(_ model: LoadModel, _ length: RunLength, ramp: UInt64 = 0, seed: UInt64 = 1) -> [UInt64] {
        var schedule = ArrivalSchedule(model: model, length: length, ramp: ramp, seed: seed)
        var times: [UInt64] = []
        while let next = schedule.next() { times.append(next) }
        return times
    }

    @Test func constantArrivalsAreEvenlySpaced() {
        let times = arrivals(.open(ratePerSecond: 100, arrivals: .constant, maxInFlight: 10), .invocations(3))
        #expect(times == [10_000_000, 20_000_000, 30_000_000])
    }

    @Test func poissonArrivalsHaveTheRateOnAverageAndRepeatForASeed() {
        let model = LoadModel.open(ratePerSecond: 1_000, arrivals: .poisson, maxInFlight: 10)
        let times = arrivals(model, .duration(20_000_000_000))
        #expect(abs(Double(times.count) - 20_000) < 20_000 * 0.03, "\(times.count) arrivals in 20 s at 1000/s")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(arrivals(model, .invocations(100)) == Array(times.prefix(100)))
        #expect(arrivals(model, .invocations(100), seed: 2) != Array(times.prefix(100)))
    }

    @Test func burstArrivesAtOnce() {
        #expect(arrivals(.burst(count: 5, maxInFlight: 5), .invocations(100)) == [0, 0, 0, 0, 0])
    }

    func fanout(_ count: Int, over window: UInt64, seed: UInt64 = 1, segment: ExecutionSegment = .whole) -> [UInt64] {
        var schedule = ArrivalSchedule(
            model: .burst(count: count, maxInFlight: count), length: .invocations(count), ramp: 0, seed: seed,
            segment: segment, fanout: Fanout(window: window))
        var times: [UInt64] = []
        while let next = schedule.next() { times.append(next) }
        return times
    }

    @Test func aFannedOutBurstSpreadsItsArrivalsUniformlyAndInOrder() {
        let window: UInt64 = 10_000_000_000
        let times = fanout(100_000, over: window)
        #expect(times.count == 100_000)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "streamed in order")
        #expect(times.allSatisfy { $0 <= window })
        // Uniform wake-ups: each tenth of the window holds about a tenth (five standard errors).
        for tenth in 0..<10 {
            let low = window / 10 * UInt64(tenth)
            let share = Double(times.filter { $0 >= low && $0 < low + window / 10 }.count) / 100_000
            #expect(abs(share - 0.1) < 5 * (0.1 * 0.9 / 100_000).squareRoot(), "tenth \(tenth): \(share)")
        }
        #expect(times.last! > window * 999 / 1_000, "the last phone wakes near the window's end")
        #expect(fanout(1_000, over: window) == fanout(1_000, over: window), "the same for a seed")
        #expect(fanout(1_000, over: window, seed: 2) != fanout(1_000, over: window))
    }

    @Test func aFannedOutBurstsSegmentsIssueTheWholeSchedule() throws {
        let whole = fanout(999, over: 5_000_000_000)
        var union: [UInt64] = []
        for index in 0..<3 {
            union += fanout(999, over: 5_000_000_000, segment: try ExecutionSegment(index: index, count: 3))
        }
        #expect(union.sorted() == whole)
    }

    @Test func durationBoundsArrivals() {
        let times = arrivals(.open(ratePerSecond: 10, arrivals: .constant, maxInFlight: 1), .duration(1_000_000_000))
        #expect(times.count == 9, "arrivals at 0.1 s ... 0.9 s; the one at 1.0 s is past the end")
    }

    @Test func rampStartsSlowAndReachesTheRate() {
        let times = arrivals(
            .open(ratePerSecond: 1_000, arrivals: .constant, maxInFlight: 10), .duration(4_000_000_000),
            ramp: 2_000_000_000)
        let firstSecond = times.filter { $0 < 1_000_000_000 }.count
        let lastSecond = times.filter { $0 >= 3_000_000_000 }.count
        #expect(firstSecond < 400, "about 250 in the first second of a 2 s ramp to 1000/s: \(firstSecond)")
        #expect(abs(lastSecond - 1_000) <= 2)
    }

    @Test func closedRampRaisesConcurrency() {
        #expect(rampedConcurrency(target: 100, elapsed: 0, ramp: 10) == 1)
        #expect(rampedConcurrency(target: 100, elapsed: 5, ramp: 10) == 50)
        #expect(rampedConcurrency(target: 100, elapsed: 20, ramp: 10) == 100)
    }
}
