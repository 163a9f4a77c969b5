import Foundation
import NSEBenchCore
import Testing

@testable import NSEBenchReport

/// Each kind of report rendered in headless Chromium: no console error or blocked load, and every
/// chart (and a suite's every outcome strip) present, laid out with a size and something drawn in it. Skipped, saying why, when Chromium is
/// not installed; in CI (`CI=true`) a missing Chromium is a failure.
@Suite("Reports rendered in headless Chromium", .serialized)
struct BrowserRenderTests {
    /// Runs in the page after it loads: lists each chart's size and drawn marks, and every error,
    /// blocked load or console error, as JSON in a `<pre id="nse-bench-check">`.
    static let probe = """
        <script>
        window.__nseErrors = [];
        window.addEventListener('error', e => __nseErrors.push('error: ' + e.message));
        document.addEventListener('securitypolicyviolation', e => __nseErrors.push('blocked: ' + e.violatedDirective + ' ' + e.blockedURI));
        for (const level of ['error', 'warn']) {
          const original = console[level];
          console[level] = (...args) => { __nseErrors.push(level + ': ' + args.join(' ')); original.apply(console, args); };
        }
        window.addEventListener('load', () => {
          const charts = [...document.querySelectorAll('svg.chart')].map(svg => {
            const box = svg.getBoundingClientRect();
            const marks = [...svg.querySelectorAll('path.series, rect.bar, circle.point')].filter(mark => {
              const b = mark.getBBox(); return b.width > 0 || b.height > 0; });
            return { id: svg.dataset.chart, width: box.width, height: box.height, marks: marks.length,
                     texts: svg.querySelectorAll('text').length };
          });
          const strips = [...document.querySelectorAll('svg.strip')].map(svg => {
            const box = svg.getBoundingClientRect();
            const marks = [...svg.querySelectorAll('rect.bar')].filter(mark => mark.getBBox().width > 0);
            return { width: box.width, height: box.height, marks: marks.length };
          });
          const empty = [...document.querySelectorAll('[data-empty-chart]')].map(e => e.dataset.emptyChart);
          const out = document.createElement('pre');
          out.id = 'nse-bench-check';
          out.textContent = JSON.stringify({ charts, strips, empty, errors: __nseErrors });
          document.body.appendChild(out);
        });
        </script>
        """

    struct Check: Decodable {
        struct Chart: Decodable {
            let id: String
            let width: Double
            let height: Double
            let marks: Int
            let texts: Int
        }
        struct Strip: Decodable {
            let width: Double
            let height: Double
            let marks: Int
        }
        let charts: [Chart]
        let strips: [Strip]
        let empty: [String]
        let errors: [String]
    }

    /// The page with the probe added right after its own security policy, which is kept but for
    /// allowing this one inline script.
    static func instrumented(_ page: String) -> String {
        let policy = ReportPage.contentSecurityPolicy
        let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"
        let relaxed = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy); script-src 'unsafe-inline'\">"
        return page.replacingOccurrences(of: meta, with: relaxed + probe)
    }

    /// What the probe found in `page` rendered by `browser`, and the browser's log; nil check when the
    /// page never finished loading.
    static func inspect(_ page: String, named name: String, browser: String) async throws -> (
        check: Check?, log: String
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-render-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(name).html")
        try instrumented(page).write(to: file, atomically: true, encoding: .utf8)
        let (dom, log) = try await HeadlessBrowser.dumpDOM(file, executable: browser)
        guard let start = dom.range(of: "<pre id=\"nse-bench-check\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { return (nil, log) }
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return (try JSONDecoder().decode(Check.self, from: Data(json.utf8)), log)
    }

    /// Renders `page` and checks it: no script of its own, no errors, each of `charts` drawn, and
    /// `strips` outcome strips, each laid out with a segment drawn.
    func render(_ page: String, named name: String, charts: [String], strips: Int = 0) async throws {
        guard let browser = HeadlessBrowser.executable else {
            Issue.record("CI=true but chromium is not installed: run .ci/install-deps chromium")
            return
        }
        #expect(!page.contains("<script"), "\(name): a report must run no script")
        #expect(Self.instrumented(page).contains("nse-bench-check"), "\(name): the probe could not be placed")
        let (found, log) = try await Self.inspect(page, named: name, browser: browser)
        guard let check = found else {
            Issue.record("\(name): the page did not finish loading in chromium; its log:\n\(log)")
            return
        }
        #expect(check.errors.isEmpty, "\(name): console errors \(check.errors)")
        #expect(!log.contains("Uncaught"), "\(name): \(log)")
        #expect(check.empty.isEmpty, "\(name): empty charts \(check.empty)")
        for id in charts {
            guard let chart = check.charts.first(where: { $0.id == id }) else {
                Issue.record("\(name): chart \(id) is missing; drawn: \(check.charts.map(\.id))")
                continue
            }
            #expect(chart.width > 100 && chart.height > 100, "\(name): chart \(id) is \(chart.width)×\(chart.height)")
            #expect(chart.marks > 0, "\(name): chart \(id) draws nothing")
            #expect(chart.texts > 4, "\(name): chart \(id) has no axis labels")
        }
        #expect(check.strips.count == strips, "\(name): \(check.strips.count) outcome strips, not \(strips)")
        for (index, strip) in check.strips.enumerated() {
            #expect(strip.width > 50 && strip.height > 5, "\(name): strip \(index) is \(strip.width)×\(strip.height)")
            #expect(strip.marks > 0, "\(name): strip \(index) draws nothing")
        }
    }

    static var browserPresentOrRequired: Bool { HeadlessBrowser.executable != nil || HeadlessBrowser.isRequired }
    static let skipReason: Comment =
        "chromium is not installed (Debian package chromium; .ci/install-deps chromium installs it); CI=true makes this a failure"

    static let runCharts = [
        "outcomes", "deliver-cdf", "slack-cdf", "blame", "timeline-load", "timeline-outcomes", "timeline-requests",
        "timeline-bytes",
    ]

    static func blamedRun(name: String, _ overrides: [String: String] = [:], shift: UInt64 = 0) throws -> RunData {
        let blame = ["blame_first_byte": "20", "blame_connect": "5", "blame_expiry": "25"]
        return try ReportFixture.run(
            name: name, overrides.merging(blame) { $1 }, extra: Array(blame.keys).sorted(), shift: shift)
    }

    @Test("a run report", .enabled(if: browserPresentOrRequired, skipReason))
    func runReport() async throws {
        let page = RunReport.html(try Self.blamedRun(name: "runs/a"), serverLog: "requests 1000")
        try await render(page, named: "run", charts: Self.runCharts)
    }

    @Test("a comparison of two runs", .enabled(if: browserPresentOrRequired, skipReason))
    func compareReport() async throws {
        let baseline = try Self.blamedRun(name: "base")
        let candidate = try Self.blamedRun(name: "candidate", ["deliver_p99_ms": "1500"], shift: 300_000_000)
        let comparison = Comparator.compare(
            baseline: baseline.summary, candidate: candidate.summary, options: CompareOptions())
        let page = CompareReport.html(baseline: baseline, candidate: candidate, comparison: comparison)
        try await render(
            page, named: "compare",
            charts: Self.runCharts.filter { $0 != "blame" } + ["blame-baseline", "blame-candidate"])
    }

    @Test("a suite's runs on one page", .enabled(if: browserPresentOrRequired, skipReason))
    func suiteReport() async throws {
        let suite = try SuiteReportTests.suite(SuiteReportTests.twoRuns)
        let charts = ["scenario-steady", "scenario-lossy"].flatMap { anchor in
            Self.runCharts.map { "\(anchor)-\($0)" }
        }
        try await render(SuiteReport.html(suite), named: "suite", charts: charts, strips: 2)
    }

    @Test("a trend across commits", .enabled(if: browserPresentOrRequired, skipReason))
    func trendReport() async throws {
        let files = try (0..<6).map { index in
            let enriched = index == 4 ? 700 : 950
            let row = ReportFixture.row([
                "git_commit": "c0ffee\(index)", "enriched": String(enriched), "degraded": String(980 - enriched),
                "enriched_rate": String(Double(enriched) / 1000),
            ])
            return try SummaryFile(text: ReportFixture.summary([row, row, row]), source: "history/\(index).csv")
        }
        let page = TrendReport.html(TrendData(files: files, options: CompareOptions()))
        try await render(
            page, named: "trend", charts: ["trend-enriched_rate", "trend-fallback_rate", "trend-deliver_p99_ms"])
    }

    @Test("a sweep", .enabled(if: browserPresentOrRequired, skipReason))
    func sweepReport() async throws {
        let sweep = try SweepData(
            sweepText: ReportFixture.sweepCSV, sweepSource: "sweep.csv", cliffsText: ReportFixture.cliffsCSV,
            cliffsSource: "cliffs.csv")
        try await render(
            SweepReport.html(sweep, name: "sweep"), named: "sweep", charts: ["sweep-enriched", "sweep-fallback"])
    }

    @Test(
        "the probe sees a blocked fetch and a chart that draws nothing",
        .enabled(if: browserPresentOrRequired, skipReason))
    func probeCatchesFaults() async throws {
        guard let browser = HeadlessBrowser.executable else {
            Issue.record("CI=true but chromium is not installed: run .ci/install-deps chromium")
            return
        }
        let body =
            "<img src=\"https://example.invalid/x.png\" alt=\"\">"
            + "<svg class=\"chart\" data-chart=\"hollow\" width=\"300\" height=\"200\"><path class=\"series\" d=\"\"/></svg>"
        let page = ReportPage.document(title: "faulty", subtitle: "", body: body)
        let (found, log) = try await Self.inspect(page, named: "faulty", browser: browser)
        let check = try #require(found, "no probe output; log: \(log)")
        #expect(check.errors.contains { $0.hasPrefix("blocked: img-src") }, "\(check.errors)")
        #expect(check.charts.first { $0.id == "hollow" }?.marks == 0)
    }
}
