import Testing

@testable import NSEBenchCore

/// Reference values from Python's `math.erfc` and SciPy 1.17 (`scipy.stats.mannwhitneyu`).
@Suite("Comparison statistics")
struct ComparisonStatisticsTests {
    @Test(
        "erfc within 1.2e-7 relative of the reference",
        arguments: [
            (0, 1), (0.1, 0.887_537_083_981_715_2), (0.5, 0.479_500_122_186_953_5), (1, 0.157_299_207_050_285_13),
            (2, 0.004_677_734_981_047_265), (3, 2.209_049_699_858_543_8e-05), (5, 1.537_459_794_428_035_1e-12),
            (-1, 1.842_700_792_949_715), (-3, 1.999_977_909_503_001_5),
        ] as [(Double, Double)])
    func complementaryErrorFunction(x: Double, expected: Double) {
        let actual = NSEBenchCore.complementaryErrorFunction(x)
        #expect((actual - expected).magnitude <= 1.2e-7 * expected, "erfc(\(x)) = \(actual)")
    }

    @Test func twoProportionTestMatchesTheTextbookExample() throws {
        let test = try #require(TwoProportionTest(successes: 50, trials: 100, versus: 70, trials: 100))
        #expect((test.z - -2.886_751).magnitude < 1e-6)
        #expect((test.pValue - 0.003_892_417).magnitude < 1e-6)
        let reversed = try #require(TwoProportionTest(successes: 70, trials: 100, versus: 50, trials: 100))
        #expect(reversed.z == -test.z)
        #expect(reversed.pValue == test.pValue)
    }

    @Test func twoProportionTestWithoutVariationIsNotSignificant() throws {
        #expect(try #require(TwoProportionTest(successes: 0, trials: 500, versus: 0, trials: 20)).pValue == 1)
        #expect(try #require(TwoProportionTest(successes: 20, trials: 20, versus: 9, trials: 9)).pValue == 1)
    }

    @Test func twoProportionTestRejectsImpossibleCounts() {
        #expect(TwoProportionTest(successes: 0, trials: 0, versus: 1, trials: 2) == nil)
        #expect(TwoProportionTest(successes: 3, trials: 2, versus: 1, trials: 2) == nil)
        #expect(TwoProportionTest(successes: -1, trials: 2, versus: 1, trials: 2) == nil)
    }

    @Test(
        "Wilson 95% intervals",
        arguments: [
            (8, 10, 0.490_162_471_536_641_8, 0.943_317_848_545_624_7), (0, 10, 0, 0.277_532_799_862_889_2),
            (10, 10, 0.722_467_200_137_110_7, 1), (950, 1000, 0.934_686_179_755_749_2, 0.961_869_737_607_251_3),
        ] as [(Int, Int, Double, Double)])
    func wilsonInterval(successes: Int, trials: Int, lower: Double, upper: Double) throws {
        let interval = try #require(ProportionInterval.wilson(successes: successes, trials: trials))
        #expect((interval.lower - lower).magnitude < 1e-8, "\(interval)")
        #expect((interval.upper - upper).magnitude < 1e-8, "\(interval)")
    }

    @Test func wilsonIntervalNeedsTrials() {
        #expect(ProportionInterval.wilson(successes: 0, trials: 0) == nil)
        #expect(ProportionInterval.wilson(successes: 11, trials: 10) == nil)
        #expect(ProportionInterval.wilson(successes: 1, trials: 10, confidence: 1) == nil)
    }

    /// SciPy 1.17: `fisher_exact([[k, n1 - k], [0, n2]], alternative="greater").pvalue`.
    @Test(
        "the one-sided exact test of events on one side only matches Fisher's",
        arguments: [
            (1, 1_000, 1_000, 0.5), (2, 1_000, 1_000, 0.249_874_937_468_734_35),
            (7, 1_000, 1_000, 0.007_730_633_099_803_728), (3, 600, 200, 0.421_346_702_174_710_76),
            (5, 5, 10, 0.000_333_000_333_000_333),
        ])
    func oneSidedExactTest(count: Int, trials: Int, otherTrials: Int, expected: Double) throws {
        let test = try #require(OneSidedExactTest(count: count, trials: trials, otherTrials: otherTrials))
        #expect(abs(test.pValue - expected) < 1e-12 * max(1, expected), "\(test.pValue)")
    }

    @Test func oneSidedExactTestEdges() {
        #expect(OneSidedExactTest(count: 0, trials: 10, otherTrials: 10)?.pValue == 1, "no events: nothing to explain")
        #expect(OneSidedExactTest(count: 3, trials: 10, otherTrials: 0)?.pValue == 1, "no other side to fall on")
        #expect(OneSidedExactTest(count: 11, trials: 10, otherTrials: 10) == nil)
        #expect(OneSidedExactTest(count: -1, trials: 10, otherTrials: 10) == nil)
        #expect(OneSidedExactTest(count: 1, trials: 10, otherTrials: -1) == nil)
        // A million events on one side of two millions: far below anything a test reads, never NaN.
        let huge = OneSidedExactTest(count: 1_000_000, trials: 1_000_000, otherTrials: 1_000_000)
        #expect(huge.map { $0.pValue >= 0 && $0.pValue < 1e-299 } == true)
    }

    @Test func mannWhitneyExactWithoutTies() throws {
        let test = try #require(MannWhitneyTest([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]))
        #expect(test.method == .exact)
        #expect(test.u == 0)
        #expect((test.pValue - 2.0 / 252).magnitude < 1e-12)
        let overlapping = try #require(
            MannWhitneyTest(
                [12.1, 13.4, 11.9, 12.8, 13.0, 12.5, 12.2], [13.9, 14.2, 12.9, 14.8, 13.7, 14.1, 13.3, 14.0]))
        #expect(overlapping.u == 3)
        #expect((overlapping.pValue - 0.002_175_602_175_602_175_6).magnitude < 1e-12)
    }

    @Test func mannWhitneyExactWithTiesUsesMidRanks() throws {
        // Every C(11, 5) = 462 split of the mid-ranks enumerated in Python: 38 are as extreme.
        let test = try #require(MannWhitneyTest([1, 2, 2, 3, 4], [2, 3, 4, 5, 5, 6]))
        #expect(test.u == 5)
        #expect((test.pValue - 38.0 / 462).magnitude < 1e-12)
    }

    @Test func mannWhitneyNormalApproximationMatchesSciPy() throws {
        let first: [Double] = [
            100.5, 106.3, 95.3, 105.0, 98.7, 98.7, 109.5, 100.8, 99.8, 103.6, 105.6, 99.8, 102.9, 95.1, 98.2, 97.8,
            93.3, 92.5, 91.9, 98.8, 99.1, 98.4, 100.3, 93.3, 99.6, 101.2, 103.8, 95.8, 98.0, 89.9,
        ]
        let second: [Double] = [
            101.5, 93.0, 96.9, 109.5, 93.0, 108.0, 105.6, 102.4, 106.3, 106.6, 109.2, 102.8, 101.0, 101.0, 99.1,
            103.8, 100.1, 109.3, 94.7, 98.5, 99.2, 93.5, 113.5, 92.0, 102.6, 101.4, 112.3, 94.1, 109.4, 100.3,
        ]
        let test = try #require(MannWhitneyTest(first, second))
        #expect(test.method == .normalApproximation)
        #expect(test.u == 312)
        #expect((test.pValue - 0.042_035_428_779_634_67).magnitude < 1e-6)
    }

    @Test func mannWhitneyIdenticalSamplesAreNotSignificant() throws {
        #expect(try #require(MannWhitneyTest([5, 5, 5], [5, 5, 5])).pValue == 1)
        #expect(
            try #require(MannWhitneyTest(Array(repeating: 1, count: 30), Array(repeating: 1, count: 30))).pValue == 1)
        #expect(MannWhitneyTest([], [1]) == nil)
    }

    @Test func smallestAttainablePValueTellsWhenRunsAreTooFew() {
        #expect(MannWhitneyTest.smallestAttainablePValue(3, 3) == 0.1)
        #expect((MannWhitneyTest.smallestAttainablePValue(5, 5) - 2.0 / 252).magnitude < 1e-15)
        #expect(MannWhitneyTest.smallestAttainablePValue(1, 1) == 1)
    }
}
