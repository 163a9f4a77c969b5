extension RandomNumberGenerator {
    /// A uniform `Double` in `0..<1` with 53 random bits, from exactly one 64-bit draw.
    ///
    /// The harness uses these draws instead of `Double.random(in:using:)` so the mapping from bits to
    /// values is fixed here and a seed replays the same run whatever the standard library does.
    ///
    /// ```swift
    /// var generator = Xoshiro256StarStar(seed: 1)
    /// let roll = generator.nextUnitInterval()  // 0 <= roll < 1
    /// ```
    public mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform `Double` strictly between 0 and 1 (never exactly either), from exactly one 64-bit draw;
    /// safe to take the logarithm of or to invert.
    ///
    /// ```swift
    /// var generator = Xoshiro256StarStar(seed: 1)
    /// let u = generator.nextOpenUnitInterval()  // 0 < u < 1
    /// ```
    public mutating func nextOpenUnitInterval() -> Double {
        (Double(next() >> 11) + 0.5) * 0x1p-53
    }

    /// A uniform integer in `0..<bound` (0 when `bound` is 0), from exactly one 64-bit draw.
    ///
    /// Lemire's multiply-high map without rejection: its bias is at most `bound / 2^64`, far below anything
    /// a benchmark can observe, and a fixed draw count keeps streams aligned.
    ///
    /// ```swift
    /// var generator = Xoshiro256StarStar(seed: 1)
    /// let index = generator.nextUInt64(below: 10)  // 0...9
    /// ```
    public mutating func nextUInt64(below bound: UInt64) -> UInt64 {
        next().multipliedFullWidth(by: bound).high
    }

    /// A standard normal value (mean 0, standard deviation 1), from exactly one 64-bit draw by inverting
    /// the normal distribution function.
    ///
    /// ```swift
    /// var generator = Xoshiro256StarStar(seed: 1)
    /// let z = generator.nextStandardNormal()
    /// ```
    public mutating func nextStandardNormal() -> Double {
        standardNormalQuantile(nextOpenUnitInterval())
    }
}
