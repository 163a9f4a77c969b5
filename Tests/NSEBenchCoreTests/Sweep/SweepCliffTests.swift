import NSEBenchCore
import Testing

@Suite("sweep cliffs")
struct SweepCliffTests {
    func points(_ pairs: [(Double, Double)]) -> [SweepPoint] {
        pairs.map { SweepPoint(value: $0.0, enrichedRate: $0.1) }
    }

    /// The finding's value, held and lost ends, when it is a cliff within the range.
    func bracket(_ cliff: SweepCliff) -> (value: Double, held: Double, lost: Double)? {
        guard case .at(let value, let held, let lost) = cliff.finding else { return nil }
        return (value, held, lost)
    }

    @Test func theCliffIsInterpolatedBetweenTheLastHeldAndFirstLostPoint() throws {
        let curve = points([(0, 1), (10_000, 1), (20_000, 0.9), (30_000, 0.1)])
        let cliff = SweepCliff.find(curve, level: 0.95, setting: .ttfb)
        // 1.0 at 10 s, 0.9 at 20 s: 0.95 halfway.
        let found = try #require(bracket(cliff))
        #expect(abs(found.value - 15_000) < 1e-6)
        #expect(found.held == 10_000 && found.lost == 20_000)
        #expect(cliff.fromValidRuns)
        #expect(
            cliff.sentence(extension: "media", setting: .ttfb)
                == "media stays ≥ 95% enriched up to a 15.0 s first byte (held at 10.0 s, lost at 20.0 s)")
    }

    @Test func theWalkStartsAtTheGoodEndWhichForBandwidthIsTheLargest() {
        let curve = points([(32_000, 0.2), (500_000, 0.97), (2_000_000, 1)])
        let cliff = SweepCliff.find(curve, level: 0.99, setting: .bandwidth)
        guard case .at(let value, let held, let lost) = cliff.finding else {
            Issue.record("expected a cliff, got \(cliff.finding)")
            return
        }
        #expect(held == 2_000_000)
        #expect(lost == 500_000)
        #expect(value < 2_000_000 && value > 500_000)
        #expect(cliff.sentence(extension: "media", setting: .bandwidth).contains("down to"))
    }

    @Test func aDipEndsTheWalkEvenIfTheCurveRecovers() {
        let curve = points([(0, 1), (10, 0.5), (20, 1)])
        let found = bracket(SweepCliff.find(curve, level: 0.9, setting: .ttfb))
        #expect(found?.held == 0 && found?.lost == 10)
        #expect(abs((found?.value ?? 0) - 2) < 1e-9)
    }

    @Test func levelsNeverHeldOrNeverLostAreSaidSo() {
        let curve = points([(0, 0.8), (10, 0.5)])
        #expect(SweepCliff.find(curve, level: 0.9, setting: .ttfb).finding == .belowAcrossTheRange(best: 0))
        #expect(SweepCliff.find(curve, level: 0.9, setting: .ttfb).value == nil)
        #expect(SweepCliff.find(curve, level: 0.5, setting: .ttfb).finding == .beyondTheRange(worst: 10))
    }

    @Test func bisectionNarrowsTheBracketAndStopsForWholeNeighbours() {
        let curve = points([(0, 1), (40_000, 0)])
        #expect(SweepCliff.bisect(curve, level: 0.95, setting: .ttfb) == 20_000)
        #expect(SweepCliff.bisect(curve + points([(20_000, 1)]), level: 0.95, setting: .ttfb) == 30_000)
        let load = points([(10, 1), (11, 0.5)])
        #expect(SweepCliff.bisect(load, level: 0.95, setting: .concurrency) == nil)
        #expect(SweepCliff.bisect(points([(10, 1), (20, 1)]), level: 0.95, setting: .ttfb) == nil)
    }

    @Test func aCliffFromAnInvalidRunSaysSo() {
        let curve = [
            SweepPoint(value: 0, enrichedRate: 1), SweepPoint(value: 10, enrichedRate: 0.2, valid: false),
        ]
        let cliff = SweepCliff.find(curve, level: 0.95, setting: .ttfb)
        #expect(!cliff.fromValidRuns)
        #expect(
            cliff.sentence(extension: "media", setting: .ttfb).hasSuffix("(from runs the self-check marked invalid)"))
    }

    @Test func aValueMeasuredTwiceKeepsItsLastMeasurement() {
        let curve = points([(0, 1), (10, 0.2), (10, 1), (20, 0.1)])
        let found = bracket(SweepCliff.find(curve, level: 0.95, setting: .ttfb))
        #expect(found?.held == 10 && found?.lost == 20)
        #expect(abs((found?.value ?? 0) - (10 + 10 * 0.05 / 0.9)) < 1e-9)
    }
}
