import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `nse-bench report` and `run --report`: which inputs make which report, errors naming the bad
/// input, and a real run's timeline.csv agreeing with its summary.csv.
@Suite("nse-bench report", .timeLimit(.minutes(3)))
struct ReportCommandTests {
    func report(_ arguments: [String]) async -> (status: ExitCode, output: String, errors: String) {
        let run = await ToolRun.main(["report"] + arguments)
        return (run.status, run.output, run.errors)
    }

    func histograms() -> String {
        var text = CSVWriter.record(["histogram", "value_ns", "count"])
        for millisecond in stride(from: 100, through: 1000, by: 100) {
            text += CSVWriter.record(["deliver", String(millisecond * 1_000_000), "10"])
        }
        return text
    }

    @Test("a run folder, two run folders, a history folder and a sweep folder each make their report")
    func kinds() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        for name in ["base", "cand"] {
            try fixture.summary("\(name)/summary.csv", [CompareFixture.row(["git_commit": "c-\(name)"])])
            try fixture.write("\(name)/histograms.csv", histograms())
        }
        let run = await report([fixture.path("base")])
        #expect(run.status == .success, "\(run.errors)")
        let page = try String(contentsOfFile: fixture.path("base/report.html"), encoding: .utf8)
        #expect(page.contains("data-chart=\"deliver-cdf\""))
        #expect(page.contains("No timeline.csv"))

        let compared = await report([fixture.path("base"), fixture.path("cand"), "-o", fixture.path("c.html")])
        #expect(compared.status == .success, "\(compared.errors)")
        #expect(try String(contentsOfFile: fixture.path("c.html"), encoding: .utf8).contains("Compare&#39;s verdicts"))

        for index in 1...3 {
            try fixture.summary("history/\(index).csv", [CompareFixture.row(["git_commit": "commit\(index)"])])
        }
        let trend = await report([fixture.path("history"), "-o", fixture.path("t.html")])
        #expect(trend.status == .success, "\(trend.errors)")
        let trendPage = try String(contentsOfFile: fixture.path("t.html"), encoding: .utf8)
        #expect(trendPage.contains("commit3"))
        #expect(trendPage.contains("data-chart=\"trend-enriched_rate\""))

        let pair = await report([
            fixture.path("history/1.csv"), fixture.path("history/2.csv"), "-o", fixture.path("p.html"),
        ])
        #expect(pair.status == .success, "two history files are a trend: \(pair.errors)")
        #expect(try String(contentsOfFile: fixture.path("p.html"), encoding: .utf8).contains("trend-deliver_p99_ms"))
        let two = await report([
            fixture.path("history/1.csv"), fixture.path("history/2.csv"), "--trend", "-o", fixture.path("t2.html"),
        ])
        #expect(two.status == .success, "\(two.errors)")

        try fixture.write(
            "sweep/sweep.csv",
            "sweep_setting,sweep_value,sweep_unit,extension,enriched_rate,fallback_rate\r\nttfb,0,ms,media,1,0\r\n"
                + "ttfb,20000,ms,media,0.5,0.2\r\n")
        let sweep = await report([fixture.path("sweep")])
        #expect(sweep.status == .success, "\(sweep.errors)")
        #expect(
            try String(contentsOfFile: fixture.path("sweep/report.html"), encoding: .utf8).contains("sweep-enriched"))
    }

    @Test("a missing or malformed input is named and exits 1; no input is a usage error")
    func badInputs() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let missing = await report([fixture.path("nowhere")])
        #expect(missing.status == .harnessError)
        #expect(missing.errors.contains("nowhere"))

        try fixture.summary("run/summary.csv", [CompareFixture.row()])
        let noHistograms = await report([fixture.path("run")])
        #expect(noHistograms.status == .harnessError)
        #expect(noHistograms.errors.contains("histograms.csv"))

        try fixture.write("run/histograms.csv", "histogram,value_ns,count\r\ndeliver,abc,1\r\n")
        let bad = await report([fixture.path("run")])
        #expect(bad.status == .harnessError)
        #expect(bad.errors.contains("line 2, column value_ns: 'abc'"))

        let none = await report([])
        #expect(none.status == .usage)
    }

    @Test("run --report writes report.html, and timeline.csv counts what summary.csv counts")
    func runWritesTimelineAndReport() async throws {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("nse-bench")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build nse-bench first")
        // A child process, not LoadTest: its event loops would otherwise share this process's
        // descriptors with tests that count them.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-report-run-\(UUID())")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "run", "--rate", "200", "--duration", "3s", "--time-scale", "0.2", "--media", "1KB.jpg:1", "--report",
            "--quiet", "--out", folder, "--profile", "none",
        ]
        try process.run()
        while process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
        let summaryTable = try CSVReader.table(String(contentsOfFile: folder + "/summary.csv", encoding: .utf8))
        let summary = Dictionary(uniqueKeysWithValues: zip(summaryTable.header, summaryTable.rows[0]))
        let timeline = try CSVReader.table(String(contentsOfFile: folder + "/timeline.csv", encoding: .utf8))
        #expect(timeline.header == RunTimeline.header)
        func total(_ column: String) -> Int {
            timeline.rows.compactMap { Int(timeline.value(column, in: $0) ?? "") }.reduce(0, +)
        }
        let invocations = Int(summary["invocations"] ?? "") ?? -1
        #expect(total("arrivals") == invocations)
        #expect(total("finished") == invocations)
        #expect(total("enriched") == Int(summary["enriched"] ?? "") ?? -1)
        // The transport's figures are those of the invocations' downloads (on a loaded machine some
        // invocations may never start one, so they are checked against invocations.csv, not the count).
        let rows = try CSVReader.table(String(contentsOfFile: folder + "/invocations.csv", encoding: .utf8))
        let bytes = rows.rows.compactMap { Int(rows.value("bytes", in: $0) ?? "") }.reduce(0, +)
        #expect(
            total("transport_bytes") == bytes,
            "\(summary.filter { SummarySchema.outcomeNames.contains($0.key) })")
        #expect(total("transport_requests") <= invocations)
        #expect(total("transport_requests") >= rows.rows.count { (Int(rows.value("bytes", in: $0) ?? "") ?? 0) > 0 })
        #expect(timeline.rows.last.flatMap { timeline.value("in_flight", in: $0) } == "0")
        // Unscaled seconds: 3 s of arrivals (0.6 s of wall time) fill the first 3 rows.
        #expect(timeline.rows.count >= 3, "\(timeline.rows.count) rows")
        #expect(timeline.rows.prefix(3).allSatisfy { timeline.value("arrivals", in: $0) != "0" })
        let page = try String(contentsOfFile: folder + "/report.html", encoding: .utf8)
        #expect(page.contains("data-chart=\"timeline-load\""))
    }
}
