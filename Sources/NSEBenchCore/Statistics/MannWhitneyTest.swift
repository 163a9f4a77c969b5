/// The Mann–Whitney U test (Wilcoxon rank-sum), two-sided: do two samples come from distributions
/// where one tends to be larger? benchstat's test for "did this benchmark change".
///
/// nse-bench uses it on the repeated runs of a scenario (`--repeat K`): one p99 per run on each side.
/// It assumes nothing about the shape of the distribution, which suits tail percentiles.
///
/// - Small samples (at most ``exactLimit`` values in all): the exact permutation distribution of
///   the rank sum, with mid-ranks for ties, so the p-value is exact even with ties.
/// - Larger samples: the normal approximation with the tie correction and a continuity correction
///   (what SciPy's `mannwhitneyu(method="asymptotic")` computes).
///
/// ```swift
/// let test = MannWhitneyTest([1, 2, 3, 4, 5], [6, 7, 8, 9, 10])!
/// test.u       // 0
/// test.pValue  // 0.0079 (2 / C(10, 5))
/// ```
public struct MannWhitneyTest: Sendable, Equatable {
    /// How the p-value was computed.
    public enum Method: String, Sendable, Equatable {
        case exact
        case normalApproximation = "normal"
    }

    /// Samples with at most this many values in all get the exact distribution.
    public static let exactLimit = 40

    /// U of the first sample: how many (first, second) pairs have the first value larger, ties
    /// counting one half. From 0 to `n₁·n₂`; `n₁·n₂ / 2` when neither side tends to be larger.
    public let u: Double
    /// The two-sided p-value.
    public let pValue: Double
    public let method: Method

    /// Nil when either sample is empty or holds a NaN.
    public init?(_ first: [Double], _ second: [Double]) {
        guard !first.isEmpty, !second.isEmpty, !(first + second).contains(where: \.isNaN) else { return nil }
        let ranks = Self.doubledMidRanks(first + second)
        let n1 = first.count
        let n2 = second.count
        let doubledRankSum = ranks.values[..<n1].reduce(0, +)
        u = Double(doubledRankSum) / 2 - Double(n1 * (n1 + 1)) / 2
        if n1 + n2 <= Self.exactLimit {
            method = .exact
            pValue = Self.exactPValue(doubledRanks: ranks.values, firstCount: n1, observed: doubledRankSum)
        } else {
            method = .normalApproximation
            pValue = Self.normalPValue(u: u, n1: n1, n2: n2, tieTerm: ranks.tieTerm)
        }
    }

    /// The smallest p-value any two samples of these sizes can reach: `2 / C(n₁ + n₂, n₁)` for the
    /// exact test (ties only raise it). With 3 runs a side it is 0.1, so no alpha below that can
    /// ever be met; the comparison then says so rather than pretend to test.
    public static func smallestAttainablePValue(_ n1: Int, _ n2: Int) -> Double {
        guard n1 > 0, n2 > 0 else { return 1 }
        var arrangements = 1.0
        for step in 0..<min(n1, n2) {
            arrangements = arrangements * Double(n1 + n2 - step) / Double(step + 1)
        }
        return min(1, 2 / arrangements)
    }

    /// Twice the mid-rank of every value (integers even with ties: a tie over ranks i...j has mid-rank
    /// (i + j) / 2), in input order, and the tie term Σ(t³ - t) over groups of t equal values.
    static func doubledMidRanks(_ values: [Double]) -> (values: [Int], tieTerm: Double) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var doubled = Array(repeating: 0, count: values.count)
        var tieTerm = 0.0
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count, values[order[end + 1]] == values[order[start]] { end += 1 }
            for position in start...end { doubled[order[position]] = (start + 1) + (end + 1) }
            let t = Double(end - start + 1)
            tieTerm += t * t * t - t
            start = end + 1
        }
        return (doubled, tieTerm)
    }

    /// The share of all ways to pick `firstCount` of the ranks whose sum is at least as far from its
    /// mean as `observed` (doubled ranks throughout, so the comparison is exact).
    static func exactPValue(doubledRanks: [Int], firstCount: Int, observed: Int) -> Double {
        let total = doubledRanks.count
        let maximumSum = doubledRanks.reduce(0, +)
        // ways[k][s]: subsets of k ranks seen so far with doubled sum s.
        var ways = Array(repeating: Array(repeating: 0.0, count: maximumSum + 1), count: firstCount + 1)
        ways[0][0] = 1
        var reachable = 0  // the largest sum the ranks seen so far can make
        for (index, rank) in doubledRanks.enumerated() {
            reachable += rank
            for k in stride(from: min(index + 1, firstCount), through: 1, by: -1) {
                for sum in stride(from: reachable, through: rank, by: -1) where ways[k - 1][sum - rank] > 0 {
                    ways[k][sum] += ways[k - 1][sum - rank]
                }
            }
        }
        let mean = firstCount * (total + 1)  // doubled mean rank sum: 2 · n₁(N + 1) / 2
        let distance = abs(observed - mean)
        var extreme = 0.0
        var all = 0.0
        for (sum, count) in ways[firstCount].enumerated() where count > 0 {
            all += count
            if abs(sum - mean) >= distance { extreme += count }
        }
        return min(1, extreme / all)
    }

    /// The normal approximation: U against mean n₁n₂/2 and the tie-corrected variance, with a
    /// continuity correction of one half towards the mean.
    static func normalPValue(u: Double, n1: Int, n2: Int, tieTerm: Double) -> Double {
        let n = Double(n1 + n2)
        let product = Double(n1 * n2)
        let variance = product / 12 * ((n + 1) - tieTerm / (n * (n - 1)))
        guard variance > 0 else { return 1 }
        let z = max(0, (u - product / 2).magnitude - 0.5) / variance.squareRoot()
        return standardNormalTwoSidedTail(z)
    }
}
