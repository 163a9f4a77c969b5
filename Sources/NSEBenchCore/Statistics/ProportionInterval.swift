/// A confidence interval for a proportion, both ends within `0...1`.
public struct ProportionInterval: Sendable, Equatable {
    public let lower: Double
    public let upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// The Wilson score interval for `successes` out of `trials` at `confidence` (0.95 by default);
    /// nil when `trials` is 0, `successes` is outside `0...trials` or `confidence` outside `(0, 1)`.
    ///
    /// Unlike the textbook `p ± z·√(p(1-p)/n)`, it never leaves `0...1` and keeps its coverage near 0
    /// and 1, where nse-bench's rates live (an enriched rate of 99.8%, a crash rate of 0.1%).
    ///
    /// ```swift
    /// ProportionInterval.wilson(successes: 8, trials: 10)  // 0.490...0.943
    /// ```
    public static func wilson(successes: Int, trials: Int, confidence: Double = 0.95) -> ProportionInterval? {
        guard trials > 0, (0...trials).contains(successes), confidence > 0, confidence < 1 else { return nil }
        let z = standardNormalQuantile(1 - (1 - confidence) / 2)
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z * z
        let denominator = 1 + z2 / n
        let centre = (p + z2 / (2 * n)) / denominator
        let halfWidth = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / denominator
        return ProportionInterval(lower: max(0, centre - halfWidth), upper: min(1, centre + halfWidth))
    }
}
