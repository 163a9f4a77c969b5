/// Fisher's exact test, one-sided, for events seen on one side only: could `count` events, each as
/// likely in any of the two sides' trials, all have fallen in the first side's `trials` by chance?
///
/// With none on the other side, the one-sided p-value is the chance that all `count` land among the first
/// side's trials: `C(trials, count) / C(trials + otherTrials, count)`, the product of
/// `(trials - i) / (trials + otherTrials - i)` for `i` below `count`. Two sides of equal size give
/// `0.5^count` (about): one crash at a new place is a coin's toss (p = 0.5), seven are p < 0.01.
///
/// ```swift
/// OneSidedExactTest(count: 1, trials: 1_000, otherTrials: 1_000)!.pValue  // 0.5
/// OneSidedExactTest(count: 7, trials: 1_000, otherTrials: 1_000)!.pValue  // 0.0077
/// ```
public struct OneSidedExactTest: Sendable, Equatable {
    /// The chance, from 0 to 1; 1 for no events.
    public let pValue: Double

    /// Nil when `count` is negative or above `trials`, or either side's trials are negative.
    public init?(count: Int, trials: Int, otherTrials: Int) {
        guard count >= 0, trials >= 0, otherTrials >= 0, count <= trials else { return nil }
        var chance = 1.0
        let total = Double(trials) + Double(otherTrials)
        for index in 0..<count {
            chance *= (Double(trials) - Double(index)) / (total - Double(index))
            // Past the smallest a Double holds, more factors below 1 change nothing a test can read.
            if chance < 1e-300 { break }
        }
        pValue = chance
    }
}
