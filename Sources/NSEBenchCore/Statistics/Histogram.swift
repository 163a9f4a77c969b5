/// A log-bucketed latency histogram in the HdrHistogram layout: fixed memory, O(1) record,
/// exact merge, and every recorded value kept to 3 significant decimal digits.
///
/// Values are non-negative integers (nse-bench records nanoseconds). The layout follows
/// HdrHistogram: 2048 sub-buckets per power-of-two bucket, so a value `v` is stored in a bucket no
/// wider than `v / 1024`; below 2048 every value is exact. Two histograms with the same
/// ``highestTrackableValue`` merge by adding counts, so shards (threads, runs, machines) combine
/// without losing anything.
///
/// ```swift
/// var deliver = Histogram()
/// deliver.record(1_250_000_000)        // 1.25 s in ns
/// deliver.value(atPercentile: 99)
/// ```
public struct Histogram: Sendable, Equatable {
    /// 2048 sub-buckets: 3 significant digits need 2 * 10^3 distinct steps per decade.
    static let subBucketCountMagnitude = 11
    static let subBucketCount = 1 << subBucketCountMagnitude
    static let subBucketHalfCountMagnitude = subBucketCountMagnitude - 1
    static let subBucketHalfCount = 1 << subBucketHalfCountMagnitude
    static let subBucketMask = UInt64(subBucketCount - 1)

    /// The largest value recorded exactly-to-3-digits; larger values are clamped to it and counted in
    /// ``clampedAboveCount``.
    public let highestTrackableValue: UInt64
    private var counts: [UInt64]
    /// Number of recorded values.
    public private(set) var totalCount: UInt64 = 0
    /// Smallest and largest values recorded (before bucketing); `0` when empty.
    public private(set) var minimum: UInt64 = .max
    public private(set) var maximum: UInt64 = 0
    private var sum: Double = 0
    /// Values that were above ``highestTrackableValue`` and recorded as it.
    public private(set) var clampedAboveCount: UInt64 = 0

    /// A histogram covering `0...highestTrackableValue` (default 2^42 ns, about 73 minutes).
    public init(highestTrackableValue: UInt64 = 1 << 42) {
        let highest = max(highestTrackableValue, UInt64(Self.subBucketCount))
        self.highestTrackableValue = highest
        var bucketCount = 1
        var smallestUntrackable = UInt64(Self.subBucketCount)
        while smallestUntrackable <= highest {
            if smallestUntrackable > UInt64.max / 2 {
                bucketCount += 1
                break
            }
            smallestUntrackable <<= 1
            bucketCount += 1
        }
        counts = Array(repeating: 0, count: (bucketCount + 1) * Self.subBucketHalfCount)
    }

    /// Whether nothing was recorded.
    public var isEmpty: Bool { totalCount == 0 }

    /// The mean of the recorded values (exact, from a running sum), or 0 when empty.
    public var mean: Double { totalCount == 0 ? 0 : sum / Double(totalCount) }

    /// Records `value` `count` times. O(1), no allocation.
    public mutating func record(_ value: UInt64, count: UInt64 = 1) {
        guard count > 0 else { return }
        var value = value
        if value > highestTrackableValue {
            value = highestTrackableValue
            clampedAboveCount += count
        }
        counts[Self.countsIndex(for: value)] += count
        totalCount += count
        minimum = Swift.min(minimum, value)
        maximum = Swift.max(maximum, value)
        sum += Double(value) * Double(count)
    }

    /// Records `value`, a sample taken every `expectedInterval` that came `value` late, and the samples
    /// the delay kept from being taken: `value - expectedInterval`, `value - 2 × expectedInterval`, ...
    /// down to `expectedInterval` (HdrHistogram's `recordValueWithExpectedInterval`, wrk2's correction
    /// for coordinated omission). A probe stalled for 5 s with a 10 ms interval is then 500 late samples,
    /// as a request arriving at any moment of the stall would have found it, not one sample of many.
    /// An `expectedInterval` of 0 records `value` alone. A value above ``highestTrackableValue`` is
    /// clamped to it first, so the samples recorded are at most that over the interval.
    ///
    /// ```swift
    /// var lag = Histogram()
    /// lag.record(50, expectedInterval: 10)   // 50, 40, 30, 20, 10
    /// ```
    public mutating func record(_ value: UInt64, expectedInterval: UInt64) {
        record(value)
        let value = Swift.min(value, highestTrackableValue)
        guard expectedInterval > 0, value > expectedInterval else { return }
        var missed = value - expectedInterval
        while missed >= expectedInterval {
            record(missed)
            missed -= expectedInterval
        }
    }

    /// Records a signed value, clamping negatives to zero (slack past a deadline, say).
    public mutating func record(signed value: Int64) {
        record(value < 0 ? 0 : UInt64(value))
    }

    /// Adds every count of `other`; both must cover the same range.
    public mutating func merge(_ other: Histogram) throws(HistogramError) {
        guard other.highestTrackableValue == highestTrackableValue else {
            throw .incompatibleRange(highestTrackableValue, other.highestTrackableValue)
        }
        for index in other.counts.indices where other.counts[index] > 0 { counts[index] += other.counts[index] }
        totalCount += other.totalCount
        if other.totalCount > 0 {
            minimum = Swift.min(minimum, other.minimum)
            maximum = Swift.max(maximum, other.maximum)
        }
        sum += other.sum
        clampedAboveCount += other.clampedAboveCount
    }

    /// The value at `percentile` (0...100): the highest value equivalent to the bucket holding the
    /// rank `ceil(percentile / 100 * totalCount)`, capped at ``maximum``. 0 when empty.
    public func value(atPercentile percentile: Double) -> UInt64 {
        guard totalCount > 0 else { return 0 }
        let clamped = Swift.min(Swift.max(percentile, 0), 100)
        let rank = Swift.max(1, UInt64((clamped / 100 * Double(totalCount)).rounded(.up)))
        var seen: UInt64 = 0
        for index in counts.indices where counts[index] > 0 {
            seen += counts[index]
            if seen >= rank {
                return Swift.min(Self.highestEquivalentValue(Self.valueFromIndex(index)), maximum)
            }
        }
        return maximum
    }

    /// The fraction of recorded values at or below `value` (bucket resolution).
    public func fraction(atOrBelow value: UInt64) -> Double {
        guard totalCount > 0 else { return 0 }
        let limit = Self.countsIndex(for: Swift.min(value, highestTrackableValue))
        let below = counts[...limit].reduce(0, +)
        return Double(below) / Double(totalCount)
    }

    /// Non-empty buckets as `(value, count)`, where `value` is the bucket's lowest equivalent value.
    /// Re-recording them gives an equal histogram: this is the mergeable on-disk form.
    public var buckets: [(value: UInt64, count: UInt64)] {
        counts.indices.filter { counts[$0] > 0 }.map { (Self.valueFromIndex($0), counts[$0]) }
    }

    // MARK: Index arithmetic (HdrHistogram's, with unit magnitude 0)

    static func bucketIndex(of value: UInt64) -> Int {
        64 - (value | subBucketMask).leadingZeroBitCount - (subBucketHalfCountMagnitude + 1)
    }

    static func countsIndex(for value: UInt64) -> Int {
        let bucket = bucketIndex(of: value)
        let subBucket = Int(value >> UInt64(bucket))
        return (bucket + 1) << subBucketHalfCountMagnitude + (subBucket - subBucketHalfCount)
    }

    static func valueFromIndex(_ index: Int) -> UInt64 {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket)
    }

    /// The width of the bucket holding `value`.
    static func bucketWidth(at value: UInt64) -> UInt64 { 1 << UInt64(bucketIndex(of: value)) }

    static func highestEquivalentValue(_ value: UInt64) -> UInt64 {
        let width = bucketWidth(at: value)
        return (value & ~(width - 1)) + width - 1
    }

    public static func == (left: Histogram, right: Histogram) -> Bool {
        left.highestTrackableValue == right.highestTrackableValue && left.counts == right.counts
            && left.totalCount == right.totalCount
    }
}

/// Why two histograms cannot be combined.
public enum HistogramError: Error, Equatable, CustomStringConvertible {
    /// Their trackable ranges differ; carries both highest trackable values.
    case incompatibleRange(UInt64, UInt64)

    public var description: String {
        switch self {
        case .incompatibleRange(let left, let right):
            "histograms cover different ranges (highest trackable \(left) vs \(right)) and cannot be merged"
        }
    }
}
