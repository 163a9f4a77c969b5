import Foundation
import NSEBenchCore
import Testing

@testable import NSEBenchReport

/// A suite's page: an overview row per run whose figures are the suite's summary.csv's, each run's
/// sections under an id the overview links to, and what was repeated or ran again said.
@Suite("The report of a suite's folder")
struct SuiteReportTests {
    /// A suite of `rows` (each the overrides of one run's row), each run's folder named `folders[i]`
    /// (the row's scenario by default), with `retried` attempts for the folders named in it.
    static func suite(
        _ rows: [[String: String]], folders: [String]? = nil,
        retried: [String: [SuiteData.RetriedAttempt]] = [:]
    ) throws -> SuiteData {
        let blame = ["blame_first_byte", "blame_connect", "blame_expiry"]
        let file = try SummaryFile(
            text: ReportFixture.summary(rows.map { ReportFixture.row($0) }, extra: blame), source: "suite/summary.csv")
        let entries = try file.runs.enumerated().map { index, row in
            let folder = folders?[index] ?? row.scenario
            let run = try ReportFixture.run(name: "suite/\(folder)", rows[index], extra: blame)
            return SuiteData.Entry(
                row: row, folder: folder, run: run, serverLog: "requests \(index)", retried: retried[folder] ?? [])
        }
        return SuiteData(name: "suite", summarySource: file.source, entries: entries)
    }

    /// Two runs that differ in extension and network, one of them not valid.
    static let twoRuns: [[String: String]] = [
        [
            "scenario": "steady", "extension": "media", "deliver_p50_ms": "123.4", "deliver_p99_ms": "990.5",
            "blame_first_byte": "30", "blame_connect": "10", "blame_expiry": "10",
        ],
        [
            "scenario": "lossy", "extension": "media-25s", "network": "lossy", "enriched": "800", "degraded": "30",
            "killed": "170", "enriched_rate": "0.8", "fallback_rate": "0.17", "finished_before_deadline_rate": "0.83",
            "deliver_p50_ms": "2500", "deliver_p99_ms": "29000.25", "blame_first_byte": "20", "blame_connect": "5",
            "blame_expiry": "175", "valid": "false", "invalid_reason": "CPU at 95% of the machine; timer lag 40 ms",
        ],
    ]

    /// The overview's `<tbody>` of each run, in order.
    static func overviewRows(_ page: String) throws -> [String] {
        let start = try #require(page.range(of: "<table class=\"overview\">"))
        let end = try #require(page.range(of: "</table>", range: start.upperBound..<page.endIndex))
        let parts: [String] = page[start.upperBound..<end.lowerBound].components(separatedBy: "<tbody>")
        return Array(parts.dropFirst())
    }

    @Test("each overview row's figures are that row's of summary.csv")
    func overviewMatchesSummary() throws {
        let suite = try Self.suite(Self.twoRuns)
        let rows = try Self.overviewRows(SuiteReport.html(suite))
        try #require(rows.count == 2)
        for (text, row) in zip(rows, suite.entries.map(\.row)) {
            let expected = [
                Format.count(row.invocations), Format.percent(row.numbers["enriched_rate"] ?? -1),
                Format.percent(row.numbers["fallback_rate"] ?? -1), Format.milliseconds(row.numbers["deliver_p50_ms"]),
                Format.milliseconds(row.numbers["deliver_p99_ms"]),
            ]
            for figure in expected {
                #expect(text.contains("<td class=\"num\">\(figure)</td>"), "\(row.scenario): \(figure) missing")
            }
        }
        // Written out once, so a change of format cannot make both sides agree on a wrong figure.
        #expect(rows[0].contains(">95.0%<") && rows[0].contains(">2.0%<") && rows[0].contains(">123.4 ms<"))
        #expect(rows[1].contains(">80.0%<") && rows[1].contains(">17.0%<") && rows[1].contains(">29000.3 ms<"))
        #expect(rows[0].contains("first_byte: 30 of 50 misses (60.0%)"))
        #expect(rows[1].contains("expiry: 175 of 200 misses (87.5%)"))
        let perfect = try Self.overviewRows(
            SuiteReport.html(
                Self.suite([
                    [
                        "scenario": "a", "enriched": "1000", "degraded": "0", "killed": "0", "enriched_rate": "1",
                        "fallback_rate": "0", "finished_before_deadline_rate": "1", "blame_first_byte": "0",
                        "blame_connect": "0", "blame_expiry": "0",
                    ],
                    ["scenario": "b"],
                ])))
        #expect(perfect[0].contains("none (all enriched)"))
        #expect(rows[0].contains("badge good\">valid"))
        #expect(rows[1].contains("not valid") && rows[1].contains("CPU at 95% of the machine"))
        #expect(rows[1].contains("timer lag 40 ms"))
        let long = String(repeating: "the harness's own delay ", count: 10)
        let cut = try Self.overviewRows(
            SuiteReport.html(
                Self.suite([["scenario": "a"], ["scenario": "b", "valid": "false", "invalid_reason": long]])))
        let trimmed = long.trimmingCharacters(in: .whitespaces)
        #expect(cut[1].contains("title=\"\(HTML.escape(trimmed))\""), "the whole reason in the hover title")
        #expect(cut[1].contains(HTML.escape(String(trimmed.prefix(SuiteReport.longestReason - 1))) + "…"))
    }

    @Test("each row's outcome strip has a segment per outcome it had, sized by its share")
    func outcomeStrips() throws {
        let rows = try Self.overviewRows(SuiteReport.html(try Self.suite(Self.twoRuns)))
        #expect(occurrences(of: "<svg class=\"strip\"", in: rows[0]) == 1)
        #expect(rows[1].contains("data-segment=\"enriched\" x=\"0\" y=\"0\" width=\"128\""), "80% of 160")
        #expect(rows[1].contains("data-segment=\"killed\""))
        #expect(rows[1].contains("<title>killed 17.0%</title>"))
        #expect(!rows[1].contains("data-segment=\"crashed\""), "no crash: no segment")
    }

    @Test("the settings that tell the runs apart are listed, the scenario's name and shared ones not")
    func distinguishingSettings() throws {
        let suite = try Self.suite(Self.twoRuns)
        #expect(suite.distinguishingSettings == ["extension", "network"])
        let rows = try Self.overviewRows(SuiteReport.html(suite))
        #expect(rows[0].contains("<code>extension</code> media</span> · "))
        #expect(rows[1].contains("<code>network</code> lossy</span>"))
        #expect(!rows[0].contains("<code>deadline_s</code>"))
        let long = String(repeating: "ttfb=1s&", count: 20)
        let cut = try SuiteReport.html(Self.suite([["scenario": "a"], ["scenario": "b", "network": long]]))
        #expect(cut.contains("title=\"network \(HTML.escape(long))\""), "the whole value in the hover title")
        #expect(cut.contains(HTML.escape(String(long.prefix(SuiteReport.longestSetting - 1))) + "…"))
        let same = try SuiteReport.html(Self.suite([["scenario": "a"], ["scenario": "b"]]))
        #expect(same.contains("Every run has the same settings"))
    }

    @Test("every run has its own sections under an id the overview links to, its charts' ids under it")
    func sectionsLinked() throws {
        let suite = try Self.suite(Self.twoRuns)
        let page = SuiteReport.html(suite)
        for anchor in ["scenario-steady", "scenario-lossy"] {
            #expect(occurrences(of: "href=\"#\(anchor)\"", in: page) == 1)
            #expect(occurrences(of: "<article class=\"run\" id=\"\(anchor)\">", in: page) == 1)
            for section in ["outcomes", "delivery", "slack", "blame", "timeline", "self-check", "settings"] {
                #expect(page.contains("<section id=\"\(anchor)-\(section)\"><h3>"), "\(anchor): \(section)")
            }
            for chart in BrowserRenderTests.runCharts {
                #expect(occurrences(of: "data-chart=\"\(anchor)-\(chart)\"", in: page) == 1, "\(anchor): \(chart)")
            }
        }
        #expect(!page.contains("data-chart=\"deliver-cdf\""), "no id of a one-run page, which two runs would share")
        #expect(page.contains("requests 1"), "each run's server.log")
        #expect(page.contains("media-25s&#39;s own timeout 25 s"), "each run's own markers")
        #expect(occurrences(of: "href=\"#overview\"", in: page) == 2)
    }

    @Test("a one-run report keeps its ids, headings and open settings table")
    func runReportUnchanged() throws {
        let page = RunReport.html(try ReportFixture.run(), serverLog: nil)
        #expect(page.contains("<section id=\"delivery\"><h2>Time to deliver</h2>"))
        #expect(page.contains("data-chart=\"deliver-cdf\""))
        #expect(page.contains("<table class=\"kv\">") && !page.contains("every setting and the host ("))
    }

    @Test("ids are unique and safe in a link whatever the folders are called")
    func anchors() {
        #expect(
            SuiteReport.anchors(for: ["a b", "a-b", "été", "x\"><script>"])
                == ["scenario-a-b", "scenario-a-b-2", "scenario--t-", "scenario-x---script-"])
    }

    @Test("a hostile folder or scenario name is escaped everywhere on the page")
    func hostileNames() throws {
        let hostile = "<img src=x onerror=alert(1)>"
        let page = SuiteReport.html(
            try Self.suite([["scenario": hostile], ["scenario": "b"]], folders: [hostile, "b"]))
        #expect(!page.contains(hostile))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test("--repeat K: one row per seed, and the page says each scenario ran K times")
    func repeated() throws {
        var rows: [[String: String]] = []
        for scenario in ["steady", "lossy"] {
            for seed in 1...3 { rows.append(["scenario": scenario, "seed": String(seed)]) }
        }
        let suite = try Self.suite(rows, folders: rows.map { "\($0["scenario"] ?? "")-\($0["seed"] ?? "")" })
        #expect(suite.scenarios == ["steady", "lossy"])
        #expect(suite.runs(of: "lossy") == 3)
        let page = SuiteReport.html(suite)
        #expect(page.contains("6 runs of 2 scenarios"))
        #expect(page.contains("Each scenario ran 3 times (suite --repeat 3), with seeds 1 to K"))
        #expect(try Self.overviewRows(page).count == 6)
        #expect(page.contains("<a href=\"#scenario-lossy-2\">lossy-2</a><span class=\"detail\">scenario lossy</span>"))
        #expect(page.contains("<code>seed</code> 2"), "the seed tells the repeats apart")
    }

    @Test("--retries: the row is the last attempt's, and the earlier attempts are named with their reasons")
    func retried() throws {
        let attempt = SuiteData.RetriedAttempt(folder: "lossy.invalid-1", invalidReason: "harness CPU at 95%")
        let suite = try Self.suite(Self.twoRuns, retried: ["lossy": [attempt]])
        let page = SuiteReport.html(suite)
        #expect(page.contains("1 run ran again after an attempt the self-check found not valid"))
        #expect(page.contains("lossy (1 earlier)"))
        let rows = try Self.overviewRows(page)
        #expect(
            rows[1].contains(
                "title=\"lossy.invalid-1/: harness CPU at 95%\">the last of 2 attempts; earlier: lossy.invalid-1/<"))
        #expect(!rows[0].contains("attempts"))
        #expect(
            page.contains(
                "Ran again after 1 attempt the self-check found not valid, kept beside it: lossy.invalid-1/ (harness CPU at 95%)"
            ))
    }

    @Test("the lead counts valid, not valid and partial runs")
    func lead() throws {
        let page = SuiteReport.html(
            try Self.suite(Self.twoRuns + [["scenario": "cut", "partial": "true", "valid": "false"]]))
        #expect(page.contains("3 runs of 3 scenarios"))
        #expect(page.contains("badge good\">1 valid<"))
        #expect(page.contains("badge bad\">1 not valid<"))
        #expect(page.contains("badge bad\">1 partial (interrupted)<"))
    }
}

@Suite("A share strip")
struct ShareStripTests {
    @Test("segments fill the strip in proportion, zero ones are left out, none at all draws a frame")
    func proportions() {
        let style = ChartStyle(color: "#000")
        var strip = ShareStrip(segments: [
            .init(name: "a", value: 0.25, valueText: "25%", style: style),
            .init(name: "b", value: 0, valueText: "0%", style: style),
            .init(name: "c", value: 0.75, valueText: "75%", style: style),
        ])
        strip.width = 200
        let svg = strip.svg()
        #expect(svg.contains("data-segment=\"a\" x=\"0\" y=\"0\" width=\"50\""))
        #expect(svg.contains("data-segment=\"c\" x=\"50\" y=\"0\" width=\"150\""))
        #expect(!svg.contains("data-segment=\"b\""))
        let empty = ShareStrip(segments: [.init(name: "a", value: 0, valueText: "0%", style: style)]).svg()
        #expect(!empty.contains("class=\"bar\"") && empty.contains("stroke=\"#bbb\""))
    }
}
