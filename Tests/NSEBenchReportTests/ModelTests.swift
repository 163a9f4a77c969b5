import NSEBenchCore
import Testing

@testable import NSEBenchReport

@Suite("Reading result files into the report's model")
struct ModelTests {
    @Test("the CDF's points at p50 and p99 are the histogram's percentiles, unscaled as summary.csv writes them")
    func cdfMatchesPercentiles() throws {
        for scale in [1.0, 0.01] {
            let (text, recorded) = ReportFixture.histograms(timeScale: scale)
            let histograms = try HistogramsFile.parse(text, file: "histograms.csv")
            let deliver = try #require(histograms[.deliver])
            #expect(deliver == recorded)
            let points = DistributionCurve.points(deliver, timeScale: scale)
            for percentile in [50.0, 90, 99, 99.9] {
                let point = try #require(points.first { abs($0.y - percentile / 100) < 1e-9 })
                #expect(point.x == Double(deliver.value(atPercentile: percentile)) / scale / 1e6)
            }
            #expect(points.map(\.x) == points.map(\.x).sorted())
            #expect(points.last?.y == 1)
        }
        #expect(DistributionCurve.points(Histogram(), timeScale: 1).isEmpty)
    }

    @Test("a curve has the same number of points however many invocations the run had")
    func curveSizeIsFixed() {
        var small = Histogram()
        var large = Histogram()
        for value in 1...100 { small.record(UInt64(value) * 1_000_000) }
        for value in 1...100_000 { large.record(UInt64(value) * 1000) }
        #expect(
            DistributionCurve.points(small, timeScale: 1).count == DistributionCurve.points(large, timeScale: 1).count)
    }

    @Test("a bad histograms.csv value names the file, line and column")
    func badHistogram() {
        let text = "histogram,value_ns,count\r\ndeliver,12,1\r\ndeliver,-5,1\r\n"
        #expect(
            throws: ReportError.badValue(
                file: "h.csv", line: 3, column: "value_ns", value: "-5", expected: "whole nanoseconds ≥ 0")
        ) {
            try HistogramsFile.parse(text, file: "h.csv")
        }
        #expect(throws: ReportError.missingColumn(file: "h.csv", column: "count")) {
            try HistogramsFile.parse("histogram,value_ns\r\n", file: "h.csv")
        }
        #expect(throws: ReportError.csv(file: "h.csv", .unterminatedQuote(line: 2))) {
            try HistogramsFile.parse("histogram,value_ns,count\r\n\"deliver,1,1", file: "h.csv")
        }
    }

    @Test("a histogram no key names (a newer nse-bench's) is passed over: the report draws none of it")
    func unknownHistogramsArePassedOver() throws {
        let text = "histogram,value_ns,count\r\ndeliver,12,1\r\ncold_open,7,3\r\nfirst_byte,5,2\r\n"
        let histograms = try HistogramsFile.parse(text, file: "h.csv")
        #expect(Set(histograms.keys) == [.deliver, .phase(.firstByte)])
        #expect(histograms[.phase(.firstByte)]?.totalCount == 2)
    }

    @Test("timeline.csv reads back what the run's timeline wrote")
    func timelineRoundTrip() throws {
        let table = try TimelineTable(text: ReportFixture.timeline(), file: "timeline.csv")
        #expect(table.seconds == Array(0...10))
        #expect(table.arrivals == Array(repeating: 100, count: 10) + [0])
        #expect(table.inFlight == Array(repeating: 100, count: 10) + [0])
        #expect(table.outcomes["enriched"] == [0] + Array(repeating: 95, count: 10))
        #expect(table.outcomes["killed"] == [0] + Array(repeating: 5, count: 10))
        #expect(table.bytes.reduce(0, +) == 200_000_000)
        #expect(throws: ReportError.missingColumn(file: "t.csv", column: "transport_bytes")) {
            try TimelineTable(
                text:
                    "second,arrivals,finished,in_flight,enriched,degraded,discarded,expired_best_attempt,expired_original,killed,crashed,transport_requests\r\n",
                file: "t.csv")
        }
    }

    @Test("blame columns are read when present, largest first, and their absence is known")
    func blame() throws {
        let without = try ReportFixture.run()
        #expect(!without.recordsBlame)
        #expect(RunReport.html(without, serverLog: nil).contains("no blame recorded"))
        let with = try ReportFixture.run(
            ["blame_first_byte": "30", "blame_connect": "5", "blame_expiry": "15"],
            extra: ["blame_first_byte", "blame_connect", "blame_expiry"])
        #expect(with.blame.map(\.cause) == ["first_byte", "expiry", "connect"])
        let page = RunReport.html(with, serverLog: nil)
        #expect(page.contains("data-chart=\"blame\""))
        #expect(page.contains("first_byte"))
        #expect(!page.contains("no blame recorded"))
    }

    @Test("a run report's figures are summary.csv's and its charts are all there")
    func runReport() throws {
        let run = try ReportFixture.run(["deliver_p99_ms": "990.5", "enriched": "950", "invocations": "1000"])
        let page = RunReport.html(run, serverLog: "requests 10")
        for chart in [
            "outcomes", "deliver-cdf", "slack-cdf", "timeline-load", "timeline-outcomes", "timeline-requests",
            "timeline-bytes",
        ] {
            #expect(page.contains("data-chart=\"\(chart)\""), "missing chart \(chart)")
        }
        #expect(page.contains("990.5 ms"))
        #expect(page.contains("95.0%"))
        #expect(page.contains("deadline 30 s"))
        #expect(page.contains("grace end 32 s"))
        #expect(page.contains("media-20s&#39;s own timeout 20 s"))
        #expect(page.contains("95% band"))
        #expect(page.contains("requests 10"))
    }

    @Test("a population of phones gets a bar per network class, with its share of the invocations")
    func networkClassBars() throws {
        let run = try ReportFixture.run([
            "net_wifi_invocations": "600", "net_wifi_enriched": "594", "net_wifi_fallback": "0",
            "net_wifi_enriched_rate": "0.99", "net_wifi_fallback_rate": "0", "net_edge_invocations": "400",
            "net_edge_enriched": "100", "net_edge_fallback": "100", "net_edge_enriched_rate": "0.25",
            "net_edge_fallback_rate": "0.25",
        ])
        let page = RunReport.html(run, serverLog: nil)
        #expect(page.contains("wifi (60.0%)"))
        #expect(page.contains("edge (40.0%)"))
        #expect(page.contains("50.0%"), "edge's partial share: 200 of 400")
        #expect(!page.contains("one network class"), "a population is not one class")
        let single = RunReport.html(try ReportFixture.run(), serverLog: nil)
        #expect(!single.contains("wifi ("))
        #expect(single.contains("one network class"))
    }

    @Test("a run without timeline.csv says so")
    func noTimeline() throws {
        let run = try RunData(
            name: "old", summaryText: ReportFixture.summary([ReportFixture.row()]), summarySource: "s",
            histogramsText: ReportFixture.histograms().text, histogramsSource: "h", timelineText: nil,
            timelineSource: "t")
        #expect(RunReport.html(run, serverLog: nil).contains("No timeline.csv"))
    }

    @Test("a sweep written by hand gives one curve per extension and a dot per cliff reached")
    func sweep() throws {
        let sweep = try SweepData(
            sweepText: ReportFixture.sweepCSV, sweepSource: "sweep.csv", cliffsText: ReportFixture.cliffsCSV,
            cliffsSource: "cliffs.csv")
        #expect(sweep.setting == "ttfb")
        #expect(sweep.unit == "ms")
        #expect(sweep.extensions == ["media", "media-20s"])
        #expect(sweep.cliffs.count == 6)
        #expect(sweep.cliffs[3].value == nil)
        let page = SweepReport.html(sweep, name: "sweep")
        #expect(page.contains("data-chart=\"sweep-enriched\""))
        #expect(page.contains("data-chart=\"sweep-fallback\""))
        #expect(occurrences(of: "class=\"series\"", in: page) == 4)
        #expect(occurrences(of: "<circle class=\"point\"", in: page) == 5)
        #expect(page.contains("never reached"))
        #expect(page.contains("swept ttfb (ms)"))
    }

    @Test("a sweep says which points and cliffs rest on invalid runs, and a level held throughout has no dot")
    func sweepValidity() throws {
        let sweepCSV =
            CSVWriter.record([
                "sweep_setting", "sweep_value", "sweep_unit", "extension", "enriched_rate", "fallback_rate", "valid",
            ])
            + CSVWriter.record(["ttfb", "0", "ms", "media", "1", "0", "true"])
            + CSVWriter.record(["ttfb", "20000", "ms", "media", "0.4", "0", "false"])
            + CSVWriter.record(["ttfb", "0", "ms", "template", "1", "0", "true"])
            + CSVWriter.record(["ttfb", "20000", "ms", "template", "1", "0", "true"])
        let cliffsCSV =
            CSVWriter.record(["extension", "level", "value", "unit", "finding", "valid"])
            + CSVWriter.record(["media", "0.95", "11000", "ms", "within", "false"])
            + CSVWriter.record(["template", "0.95", "20000", "ms", "beyond_range", "true"])
        let sweep = try SweepData(
            sweepText: sweepCSV, sweepSource: "sweep.csv", cliffsText: cliffsCSV, cliffsSource: "cliffs.csv")
        #expect(sweep.invalidPoints == 1)
        #expect(sweep.cliffs.map(\.finding) == ["within", "beyond_range"])
        #expect(sweep.cliffs.map(\.fromValidRuns) == [false, true])
        let page = SweepReport.html(sweep, name: "sweep")
        #expect(page.contains("1 of 4 points came from runs the self-check marked invalid"))
        #expect(page.contains("held across the range (to 20000 ms)"))
        #expect(page.contains("no: from runs marked invalid"))
        #expect(occurrences(of: "<circle class=\"point\"", in: page) == 1, "the held-throughout level gets no dot")
    }

    @Test("a sweep's bad or missing columns are named")
    func badSweep() {
        #expect(throws: ReportError.missingColumn(file: "s.csv", column: "fallback_rate")) {
            try SweepData(
                sweepText: "sweep_setting,sweep_value,sweep_unit,extension,enriched_rate\r\n", sweepSource: "s.csv",
                cliffsText: nil, cliffsSource: "")
        }
        #expect(
            throws: ReportError.badValue(
                file: "s.csv", line: 2, column: "enriched_rate", value: "1.5", expected: "a fraction from 0 to 1")
        ) {
            try SweepData(
                sweepText:
                    "sweep_setting,sweep_value,sweep_unit,extension,enriched_rate,fallback_rate\r\nttfb,1,ms,media,1.5,0\r\n",
                sweepSource: "s.csv", cliffsText: nil, cliffsSource: "")
        }
        #expect(throws: ReportError.noRows(file: "s.csv")) {
            try SweepData(
                sweepText: "sweep_setting,sweep_value,sweep_unit,extension,enriched_rate,fallback_rate\r\n",
                sweepSource: "s.csv", cliffsText: nil, cliffsSource: "")
        }
    }

    @Test("a trend marks a regression against the commit before, as the gate judges it")
    func trend() throws {
        func file(_ commit: String, enriched: Int) throws -> SummaryFile {
            let rate = Double(enriched) / 1000
            let row = ReportFixture.row([
                "git_commit": commit, "enriched": String(enriched), "degraded": String(980 - enriched),
                "enriched_rate": String(rate),
            ])
            return try SummaryFile(text: ReportFixture.summary([row, row, row]), source: "\(commit).csv")
        }
        let trend = TrendData(
            files: [try file("c1", enriched: 950), try file("c2", enriched: 950), try file("c3", enriched: 700)],
            options: CompareOptions())
        #expect(trend.commits.map(\.label) == ["c1", "c2", "c3"])
        #expect(trend.commits[0].entries[0].verdicts.isEmpty)
        #expect(trend.commits[1].entries[0].verdicts["enriched_rate"] == "unchanged")
        #expect(trend.commits[2].entries[0].verdicts["enriched_rate"] == "regression")
        #expect(trend.commits[2].entries[0].enrichedRate == 0.7)
        #expect(trend.commits[2].outcome == .regression)
        let page = TrendReport.html(trend)
        for chart in ["trend-enriched_rate", "trend-fallback_rate", "trend-deliver_p99_ms"] {
            #expect(page.contains("data-chart=\"\(chart)\""))
        }
        #expect(page.contains("default at c3: regression"))
    }

    @Test("a comparison draws both runs and carries compare's verdict table")
    func compare() throws {
        let baseline = try ReportFixture.run(name: "base")
        let candidate = try ReportFixture.run(name: "cand", ["deliver_p99_ms": "2000"], shift: 500_000_000)
        let comparison = Comparator.compare(
            baseline: baseline.summary, candidate: candidate.summary, options: CompareOptions())
        let page = CompareReport.html(baseline: baseline, candidate: candidate, comparison: comparison)
        #expect(page.contains("data-series=\"baseline\""))
        #expect(page.contains("data-series=\"candidate\""))
        #expect(page.contains("deliver_p99_ms"))
        #expect(page.contains("class=\"verdict-regression\""))
        #expect(page.contains(ReportContent(comparison).summary))
    }
}

/// How many times `needle` occurs in `text`.
func occurrences(of needle: String, in text: String) -> Int { text.ranges(of: needle).count }

@Suite("the report draws the timeout the run saw the extension set")
struct ObservedTimeoutReportTests {
    @Test func aUsersExtensionGetsTheLineOfTheTimeoutItsDownloadsSet() throws {
        let run = try ReportFixture.run(["extension": "MyNotificationService", "extension_timeout_s": "12.5"])
        let page = RunReport.html(run, serverLog: "")
        #expect(page.contains("MyNotificationService&#39;s own timeout 12.5 s"))
        #expect(!page.contains("sets no download timeout"))
    }

    @Test func withoutOneAUsersExtensionIsSaidToSetNone() throws {
        let run = try ReportFixture.run(["extension": "MyNotificationService", "extension_timeout_s": ""])
        #expect(RunReport.html(run, serverLog: "").contains("MyNotificationService sets no download timeout"))
    }
}

@Suite("the report names where the extension crashed")
struct CrashReportTests {
    static let reason =
        "the extension crashed at Ext/Service.swift:9:5 in parse(_:): Index out of range <b> (signal 4, SIGILL)"

    @Test func aRunListsItsCrashesByReasonLargestFirstEscaped() throws {
        let run = try ReportFixture.run([
            "crashed": "5", "enriched": "945", "enriched_rate": "0.945",
            "crash_reasons": "3 \(Self.reason); 2 (other reasons)",
        ])
        let page = RunReport.html(run, serverLog: "")
        #expect(page.contains("Crashes by reason (summary.csv&#39;s crash_reasons)"))
        #expect(page.contains("<td>\(HTML.escape(Self.reason))</td>"))
        #expect(!page.contains("<b>"))
        #expect(page.contains("<td>of other reasons (invocations.csv&#39;s error column)</td>"))
        let position = try #require(page.range(of: HTML.escape(Self.reason))?.lowerBound)
        let other = try #require(page.range(of: "of other reasons")?.lowerBound)
        #expect(position < other, "largest first")
    }

    @Test func aRunThatDidNotCrashHasNoCrashTable() throws {
        #expect(!RunReport.html(try ReportFixture.run(), serverLog: "").contains("Crashes by reason"))
    }

    @Test func aComparisonMarksAPlaceNewInTheCandidate() throws {
        let baseline = try ReportFixture.run(name: "base")
        let candidate = try ReportFixture.run(name: "cand", ["crash_reasons": "1 \(Self.reason)"])
        let comparison = Comparator.compare(
            baseline: baseline.summary, candidate: candidate.summary, options: CompareOptions())
        let page = CompareReport.html(baseline: baseline, candidate: candidate, comparison: comparison)
        #expect(
            page.contains(
                "<tr class=\"verdict-regression\"><td class=\"num\">0</td><td class=\"num\">1</td><td>new</td><td>"
                    + HTML.escape(Self.reason)))
        #expect(page.contains(HTML.escape(ReportContent.crashPlacesTitle)))
    }
}
