import NSEBenchCore
import Testing

@Suite("sweep ranges and settings")
struct SweepRangeTests {
    @Test func aRangeReadsEachSettingInItsUnit() throws {
        #expect(try SweepRange(parsing: "ttfb=0s..40s") == SweepRange(setting: .ttfb, from: 0, to: 40_000))
        #expect(try SweepRange(parsing: "deadline=30s..5s") == SweepRange(setting: .deadline, from: 30_000, to: 5_000))
        #expect(
            try SweepRange(parsing: "bandwidth=256kbit/s..2MB/s")
                == SweepRange(setting: .bandwidth, from: 32_000, to: 2_000_000))
        #expect(
            try SweepRange(parsing: "media-size=100KB..8MB")
                == SweepRange(setting: .mediaSize, from: 100_000, to: 8_000_000))
        #expect(
            try SweepRange(parsing: "concurrency=10..1000") == SweepRange(setting: .concurrency, from: 10, to: 1000))
        #expect(try SweepRange(parsing: "rate=0.5..20") == SweepRange(setting: .rate, from: 0.5, to: 20))
    }

    @Test(arguments: [
        ("ttfb", "the '=' is missing"),
        ("latency=0s..4s", "unknown setting 'latency'"),
        ("ttfb=0s-40s", "the '..' between FROM and TO is missing"),
        ("ttfb=0s..40x", "40x"),
        ("ttfb=4s..4s", "FROM and TO are the same"),
        ("concurrency=0..100", "concurrency must stay above 0"),
        ("bandwidth=1MB/s..unlimited", "a sweep needs a finite end"),
        ("rate=-1..5", "-1"),
    ])
    func badRangesAreRefusedSayingWhy(text: String, reason: String) {
        #expect {
            try SweepRange(parsing: text)
        } throws: { error in
            guard let error = error as? ValueParseError else { return false }
            return error.input == text && "\(error)".contains(reason)
        }
    }

    @Test func pointsAreEvenlySpacedWithBothEnds() {
        #expect(
            SweepRange(setting: .ttfb, from: 0, to: 40_000).points(steps: 5) == [0, 10_000, 20_000, 30_000, 40_000])
        #expect(SweepRange(setting: .deadline, from: 30_000, to: 10_000).points(steps: 3) == [30_000, 20_000, 10_000])
        // Whole settings round, and a value rounding onto its neighbour is run once.
        #expect(SweepRange(setting: .concurrency, from: 1, to: 3).points(steps: 5) == [1, 2, 3])
    }

    @Test func valuesBecomeRunArgumentsThatReadBack() throws {
        #expect(SweepSetting.ttfb.argument(21_437.5) == "21437.500ms")
        #expect(try DurationValue(parsing: SweepSetting.ttfb.argument(21_437.5)).nanoseconds == 21_437_500_000)
        #expect(SweepSetting.bandwidth.argument(32_000) == "32000B/s")
        #expect(try ByteRate(parsing: SweepSetting.bandwidth.argument(32_000)).bytesPerSecond == 32_000)
        #expect(SweepSetting.mediaSize.argument(1_500_000) == "1500000B.jpg:1")
        #expect(SweepSetting.mediaSize.runOption == "media")
        #expect(SweepSetting.concurrency.argument(250) == "250")
    }

    @Test func whichWayIsWorse() {
        #expect(SweepSetting.ttfb.worseWhenLarger)
        #expect(SweepSetting.mediaSize.worseWhenLarger)
        #expect(!SweepSetting.bandwidth.worseWhenLarger)
        #expect(!SweepSetting.deadline.worseWhenLarger)
    }
}
