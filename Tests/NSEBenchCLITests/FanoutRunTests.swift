import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `--fanout-curve` and `--wake-jitter` on `run`: the settings recorded, bad files and combinations
/// named (exit 64), and a measured curve's shape in a run's timeline.csv.
@Suite("nse-bench run: fan-out curves and wake-up jitter", .serialized, .timeLimit(.minutes(3)))
struct FanoutRunTests {
    func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
    }

    /// A curve file holding `text`, removed after `body`.
    func withCurve<T>(_ text: String, _ body: (String) async throws -> T) async throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("curve-\(UUID().uuidString).csv")
        try text.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        return try await body(path.path)
    }

    /// 80% of the phones in the first second of ten.
    let fastRise = "seconds,share_delivered\n0,0\n1,0.8\n10,1\n"

    @Test func aMeasuredCurveIsRecordedAndGivesItsOwnLength() async throws {
        try await withCurve(fastRise) { path in
            let settings = try parse(["--burst", "100", "--fanout-curve", "file:" + path]).settings
            #expect(settings.fanout == 10_000_000_000, "the curve's own length without --fanout")
            #expect(settings.columns["fanout_s"] == "10.0")
            #expect(settings.columns["fanout_curve"] == "file:" + path)
            #expect(settings.fanoutCurve.points.count == 3)
            let stretched = try parse(["--burst", "100", "--fanout", "2s", "--fanout-curve", "file:" + path]).settings
            #expect(stretched.fanout == 2_000_000_000, "--fanout stretches the curve")
        }
        let linear = try parse(["--burst", "100", "--fanout", "10s", "--fanout-curve", "linear"]).settings
        #expect(linear.columns["fanout_curve"] == "" && linear.fanoutCurve.isLinear, "linear is the default's row")
        #expect(try parse(["--burst", "10"]).settings.columns["fanout_curve"] == "")
    }

    @Test func theHerdScenarioReadsItsCurve() throws {
        let settings = try parse(["--scenario", "Benchmarks/herd/broadcast-curve.json"]).settings
        #expect(settings.columns["fanout_curve"] == "file:Benchmarks/herd/broadcast-curve.csv")
        #expect(settings.fanout == 60_000_000_000, "the curve's own 60 s")
        #expect(settings.wakeJitter != nil)
    }

    @Test func wakeJitterIsRecordedWithOrWithoutAWindow() throws {
        let settings = try parse(["--burst", "100", "--fanout", "10s", "--wake-jitter", "uniform:0ms..2s"]).settings
        #expect(settings.wakeJitter == (try LatencyDistribution(parsing: "uniform:0ms..2s")))
        #expect(settings.columns["wake_jitter"] == "uniform:0..2s", "the parse form")
        #expect(settings.burstFanout.spreads)
        let alone = try parse(["--burst", "100", "--wake-jitter", "300ms"]).settings
        #expect(alone.fanout == 0 && alone.burstFanout.spreads, "a jitter alone spreads a burst at one instant")
        #expect(try parse(["--burst", "10"]).settings.columns["wake_jitter"] == "")
    }

    @Test(arguments: [
        ("0,0\n2,0.5\n1,1\n", "line 3: seconds 1.0 does not increase"),
        ("0,0\n2,1.5\n", "line 2: share 1.5 is outside 0 to 1"),
        ("0,0\n", "1 point in 2 lines"),
        ("0,0\n5,0.9\n", "line 2: the last share is 0.9, not 1"),
        ("0,0\n0.0001,1\n", "at least 1ms long"),
    ])
    func aBadCurveFileIsAUsageErrorNamingTheFileAndLine(text: String, message: String) async throws {
        try await withCurve(text) { path in
            let error = #expect(throws: UsageError.self) {
                try parse(["--burst", "10", "--fanout-curve", "file:" + path])
            }
            let description = error.map { "\($0)" } ?? ""
            #expect(description.contains("'--fanout-curve'") && description.contains(path), "\(description)")
            #expect(description.contains(message), "\(description)")
        }
    }

    @Test(arguments: [
        (["--burst", "10", "--fanout-curve", "file:/nonexistent/curve.csv"], "a readable file"),
        (["--burst", "10", "--fanout-curve", "steep"], "linear, or file:PATH"),
        (["--burst", "10", "--fanout-curve", "file:"], "linear, or file:PATH"),
        (["--burst", "10", "--fanout-curve", "linear"], "--fanout T, which is missing"),
        (["-c", "10", "--fanout-curve", "linear"], "--fanout-curve spreads a --burst's arrivals"),
        (["--rate", "10", "--wake-jitter", "1s"], "--wake-jitter delays each of a --burst's arrivals"),
        (["--burst", "10", "--wake-jitter", "soon"], "'--wake-jitter'"),
        (["--burst", "10", "--wake-jitter", "file:/nonexistent/jitter.txt"], "'--wake-jitter'"),
    ])
    func badFlagsAreNamed(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) { try parse(arguments) }
        #expect(error.map { "\($0)" }?.contains(message) == true, "\(String(describing: error))")
    }

    @Test func aBadCurveExits64() async throws {
        try await withCurve("0,0\n5,0.9\n") { path in
            let errors = CapturedText()
            let context = CommandContext(
                output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
            let status = await NSEBenchTool.main(
                ["run", "--burst", "10", "--fanout-curve", "file:" + path], context: context)
            #expect(status == .usage)
            #expect(errors.text.contains(path) && errors.text.contains("line 2"), "\(errors.text)")
        }
    }

    @Test func aCurveWithEightyPercentInTheFirstTenthShowsInTheTimeline() async throws {
        let result = try await withCurve(fastRise) { path in
            try await InProcessRun.runWithTimeline([
                "--burst", "300", "--fanout-curve", "file:" + path, "--extension", "media", "--media", "20KB.jpg:1",
                "--time-scale", "0.5", "--extension-processes", "0",
            ])
        }
        #expect(
            result.status == .success || result.status == .harnessError,
            "a loaded machine may make it invalid, never a usage error")
        #expect(result.summary["fanout_s"] == "10.0" && result.summary["fanout_curve"]?.hasPrefix("file:") == true)
        let arrivals = result.timeline.map { Int($0["arrivals"] ?? "") ?? 0 }
        #expect(arrivals.reduce(0, +) == 300, "\(arrivals)")
        // 80% of 300 in second 0 (unscaled): 240, binomial standard deviation 6.9; five of them either side.
        #expect(abs(arrivals[0] - 240) <= 35, "\(arrivals)")
        #expect(arrivals.dropFirst().allSatisfy { $0 < 40 }, "the tail: about 7 a second: \(arrivals)")
        // The media host's busiest second is the curve's rise (a tail second has about 7), and the summary
        // says when it came: second 0, or a little later when a loaded machine delays the downloads.
        let line = try #require(
            result.text.split(separator: "\n").first { $0.hasPrefix("media host: peak ") }, "\(result.text)")
        let words = line.split(separator: " ")
        let count = try #require(Int(words[3]), "\(line)")
        let second = try #require(Int(words[8].trimmingCharacters(in: .punctuationCharacters)), "\(line)")
        #expect(count > 40 && second <= 2, "\(line)")
        // summary.csv has the same peak, as timeline.csv counts it, so compare and --threshold gate on it.
        #expect(result.summary["media_peak_requests"] == String(count))
        #expect(result.summary["media_peak_requests_second"] == String(second))
        let requests = result.timeline.map { Int($0["transport_requests"] ?? "") ?? 0 }
        #expect(requests.max() == count, "\(requests)")
    }
}
