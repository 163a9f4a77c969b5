import Testing

@testable import NSEBenchCore

@Suite("Per-second timeline of a run")
struct RunTimelineTests {
    @Test("the media host's busiest second: the most requests and bytes, the earliest on a tie")
    func peaks() {
        var timeline = RunTimeline()
        #expect(timeline.peakRequests == nil)
        timeline.recordRequests(3, second: 1)
        timeline.recordRequests(7, second: 4)
        timeline.recordRequests(7, second: 6)
        timeline.recordBytes(2_000, second: 5)
        #expect(timeline.peakRequests?.count == 7)
        #expect(timeline.peakRequests?.second == 4)
        #expect(timeline.peakBytes?.second == 5)
    }

    @Test("summary.csv's media peaks, and the same read back from timeline.csv's records")
    func mediaPeakValues() {
        var timeline = RunTimeline()
        #expect(timeline.mediaPeakValues.values.allSatisfy { $0.isEmpty }, "nothing requested: empty, not 0")
        #expect(Set(timeline.mediaPeakValues.keys) == Set(SummarySchema.mediaPeakColumns.map(\.name)))
        timeline.recordArrival(second: 0)
        timeline.recordRequests(3, second: 1)
        timeline.recordRequests(7, second: 4)
        timeline.recordBytes(2_000, second: 5)
        timeline.recordFinish(second: 6, outcome: .killed)
        #expect(
            timeline.mediaPeakValues == [
                "media_peak_requests": "7", "media_peak_requests_second": "4", "media_peak_bytes": "2000",
                "media_peak_bytes_second": "5",
            ])
        let reread = RunTimeline(records: [RunTimeline.header] + timeline.rows)
        #expect(reread.rows == timeline.rows)
        #expect(reread.mediaPeakValues == timeline.mediaPeakValues)
    }

    @Test("an event falls in the unscaled second it happened in")
    func seconds() {
        #expect(RunTimeline.second(of: 1_000, origin: 1_000, timeScale: 1) == 0)
        #expect(RunTimeline.second(of: 2_500_000_000, origin: 0, timeScale: 1) == 2)
        // 10 ms at a 0.001 time scale is 10 s of the scenario.
        #expect(RunTimeline.second(of: 10_000_000, origin: 0, timeScale: 0.001) == 10)
        #expect(RunTimeline.second(of: 5, origin: 10, timeScale: 1) == 0)
    }

    @Test("in flight is arrivals less finishes so far, and every second up to the last event has a row")
    func inFlight() {
        var timeline = RunTimeline()
        timeline.recordArrival(second: 0)
        timeline.recordArrival(second: 0)
        timeline.recordArrival(second: 2)
        timeline.recordFinish(second: 1, outcome: .enriched)
        timeline.recordFinish(second: 3, outcome: .expiredOriginal)
        timeline.recordFinish(second: 3, outcome: .killed)
        timeline.recordRequests(2, second: 0)
        timeline.recordBytes(500, second: 1)
        #expect(timeline.inFlight == [2, 1, 2, 0])
        let rows = timeline.rows
        #expect(rows.count == 4)
        #expect(rows[0] == ["0", "2", "0", "2", "0", "0", "0", "0", "0", "0", "0", "0", "0", "2", "0"])
        #expect(rows[3] == ["3", "0", "2", "0", "0", "0", "0", "0", "0", "1", "1", "0", "0", "0", "0"])
        #expect(RunTimeline.header.count == rows[0].count)
    }

    @Test("an empty run has no rows")
    func empty() {
        #expect(RunTimeline().rows.isEmpty)
    }
}
