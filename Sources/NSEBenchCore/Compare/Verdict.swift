/// What `compare` concluded about one metric of one scenario.
public enum Verdict: Sendable, Equatable {
    /// Worse beyond every tolerance and, where a test applies, significantly.
    case regression
    /// Better beyond every tolerance and, where a test applies, significantly.
    case improvement
    /// No change that counts, and why.
    case unchanged(UnchangedReason)
    /// No value on one side (an empty field, or no invocations to take a rate of).
    case missing(Side)

    /// Why a difference does not count.
    public enum UnchangedReason: String, Sendable, Equatable {
        /// Both sides have exactly the same value.
        case noChange = "no change"
        /// A time or measure moved no more than its relative or its absolute tolerance.
        case withinTolerance = "within tolerance"
        /// A rate moved less than the minimum effect.
        case belowMinimumEffect = "below minimum effect"
        /// Beyond the tolerances, but the test's p-value is not below alpha.
        case notSignificant = "not significant"
        /// The metric is shown but never gates (`"ignore": true`).
        case reportOnly = "report only"
    }

    /// One side of the comparison.
    public enum Side: String, Sendable, Equatable {
        case baseline
        case candidate
    }

    /// The word reports show: `regression`, `improvement`, `unchanged` or `missing`.
    public var word: String {
        switch self {
        case .regression: "regression"
        case .improvement: "improvement"
        case .unchanged: "unchanged"
        case .missing: "missing"
        }
    }

    /// Reports list regressions first, then improvements, missing values, and the rest.
    var sortRank: Int {
        switch self {
        case .regression: 0
        case .improvement: 1
        case .missing: 2
        case .unchanged: 3
        }
    }
}

/// The significance test behind a verdict.
public enum SignificanceTest: Sendable, Equatable {
    /// Rates: the pooled two-proportion z-test over every invocation of every run.
    case twoProportion(TwoProportionTest)
    /// Times and measures with at least three runs a side: Mann–Whitney U over the runs' values.
    case mannWhitney(MannWhitneyTest)
    /// Times and measures with at least three runs a side, too few for Mann–Whitney ever to reach
    /// alpha (3 and 3 runs cannot go below p = 0.1): the tolerances decided alone.
    case tooFewRuns(smallestPValue: Double)
    /// Crash places: the one-sided exact test (``OneSidedExactTest``) of the place whose crashes fell most
    /// one-sidedly, new or gone (the smallest p-value).
    case exactPlaces(pValue: Double)

    /// The p-value, when a test ran.
    public var pValue: Double? {
        switch self {
        case .twoProportion(let test): test.pValue
        case .mannWhitney(let test): test.pValue
        case .tooFewRuns: nil
        case .exactPlaces(let pValue): pValue
        }
    }
}
