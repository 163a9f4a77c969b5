extension LatencyDistribution {
    /// The 99th percentile of the standard normal distribution, linking a log-normal's p99 to its σ.
    public static let standardNormalP99 = 2.326_347_874_040_840_8

    /// Draws one delay in nanoseconds, never negative, using exactly one 64-bit draw from `generator`.
    ///
    /// ```swift
    /// var generator = Xoshiro256StarStar(seed: 7)
    /// let nanoseconds = LatencyDistribution.uniform(lower: .milliseconds(100), upper: .milliseconds(300))
    ///     .sample(using: &generator)  // 100_000_000...300_000_000
    /// ```
    public func sample(using generator: inout some RandomNumberGenerator) -> Int64 {
        switch self {
        case .fixed(let delay):
            _ = generator.next()
            return delay.nanoseconds
        case .uniform(let lower, let upper):
            let low = min(lower, upper).nanoseconds
            let width = UInt64(max(lower, upper).nanoseconds - low)
            return low + Int64(generator.nextUInt64(below: width + 1))
        case .normal(let mean, let deviation):
            let z = generator.nextStandardNormal()
            return Self.nanoseconds(Double(mean.nanoseconds) + Double(deviation.nanoseconds) * z)
        case .lognormal(let median, let p99):
            let z = generator.nextStandardNormal()
            guard median.nanoseconds > 0, p99 > median else { return median.nanoseconds }
            let sigma = naturalLog(Double(p99.nanoseconds) / Double(median.nanoseconds)) / Self.standardNormalP99
            return Self.nanoseconds(Double(median.nanoseconds) * exponential(sigma * z))
        case .pareto(let scale, let shape, let cap):
            let u = generator.nextOpenUnitInterval()
            let draw = shape > 0 ? Double(scale.nanoseconds) * exponential(-naturalLog(u) / shape) : .infinity
            let value = Self.nanoseconds(draw)
            return cap.map { min(value, max($0, scale).nanoseconds) } ?? value
        case .empirical(let samples):
            let index = Int(generator.nextUInt64(below: UInt64(samples.count)))
            return samples.isEmpty ? 0 : max(0, samples[index])
        case .file:
            _ = generator.next()
            return 0
        }
    }

    /// A drawn value rounded to whole nanoseconds: 0 for negative values and NaN, the longest duration
    /// for values beyond it.
    static func nanoseconds(_ value: Double) -> Int64 {
        guard value > 0 else { return 0 }
        guard value < 0x1p63 else { return .max }
        return Int64(value.rounded())
    }
}
