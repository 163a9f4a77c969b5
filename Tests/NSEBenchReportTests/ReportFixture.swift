import NSEBenchCore
import NSEBenchReport
import NSEBenchTestSupport

/// Result files for the report tests, written as `run` writes them: a summary row from the shared
/// ``SummaryRowFixture`` with a run's settings filled in, histograms from recorded values, a timeline.
enum ReportFixture {
    /// A valid row: 1000 invocations, 950 enriched, with `overrides` by column name.
    static func row(_ overrides: [String: String] = [:]) -> [String: String] {
        let settings = [
            "extension": "media-20s", "deadline_s": "30.0", "grace_s": "2.0", "time_scale": "1.0",
            "network": "ttfb=1s", "git_commit": "abc123",
        ]
        return SummaryRowFixture.row(settings.merging(overrides) { $1 })
    }

    static func summary(_ rows: [[String: String]], extra: [String] = []) -> String {
        // The schema's blame columns only when a test asks for them: without, the file is one written
        // before blame was recorded.
        let columns = SummarySchema.columns.map(\.name).filter { !$0.hasPrefix("blame_") } + extra
        return SummaryRowFixture.csv(rows, columns: columns)
    }

    /// Time to deliver from 1 to 1000 ms (scaled by `timeScale`), slack the rest of 30 s.
    static func histograms(timeScale: Double = 1, shift: UInt64 = 0) -> (text: String, deliver: Histogram) {
        var deliver = Histogram()
        var slack = Histogram()
        var firstByte = Histogram()
        for millisecond in 1...1000 {
            let nanoseconds = UInt64(Double(UInt64(millisecond) * 1_000_000 + shift) * timeScale)
            deliver.record(nanoseconds)
            slack.record(UInt64(30e9 * timeScale) - nanoseconds)
            firstByte.record(nanoseconds / 2)
        }
        var text = CSVWriter.record(["histogram", "value_ns", "count"])
        for (key, histogram) in [(HistogramKey.deliver, deliver), (.slack, slack), (.phase(.firstByte), firstByte)] {
            for bucket in histogram.buckets {
                text += CSVWriter.record([key.name, String(bucket.value), String(bucket.count)])
            }
        }
        return (text, deliver)
    }

    /// Ten seconds: 100 arrivals a second, finished the next second, 95 enriched and 5 killed.
    static func timeline() -> String {
        var timeline = RunTimeline()
        for second in 0..<10 {
            for index in 0..<100 {
                timeline.recordArrival(second: second)
                timeline.recordFinish(second: second + 1, outcome: index < 95 ? .enriched : .killed)
            }
            timeline.recordRequests(100, second: second)
            timeline.recordBytes(20_000_000, second: second + 1)
        }
        return CSVWriter.record(RunTimeline.header) + timeline.rows.map(CSVWriter.record).joined()
    }

    static func run(
        name: String = "runs/a", _ overrides: [String: String] = [:], extra: [String] = [], shift: UInt64 = 0
    ) throws -> RunData {
        try RunData(
            name: name, summaryText: summary([row(overrides)], extra: extra), summarySource: "\(name)/summary.csv",
            histogramsText: histograms(shift: shift).text, histogramsSource: "\(name)/histograms.csv",
            timelineText: timeline(), timelineSource: "\(name)/timeline.csv")
    }

    /// A sweep of ttfb over three extensions, written by hand as `sweep` writes it.
    static let sweepCSV = """
        sweep_setting,sweep_value,sweep_unit,extension,invocations,enriched_rate,fallback_rate\r
        ttfb,0,ms,media,100,1.0,0.0\r
        ttfb,10000,ms,media,100,0.99,0.0\r
        ttfb,20000,ms,media,100,0.97,0.01\r
        ttfb,30000,ms,media,100,0.2,0.3\r
        ttfb,0,ms,media-20s,100,1.0,0.0\r
        ttfb,10000,ms,media-20s,100,0.98,0.0\r
        ttfb,20000,ms,media-20s,100,0.4,0.1\r
        ttfb,30000,ms,media-20s,100,0.0,0.6\r

        """

    static let cliffsCSV = """
        extension,level,value,unit\r
        media,0.99,10000,ms\r
        media,0.95,21400,ms\r
        media,0.5,28900,ms\r
        media-20s,0.99,,ms\r
        media-20s,0.95,12000,ms\r
        media-20s,0.5,19000,ms\r

        """
}
