/// The pooled two-proportion z-test: is the share of successes different between two samples?
///
/// `z = (p₁ - p₂) / √(p̂(1 - p̂)(1/n₁ + 1/n₂))` with `p̂` the pooled share, and a two-sided p-value
/// from the normal tail. Accurate when both samples have a few successes and failures each; with
/// hundreds of invocations per run, nse-bench's rates are well inside that.
///
/// ```swift
/// let test = TwoProportionTest(successes: 50, trials: 100, versus: 70, trials: 100)!
/// test.z       // -2.887
/// test.pValue  // 0.0039
/// ```
public struct TwoProportionTest: Sendable, Equatable {
    /// The z statistic, negative when the first share is the smaller.
    public let z: Double
    /// The two-sided p-value; 1 when both shares are 0 or both are 1 (no variation at all).
    public let pValue: Double

    /// Nil when either sample has no trials or a success count outside `0...trials`.
    public init?(successes first: Int, trials firstTrials: Int, versus second: Int, trials secondTrials: Int) {
        guard firstTrials > 0, secondTrials > 0, (0...firstTrials).contains(first),
            (0...secondTrials).contains(second)
        else { return nil }
        let n1 = Double(firstTrials)
        let n2 = Double(secondTrials)
        let pooled = Double(first + second) / (n1 + n2)
        let standardError = (pooled * (1 - pooled) * (1 / n1 + 1 / n2)).squareRoot()
        guard standardError > 0 else {
            z = 0
            pValue = 1
            return
        }
        z = (Double(first) / n1 - Double(second) / n2) / standardError
        pValue = standardNormalTwoSidedTail(z)
    }
}
