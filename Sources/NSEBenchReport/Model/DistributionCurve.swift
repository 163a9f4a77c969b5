public import NSEBenchCore

/// A cumulative distribution drawn from a histogram: the value at each of a fixed set of
/// percentiles, read with ``Histogram/value(atPercentile:)``, so a point at p99 is exactly the
/// p99 that summary.csv holds. A fixed set keeps a report's size independent of the run's length.
public enum DistributionCurve {
    /// 0.5 to 99.5 in steps of 0.5, then the tail to 99.99 and 100.
    public static let percentiles: [Double] =
        (1...199).map { Double($0) / 2 } + [99.6, 99.7, 99.8, 99.9, 99.95, 99.99, 100]

    /// (value in milliseconds unscaled, share from 0 to 1) points, x ascending; none for an empty histogram.
    public static func points(_ histogram: Histogram, timeScale: Double) -> [(x: Double, y: Double)] {
        guard !histogram.isEmpty else { return [] }
        let scale = timeScale > 0 ? timeScale : 1
        var points: [(x: Double, y: Double)] = [(milliseconds(histogram.minimum, scale), 0)]
        for percentile in percentiles {
            points.append((milliseconds(histogram.value(atPercentile: percentile), scale), percentile / 100))
        }
        return points
    }

    /// Nanoseconds as measured, in unscaled milliseconds.
    public static func milliseconds(_ nanoseconds: UInt64, _ timeScale: Double) -> Double {
        Double(nanoseconds) / timeScale / 1e6
    }
}
