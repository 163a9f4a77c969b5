import Testing

@testable import NSEBenchCore

@Suite("Log-bucketed histogram")
struct HistogramTests {
    @Test func valuesBelow2048AreExact() {
        var histogram = Histogram()
        for value in 0..<2048 { histogram.record(UInt64(value)) }
        for value in [0, 1, 17, 1000, 2047] as [UInt64] {
            #expect(Histogram.highestEquivalentValue(value) == value)
        }
        #expect(histogram.value(atPercentile: 50) == 1023)
        #expect(histogram.value(atPercentile: 100) == 2047)
    }

    @Test(arguments: [2_048, 12_345, 999_999, 1_000_000_000, 30_000_000_000, 3_600_000_000_000] as [UInt64])
    func everyValueKeepsThreeSignificantDigits(value: UInt64) {
        var histogram = Histogram()
        histogram.record(value)
        let reported = Histogram.highestEquivalentValue(value)
        let lowest = Histogram.valueFromIndex(Histogram.countsIndex(for: value))
        #expect(lowest <= value && value <= reported)
        #expect(Double(reported - lowest) / Double(value) < 0.001, "bucket narrower than 0.1% of the value")
        #expect(histogram.value(atPercentile: 50) == value, "capped at the exact maximum")
    }

    @Test func percentilesOfAUniformSpread() {
        var histogram = Histogram()
        for millisecond in 1...10_000 { histogram.record(UInt64(millisecond) * 1_000_000) }
        for (percentile, expected) in [(50.0, 5_000.0), (90, 9_000), (99, 9_900), (99.9, 9_990)] {
            let reported = Double(histogram.value(atPercentile: percentile)) / 1_000_000
            #expect(abs(reported - expected) / expected < 0.001, "p\(percentile) = \(reported) ms")
        }
        #expect(histogram.minimum == 1_000_000)
        #expect(histogram.maximum == 10_000_000_000)
        #expect(abs(histogram.mean - 5_000.5e6) < 1)
    }

    @Test func mergeEqualsRecordingEverythingInOne() throws {
        var whole = Histogram()
        var left = Histogram()
        var right = Histogram()
        for index in 0..<50_000 {
            let value = UInt64(index) &* 2_654_435_761 % 5_000_000_000
            whole.record(value)
            if index % 3 == 0 { left.record(value) } else { right.record(value) }
        }
        try left.merge(right)
        #expect(left == whole)
        #expect(left.value(atPercentile: 99.9) == whole.value(atPercentile: 99.9))
        #expect(left.minimum == whole.minimum && left.maximum == whole.maximum)
    }

    @Test func bucketsRoundTrip() {
        var histogram = Histogram()
        for value in [5, 5, 70_000, 1_000_000_007, 29_999_999_999] as [UInt64] { histogram.record(value) }
        var rebuilt = Histogram()
        for bucket in histogram.buckets { rebuilt.record(bucket.value, count: bucket.count) }
        #expect(rebuilt.buckets.map(\.count) == histogram.buckets.map(\.count))
        #expect(rebuilt.value(atPercentile: 99) == histogram.buckets.last!.value, "exact maximum is not in the buckets")
    }

    @Test func valuesAboveTheRangeAreClampedAndCounted() {
        var histogram = Histogram(highestTrackableValue: 1_000_000)
        histogram.record(5_000_000)
        #expect(histogram.clampedAboveCount == 1)
        #expect(histogram.maximum == 1_000_000)
    }

    /// A sample `expectedInterval` apart that came late stands for the samples its delay skipped too.
    @Test func aLateSampleCountsTheSamplesItsDelaySkipped() {
        var stalled = Histogram()
        stalled.record(50, expectedInterval: 10)
        #expect(stalled.totalCount == 5 && stalled.minimum == 10 && stalled.maximum == 50 && stalled.mean == 30)

        // On time, within one interval, or with no interval: the sample alone.
        for (value, interval) in [(0, 10), (7, 10), (10, 10), (50, 0)] as [(UInt64, UInt64)] {
            var one = Histogram()
            one.record(value, expectedInterval: interval)
            #expect(one.totalCount == 1 && one.maximum == value, "\(value) every \(interval)")
        }
        // 19 just short of the second interval: 19 and 9 would be 2 samples, but 9 < 10 is not counted.
        var partial = Histogram()
        partial.record(19, expectedInterval: 10)
        #expect(partial.totalCount == 1)
        partial.record(20, expectedInterval: 10)
        #expect(partial.totalCount == 3 && partial.minimum == 10)

        // A value past the range (a clock gone backwards, read as 2^64 - 1) counts the samples of the range
        // alone: 1,024 of 1 << 20 at 1 << 10, not 2^54.
        var clamped = Histogram(highestTrackableValue: 1 << 20)
        clamped.record(.max, expectedInterval: 1 << 10)
        #expect(clamped.totalCount == 1_024 && clamped.clampedAboveCount == 1)

        // A 5 s stall among 600 on-time probes of 10 ms moves the p99 only when the skipped ones count.
        var once = Histogram()
        var corrected = Histogram()
        for _ in 0..<600 {
            once.record(100_000)
            corrected.record(100_000, expectedInterval: 10_000_000)
        }
        once.record(5_000_000_000)
        corrected.record(5_000_000_000, expectedInterval: 10_000_000)
        #expect(once.value(atPercentile: 99) < 1_000_000)
        #expect(corrected.value(atPercentile: 99) > 4_000_000_000)
    }

    @Test func negativeValuesClampToZero() {
        var histogram = Histogram()
        histogram.record(signed: -5)
        #expect(histogram.value(atPercentile: 100) == 0)
    }

    @Test func mergingDifferentRangesIsAnError() {
        var small = Histogram(highestTrackableValue: 1 << 20)
        #expect(throws: HistogramError.incompatibleRange(1 << 20, 1 << 42)) { try small.merge(Histogram()) }
    }

    @Test func emptyHistogramAnswersZero() {
        let histogram = Histogram()
        #expect(histogram.isEmpty && histogram.value(atPercentile: 99) == 0 && histogram.mean == 0)
        #expect(histogram.fraction(atOrBelow: 10) == 0)
    }

    @Test func fractionAtOrBelow() {
        var histogram = Histogram()
        for value in 1...100 as ClosedRange<UInt64> { histogram.record(value) }
        #expect(histogram.fraction(atOrBelow: 25) == 0.25)
    }

    @Test func memoryIsFixed() {
        var histogram = Histogram()
        let before = histogram.buckets.count
        for value in 0..<100_000 as Range<UInt64> { histogram.record(value * 1_000) }
        #expect(before == 0 && histogram.totalCount == 100_000)
    }
}
