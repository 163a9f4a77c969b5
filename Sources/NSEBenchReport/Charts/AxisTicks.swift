import NSEBenchCore

/// Round tick values for an axis: steps of 1, 2 or 5 times a power of ten, covering the data.
public struct AxisTicks: Sendable, Equatable {
    /// The axis's range: the data's, widened to the ticks at either end.
    public let lower: Double
    public let upper: Double
    /// The distance between ticks.
    public let step: Double
    /// The tick values, from ``lower`` to ``upper``.
    public let values: [Double]

    /// Ticks covering `minimum...maximum` with about `count` intervals (at least 1). An empty range
    /// (one value) is widened to one step around it; non-finite input gives the ticks of 0...1.
    ///
    /// ```swift
    /// AxisTicks(minimum: 0, maximum: 31_200, count: 5).values  // [0, 10000, 20000, 30000, 40000]
    /// ```
    public init(minimum: Double, maximum: Double, count: Int = 5) {
        var low = minimum.isFinite ? minimum : 0
        var high = maximum.isFinite ? maximum : 1
        if low > high { swap(&low, &high) }
        if high == low {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            high += pad
            if low != 0 { low -= pad }
        }
        let step = Self.niceStep(for: (high - low) / Double(max(1, count)))
        let first = (low / step).rounded(.down)
        let last = (high / step).rounded(.up)
        var values: [Double] = []
        var index = first
        while index <= last + 0.5 {
            // Multiplying (not adding) keeps 0.1-steps free of accumulated error.
            values.append(index * step)
            index += 1
        }
        self.lower = first * step
        self.upper = last * step
        self.step = step
        self.values = values
    }

    /// The smallest of 1, 2, 5 × 10^k that is at least `raw`.
    public static func niceStep(for raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw * (1 - 1e-12) {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    /// A tick's label: as many decimals as the step needs; from 100,000 up, thousands as k, millions
    /// as M, billions as G (35000 stays 35000, so milliseconds read as summary.csv writes them).
    ///
    /// ```swift
    /// AxisTicks.label(2_500_000, step: 500_000)  // "2.5M"
    /// AxisTicks.label(0.25, step: 0.05)          // "0.25"
    /// ```
    public static func label(_ value: Double, step: Double) -> String {
        if value == 0 { return "0" }
        let magnitude = abs(value) >= abs(step) ? abs(value) : abs(step)
        for (divisor, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "k")] where magnitude >= 1e5 && magnitude >= divisor {
            return trimmed(FixedPoint.text(value / divisor, places: decimals(for: step / divisor))) + suffix
        }
        return trimmed(FixedPoint.text(value, places: decimals(for: step)))
    }

    /// Decimals that show a difference of `step`: 0 for 1 and above, 1 for 0.1 to 0.9, ...
    static func decimals(for step: Double) -> Int {
        var places = 0
        var unit = 1.0
        while places < 6, step * (1 + 1e-9) < unit {
            places += 1
            unit /= 10
        }
        // 0.25 needs two decimals although 0.2 needs one: keep adding while rounding loses the step.
        while places < 6 {
            var scale = 1.0
            for _ in 0..<places { scale *= 10 }
            let scaled = step * scale
            if abs(scaled - scaled.rounded()) < 1e-6 { break }
            places += 1
        }
        return places
    }

    private static func trimmed(_ text: String) -> String { text == "-0" ? "0" : text }
}
