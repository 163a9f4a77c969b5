import Testing

@testable import NSEBenchCore

@Suite("Fan-out curves and wake-up jitter")
struct FanoutCurveTests {
    func curve(_ text: String) throws(FanoutCurveError) -> FanoutCurve {
        try FanoutCurve(
            parsingCSVLines: text.split(separator: "\n", omittingEmptySubsequences: false), source: "file:curve.csv")
    }

    func arrivals(_ count: Int, _ fanout: Fanout, seed: UInt64 = 1, segment: ExecutionSegment = .whole) -> [UInt64] {
        var schedule = ArrivalSchedule(
            model: .burst(count: count, maxInFlight: count), length: .invocations(count), ramp: 0, seed: seed,
            segment: segment, fanout: fanout)
        var times: [UInt64] = []
        while let next = schedule.next() { times.append(next) }
        return times
    }

    /// 80% of the phones in the first second, the rest over the next nine.
    let twoStep = "seconds,share_delivered\n0,0\n1,0.8\n10,1\n"

    @Test func theInverseIsPiecewiseLinearAndScaledToTheCurvesEnd() throws {
        let steps = try curve(twoStep)
        #expect(steps.duration == 10_000_000_000)
        #expect(steps.position(ofShare: 0) == 0)
        #expect(abs(steps.position(ofShare: 0.4) - 0.05) < 1e-12, "half of the first step: half of its second")
        #expect(abs(steps.position(ofShare: 0.8) - 0.1) < 1e-12)
        #expect(abs(steps.position(ofShare: 0.9) - 0.55) < 1e-12, "half of the tail: 1 s + 4.5 s of 10")
        #expect(steps.position(ofShare: 1) == 1)
        #expect(FanoutCurve.linear.position(ofShare: 0.3) == 0.3)
        #expect(FanoutCurve.linear.isLinear && !steps.isLinear)
        #expect(steps.description == "file:curve.csv")
    }

    @Test func aFlatStretchGetsNoArrivals() throws {
        // Half at once in the first second, nothing for 8 s, the rest in the last second.
        let gap = try curve("0,0\n1,0.5\n9,0.5\n10,1\n")
        #expect(abs(gap.position(ofShare: 0.5 + 1e-9) - 0.9) < 1e-6)
        let times = arrivals(2_000, Fanout(window: 10_000_000_000, curve: gap))
        #expect(times.filter { $0 > 1_000_000_000 && $0 < 9_000_000_000 }.isEmpty)
    }

    @Test func aTwoStepCurvePutsItsShareOfArrivalsInEachStep() throws {
        let window: UInt64 = 10_000_000_000
        let count = 10_000
        let times = arrivals(count, Fanout(window: window, curve: try curve(twoStep)))
        #expect(times.count == count, "the count stays exact")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "streamed in order")
        #expect(times.allSatisfy { $0 <= window })
        let firstStep = Double(times.filter { $0 < window / 10 }.count) / Double(count)
        // Binomial: five standard errors around 80%.
        #expect(abs(firstStep - 0.8) < 5 * (0.8 * 0.2 / Double(count)).squareRoot(), "first tenth: \(firstStep)")
        #expect(arrivals(count, Fanout(window: window, curve: try curve(twoStep))) == times, "the same for a seed")
        #expect(arrivals(count, Fanout(window: window, curve: try curve(twoStep)), seed: 2) != times)
    }

    @Test func aCurveStretchesToTheWindowItIsGiven() throws {
        let times = arrivals(1_000, Fanout(window: 1_000_000_000, curve: try curve(twoStep)))
        #expect(times.allSatisfy { $0 <= 1_000_000_000 })
        #expect(times.filter { $0 < 100_000_000 }.count > 700, "80% in the first tenth of the 1 s window")
    }

    @Test func wakeJitterDelaysEachArrivalAndKeepsThemInOrder() throws {
        let window: UInt64 = 10_000_000_000
        let without = arrivals(5_000, Fanout(window: window))
        let jitter = try LatencyDistribution(parsing: "uniform:1s..2s")
        let with = arrivals(5_000, Fanout(window: window, wakeJitter: jitter))
        #expect(with.count == 5_000)
        #expect(zip(with, with.dropFirst()).allSatisfy { $0 <= $1 }, "in order although each phone's delay differs")
        #expect(with.first! >= 1_000_000_000 && with.last! <= window + 2_000_000_000)
        // The deliveries are the same draws, each delayed 1 to 2 s, so the k-th arrival lies 1 to 2 s after
        // the k-th delivery (order statistics keep an elementwise bound); 1 ns for rounding.
        #expect(zip(without, with).allSatisfy { $0 + 1_000_000_000 <= $1 + 1 && $1 <= $0 + 2_000_000_001 })
        #expect(arrivals(5_000, Fanout(window: window, wakeJitter: jitter)) == with, "the same for a seed")
        // A jitter alone spreads a burst at one instant.
        let atOnce = arrivals(1_000, Fanout(wakeJitter: jitter))
        #expect(atOnce.count == 1_000 && zip(atOnce, atOnce.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(atOnce.allSatisfy { $0 >= 1_000_000_000 && $0 <= 2_000_000_000 })
    }

    @Test func jitteredSegmentsIssueTheWholeSchedule() throws {
        let fanout = Fanout(
            window: 5_000_000_000, curve: try curve(twoStep),
            wakeJitter: try LatencyDistribution(parsing: "lognormal:median=300ms,p99=3s"))
        let whole = arrivals(999, fanout)
        var union: [UInt64] = []
        for index in 0..<3 {
            union += arrivals(999, fanout, segment: try ExecutionSegment(index: index, count: 3))
        }
        #expect(union.sorted() == whole)
    }

    @Test func theWakeUpQueueGivesItsMomentsEarliestFirst() {
        var queue = WakeUpQueue()
        var generator = Xoshiro256StarStar(seed: 3)
        let moments = (0..<500).map { _ in generator.nextUnitInterval() }
        for moment in moments { queue.insert(moment) }
        #expect(queue.count == 500)
        var out: [Double] = []
        while let next = queue.removeEarliest() { out.append(next) }
        #expect(out == moments.sorted())
        #expect(queue.earliest == nil)
    }

    @Test func aHeaderCommentsAndBlankLinesAreAllowed() throws {
        let read = try curve("# measured by hand\nseconds, share_delivered\n\n0,0  # start\n 2.5 , 0.5 \n5,1\n")
        #expect(
            read.points == [.init(seconds: 0, share: 0), .init(seconds: 2.5, share: 0.5), .init(seconds: 5, share: 1)])
        #expect(try curve("0,0\n1,0.999999999999\n").points.count == 2, "a last share rounded in export")
    }

    @Test(arguments: [
        ("0,0\n2,0.5\n2,1\n", "line 3: seconds 2.0 does not increase"),
        ("0,0\n2,0.5\n1,1\n", "line 3: seconds 1.0 does not increase"),
        ("0,0\n2,0.6\n3,0.5\n4,1\n", "line 3: share 0.5 falls below"),
        ("0,0\n2,1.5\n", "line 2: share 1.5 is outside 0 to 1"),
        ("0,0\n2,-0.1\n3,1\n", "line 2: share -0.1 is outside 0 to 1"),
        ("0,0\n", "1 point in 2 lines: a curve needs at least two"),
        ("seconds,share_delivered\n", "0 points in 2 lines"),
        ("", "0 points in 1 line:"),
        ("0,0\n5,0.9\n", "line 2: the last share is 0.9, not 1"),
        ("1,0\n5,1\n", "line 1: the first point is 1.0,0.0; a curve starts at 0,0"),
        ("0,0.2\n5,1\n", "line 1: the first point is 0.0,0.2"),
        ("0,0\nfast,1\n", "line 2: \"fast,1\" is not a point"),
        ("0,0\n1,0.5,3\n2,1\n", "line 2: \"1,0.5,3\" is not a point"),
        ("0,0\n\nnan,1\n", "line 3: seconds nan is not a time"),
        ("0,0\n1\n", "line 2: \"1\" is not a point"),
        ("0,0\nseconds,share_delivered\n1,1\n", "line 2: \"seconds,share_delivered\" is not a point"),
    ])
    func badCurvesNameTheirLine(text: String, message: String) {
        #expect {
            try curve(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func pointsGivenInCodeAreCheckedAsAFilesRows() {
        #expect(throws: FanoutCurveError.unfinished(lastShare: 0.5, lineNumber: 2)) {
            try FanoutCurve(points: [.init(seconds: 0, share: 0), .init(seconds: 1, share: 0.5)], source: "code")
        }
    }

    @Test func aFanoutScalesItsWindowAndJitter() throws {
        let fanout = Fanout(window: 10_000_000_000, wakeJitter: try LatencyDistribution(parsing: "2s"))
        let scaled = fanout.scaled(by: 0.1)
        #expect(scaled.window == 1_000_000_000)
        #expect(scaled.wakeJitter == (try LatencyDistribution(parsing: "200ms")))
        #expect(!Fanout.atOnce.spreads && fanout.spreads && Fanout(wakeJitter: .fixed(.zero)).spreads)
    }
}
