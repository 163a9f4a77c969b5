import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Synchronization
import Testing

@testable import NSEBenchCLI

/// `nse-bench report SUITE_DIR` and `suite --report`: a suite's folder told from a run's by its
/// layout, each row matched to its run folder, and errors naming the folder or file that is missing.
@Suite("nse-bench report of a suite's folder", .timeLimit(.minutes(3)))
struct SuiteReportCommandTests {
    func report(_ arguments: [String]) async -> (status: ExitCode, output: String, errors: String) {
        let run = await ToolRun.main(["report"] + arguments)
        return (run.status, run.output, run.errors)
    }

    static func histograms() -> String {
        var text = CSVWriter.record(["histogram", "value_ns", "count"])
        for millisecond in stride(from: 100, through: 1000, by: 100) {
            text += CSVWriter.record(["deliver", String(millisecond * 1_000_000), "10"])
        }
        return text
    }

    /// A run's row for `scenario`: 1000 invocations, `enriched` of them enriched, the rest killed.
    static func row(_ scenario: String, enriched: Int = 950, _ overrides: [String: String] = [:]) -> [String: String] {
        CompareFixture.row(
            [
                "scenario": scenario, "enriched": String(enriched), "degraded": "0", "killed": String(1000 - enriched),
                "enriched_rate": String(Double(enriched) / 1000),
                "fallback_rate": String(Double(1000 - enriched) / 1000),
                "finished_before_deadline_rate": String(Double(enriched) / 1000), "deliver_p99_ms": "\(enriched).5",
            ].merging(overrides) { $1 })
    }

    /// Writes a suite's folder as `suite` does: each run folder (summary.csv, histograms.csv) named in
    /// `runs`, and summary.csv with their rows; returns the folder's path.
    @discardableResult
    static func writeSuite(_ fixture: CompareFixture, _ runs: [(folder: String, row: [String: String])]) throws
        -> String
    {
        for run in runs {
            try fixture.summary("suite/\(run.folder)/summary.csv", [run.row])
            try fixture.write("suite/\(run.folder)/histograms.csv", histograms())
        }
        try fixture.summary("suite/summary.csv", runs.map(\.row))
        return fixture.path("suite")
    }

    static let threeRuns: [(folder: String, row: [String: String])] = [
        ("burst", row("burst", enriched: 900)), ("steady", row("steady", enriched: 990)),
        ("lossy", row("lossy", enriched: 700, ["extension": "media-25s"])),
    ]

    @Test("a one-row summary beside histograms.csv is a run; a folder with a row per run folder is a suite")
    func kindDetection() throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        try fixture.summary("run/summary.csv", [CompareFixture.row()])
        try fixture.write("run/histograms.csv", Self.histograms())
        #expect(try ReportInputs.kind(of: [fixture.path("run")], trend: false) == .run(fixture.path("run")))
        // A run folder whose attempt was kept beside it is still a run.
        try fixture.summary("run/x.invalid-1/summary.csv", [CompareFixture.row()])
        #expect(try ReportInputs.kind(of: [fixture.path("run")], trend: false) == .run(fixture.path("run")))

        let suite = try Self.writeSuite(fixture, Self.threeRuns)
        #expect(try ReportInputs.kind(of: [suite], trend: false) == .suite(suite))
        #expect(try ReportInputs.kind(of: [suite + "/summary.csv"], trend: false) == .suite(suite))
        #expect(try ReportInputs.kind(of: [suite + "/"], trend: false) == .suite(suite))

        // A suite of one scenario: one row, no histograms.csv, a run folder inside.
        try fixture.summary("one/only/summary.csv", [Self.row("only")])
        try fixture.write("one/only/histograms.csv", Self.histograms())
        try fixture.summary("one/summary.csv", [Self.row("only")])
        #expect(try ReportInputs.kind(of: [fixture.path("one")], trend: false) == .suite(fixture.path("one")))

        // Two suites are not two runs to draw over each other.
        #expect(throws: ReportInputError.self) {
            try ReportInputs.kind(of: [fixture.path("run"), suite], trend: false)
        }
        #expect(try ReportInputs.kind(of: [fixture.path("run"), fixture.path("run")], trend: false) != .suite(suite))

        // Several rows and no run folder at all is still a suite's summary: the error names the folder.
        try fixture.summary("bare/summary.csv", [Self.row("a"), Self.row("b")])
        #expect(try ReportInputs.kind(of: [fixture.path("bare")], trend: false) == .suite(fixture.path("bare")))
    }

    @Test("report SUITE_DIR writes one page whose overview rows are summary.csv's, each linked to its run")
    func suitePage() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let suite = try Self.writeSuite(fixture, Self.threeRuns)
        try fixture.write("suite/steady/server.log", "requests 12345\n")
        let result = await report([suite])
        #expect(result.status == .success, "\(result.errors)")
        #expect(result.output.contains("report written to \(suite)/report.html"))
        let page = try String(contentsOfFile: suite + "/report.html", encoding: .utf8)
        #expect(page.contains("3 runs of 3 scenarios"))
        let table = try CSVReader.table(String(contentsOfFile: suite + "/summary.csv", encoding: .utf8))
        let overview = try #require(page.components(separatedBy: "<table class=\"overview\">").dropFirst().first)
        let bodies = overview.components(separatedBy: "</table>")[0].components(separatedBy: "<tbody>").dropFirst()
        #expect(bodies.count == table.rows.count)
        for (body, row) in zip(bodies, table.rows) {
            let scenario = try #require(table.value("scenario", in: row))
            #expect(body.contains("<a href=\"#scenario-\(scenario)\">\(scenario)</a>"))
            let enriched = try #require(Double(table.value("enriched_rate", in: row) ?? ""))
            #expect(body.contains(">\(FixedPoint.text(enriched * 100, places: 1))%<"), "\(scenario) enriched")
            let p99 = try #require(Double(table.value("deliver_p99_ms", in: row) ?? ""))
            #expect(body.contains(">\(FixedPoint.text(p99, places: 1)) ms<"), "\(scenario) deliver p99")
            #expect(page.contains("<article class=\"run\" id=\"scenario-\(scenario)\">"))
            #expect(page.contains("data-chart=\"scenario-\(scenario)-deliver-cdf\""))
        }
        #expect(bodies.last?.contains("<code>extension</code> media-25s") == true)
        #expect(page.contains("requests 12345"))

        let elsewhere = await report([suite, "-o", fixture.path("s.html")])
        #expect(elsewhere.status == .success)
        #expect(FileManager.default.fileExists(atPath: fixture.path("s.html")))
    }

    @Test("a row's run folder is found by its row when the scenario's name is not the folder's")
    func folderFoundByRow() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        // A scenario file's "name" key names the row; the folder keeps the file's name.
        let suite = try Self.writeSuite(fixture, [("a-file", Self.row("Named A")), ("b", Self.row("b"))])
        let data = try ReportInputs.suite(suite)
        #expect(data.entries.map(\.folder) == ["a-file", "b"])
        #expect(data.entries.map(\.row.scenario) == ["Named A", "b"])
    }

    @Test("--repeat K folders and --retries attempts are read back: rows by seed, attempts with their reason")
    func repeatsAndRetries() throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        var runs: [(folder: String, row: [String: String])] = []
        for scenario in ["lossy", "steady"] {
            for seed in 1...2 { runs.append(("\(scenario)-\(seed)", Self.row(scenario, ["seed": String(seed)]))) }
        }
        // Written out of order, so the folders are matched by seed, not listed in order.
        runs.swapAt(0, 1)
        let suite = try Self.writeSuite(fixture, runs)
        try fixture.summary(
            "suite/lossy-2.invalid-2/summary.csv",
            [Self.row("lossy", ["valid": "false", "invalid_reason": "timer lag 80 ms"])])
        try fixture.summary(
            "suite/lossy-2.invalid-1/summary.csv",
            [Self.row("lossy", ["valid": "false", "invalid_reason": "CPU at 95%"])])
        let data = try ReportInputs.suite(suite)
        #expect(data.entries.map(\.folder) == ["lossy-2", "lossy-1", "steady-1", "steady-2"])
        #expect(data.entries[0].retried.map(\.folder) == ["lossy-2.invalid-1", "lossy-2.invalid-2"])
        #expect(data.entries[0].retried.map(\.invalidReason) == ["CPU at 95%", "timer lag 80 ms"])
        #expect(data.entries[1].retried.isEmpty)
    }

    @Test("a row whose run folder is missing, a run folder without histograms, or another suite's, is named; exit 1")
    func badSuites() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let suite = try Self.writeSuite(fixture, Self.threeRuns)
        try FileManager.default.removeItem(atPath: suite + "/steady")
        let missing = await report([suite])
        #expect(missing.status == .harnessError)
        #expect(missing.errors.contains("cannot read '\(suite)/steady'"), "\(missing.errors)")
        #expect(missing.errors.contains("no run folder for line 3 of \(suite)/summary.csv (scenario steady)"))
        #expect(!FileManager.default.fileExists(atPath: suite + "/report.html"))
        let two = await report([suite, suite])
        #expect(two.status == .harnessError)
        #expect(two.errors.contains("a suite's folder, not a run's"), "\(two.errors)")

        try fixture.summary("suite/steady/summary.csv", [Self.threeRuns[1].row])
        let noHistograms = await report([suite])
        #expect(noHistograms.status == .harnessError)
        #expect(
            noHistograms.errors.contains("'\(suite)/steady/histograms.csv': no such file"), "\(noHistograms.errors)")

        try fixture.write("suite/steady/histograms.csv", Self.histograms())
        try fixture.summary("suite/steady/summary.csv", [Self.row("steady", enriched: 991)])
        let mismatched = await report([suite])
        #expect(mismatched.status == .harnessError)
        #expect(
            mismatched.errors.contains(
                "'\(suite)/steady/summary.csv' is not the run of line 3 of '\(suite)/summary.csv': their "),
            "\(mismatched.errors)")

        try fixture.summary("suite/steady/summary.csv", [Self.threeRuns[1].row])
        try fixture.write("suite/summary.csv", "not,a\r\nsummary\r\n")
        let malformed = await report([suite])
        #expect(malformed.status == .harnessError)
        #expect(malformed.errors.contains("\(suite)/summary.csv"), "\(malformed.errors)")
    }

    @Test("suite --report writes report.html over the suite's runs, its retried attempt named")
    func suiteWritesReport() async throws {
        let root = try TemporaryDirectory(prefix: "nse-bench-suite-report")
        defer { root.remove() }
        try root.write("scenarios/a.json", #"{"invocations": 1}"#)
        try root.write("scenarios/b.json", #"{"invocations": 1}"#)
        let out = root.path("out")
        let command = try SuiteCommand(
            parsing: ArgumentParser.parse(
                [root.path("scenarios"), "--out", out, "--retries", "1", "--report"], for: SuiteCommand.configuration))
        let calls = Mutex(0)
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        let status = try await command.run(context) { arguments in
            let call = calls.withLock {
                $0 += 1
                return $0
            }
            let folder = try #require(arguments.firstIndex(of: "--out").map { arguments[$0 + 1] })
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let scenario = URL(fileURLWithPath: folder).lastPathComponent
            // a's first attempt is not valid, so it runs again.
            let valid = call != 1
            let row = Self.row(
                scenario, ["valid": String(valid), "invalid_reason": valid ? "" : "harness CPU at 95%"])
            try CompareFixture.csv([row]).write(toFile: folder + "/summary.csv", atomically: true, encoding: .utf8)
            try Self.histograms().write(toFile: folder + "/histograms.csv", atomically: true, encoding: .utf8)
            return .success
        }
        #expect(status == .success)
        #expect(output.text.contains("report: \(out)/report.html"))
        let page = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(page.contains("2 runs of 2 scenarios"))
        #expect(page.contains("the last of 2 attempts; earlier: a.invalid-1/<"))
        #expect(page.contains("kept beside it: a.invalid-1/ (harness CPU at 95%)"))
        #expect(page.contains("<article class=\"run\" id=\"scenario-b\">"))
    }
}
