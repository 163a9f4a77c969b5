import Testing

@testable import NSEBenchCore

@Suite("Execution segments")
struct ExecutionSegmentTests {
    func segments(_ count: Int) -> [ExecutionSegment] {
        (0..<count).map { try! ExecutionSegment(index: $0, count: count) }
    }

    /// (global index, time) of every arrival `segment` is issued, in order.
    func arrivals(_ model: LoadModel, _ length: RunLength, segment: ExecutionSegment, ramp: UInt64 = 0)
        -> [(Int, UInt64)]
    {
        var schedule = ArrivalSchedule(model: model, length: length, ramp: ramp, seed: 9, segment: segment)
        var issued: [(Int, UInt64)] = []
        while let time = schedule.next() { issued.append((segment.globalIndex(local: issued.count), time)) }
        #expect(schedule.count == issued.count)
        return issued
    }

    @Test func parsesIAndNAndRefusesAnythingElse() throws {
        #expect(try ExecutionSegment(parsing: "2/4") == ExecutionSegment(index: 2, count: 4))
        #expect(throws: ExecutionSegmentError.malformed("2-4")) { try ExecutionSegment(parsing: "2-4") }
        #expect(throws: ExecutionSegmentError.malformed("a/4")) { try ExecutionSegment(parsing: "a/4") }
        #expect(throws: ExecutionSegmentError.indexOutOfRange(index: 4, count: 4)) {
            try ExecutionSegment(parsing: "4/4")
        }
        #expect(throws: ExecutionSegmentError.indexOutOfRange(index: -1, count: 4)) {
            try ExecutionSegment(parsing: "-1/4")
        }
        #expect(throws: ExecutionSegmentError.invalidCount(0)) { try ExecutionSegment(parsing: "0/0") }
        #expect(ExecutionSegment.whole.isWhole)
    }

    @Test func autoReadsKubernetesIndexAndTheCount() throws {
        let environment = ["JOB_COMPLETION_INDEX": "3", "NSE_BENCH_SEGMENTS": "8"]
        #expect(try ExecutionSegment(environment: environment) == ExecutionSegment(index: 3, count: 8))
        #expect(throws: ExecutionSegmentError.environment(variable: "JOB_COMPLETION_INDEX", value: nil)) {
            try ExecutionSegment(environment: ["NSE_BENCH_SEGMENTS": "8"])
        }
        #expect(throws: ExecutionSegmentError.environment(variable: "NSE_BENCH_SEGMENTS", value: "many")) {
            try ExecutionSegment(environment: ["JOB_COMPLETION_INDEX": "0", "NSE_BENCH_SEGMENTS": "many"])
        }
        #expect(throws: ExecutionSegmentError.indexOutOfRange(index: 8, count: 8)) {
            try ExecutionSegment(environment: ["JOB_COMPLETION_INDEX": "8", "NSE_BENCH_SEGMENTS": "8"])
        }
    }

    @Test(arguments: [1, 2, 3, 4, 7])
    func sharesOfCountsAreDisjointAndAddUp(count: Int) {
        for total in [0, 1, 5, 10, 999, 1_000] {
            let parts = segments(count)
            #expect(parts.map { $0.share(of: total) }.reduce(0, +) == total)
            for index in 0..<total { #expect(parts.filter { $0.owns(index) }.count == 1) }
            for segment in parts {
                let mine = (0..<segment.share(of: total)).map { segment.globalIndex(local: $0) }
                #expect(mine.allSatisfy { segment.owns($0) && $0 < total })
            }
        }
    }

    @Test(arguments: [
        LoadModel.open(ratePerSecond: 500, arrivals: .poisson, maxInFlight: 40),
        .open(ratePerSecond: 500, arrivals: .constant, maxInFlight: 40),
        .burst(count: 1_001, maxInFlight: 40),
    ])
    func segmentSchedulesUnionToTheSingleMachineOne(model: LoadModel) {
        for length in [RunLength.invocations(1_001), .duration(2_000_000_000)] {
            let whole = arrivals(model, length, segment: .whole, ramp: 500_000_000)
            for count in [2, 4, 5] {
                let union = segments(count).flatMap { arrivals(model, length, segment: $0, ramp: 500_000_000) }
                    .sorted { $0.0 < $1.0 }
                #expect(union.map(\.0) == whole.map(\.0), "every index exactly once, \(count) segments")
                #expect(union.map(\.1) == whole.map(\.1), "each at its single-machine time, \(count) segments")
            }
        }
    }

    @Test func slotsOfALoadAreDealtOut() throws {
        let parts = segments(4)
        let closed = parts.map { $0.share(of: LoadModel.closed(concurrency: 10)).maxInFlight }
        #expect(closed == [3, 3, 2, 2])
        let open = parts.map {
            $0.share(of: LoadModel.open(ratePerSecond: 100, arrivals: .poisson, maxInFlight: 6)).maxInFlight
        }
        #expect(open == [2, 2, 1, 1])
        #expect(parts[0].share(of: LoadModel.burst(count: 100, maxInFlight: 8)) == .burst(count: 100, maxInFlight: 2))
        #expect(try ExecutionSegment(index: 0, count: 11).problem(splitting: .closed(concurrency: 10)) != nil)
        #expect(parts[0].problem(splitting: .closed(concurrency: 4)) == nil)
    }

    @Test func partitionProblemsNameOverlapsAndGaps() throws {
        #expect(ExecutionSegment.partitionProblems(segments(4)).isEmpty)
        #expect(ExecutionSegment.partitionProblems([.whole]).isEmpty)
        let four = segments(4)
        #expect(ExecutionSegment.partitionProblems([four[0], four[1], four[3]]) == ["segments missing: 2/4"])
        #expect(
            ExecutionSegment.partitionProblems(four + [four[1]]) == ["segments overlap: 1/4 given 2 times"])
        #expect(
            ExecutionSegment.partitionProblems([four[0], try ExecutionSegment(index: 1, count: 2)])
                == ["segments of different splits: of 2, of 4"])
        #expect(ExecutionSegment.partitionProblems([.whole, .whole]) == ["segments overlap: 0/1 given 2 times"])
    }
}
