import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `nse-bench merge` end to end: instance folders in, one result folder and exit status out.
@Suite("nse-bench merge")
struct MergeCommandTests {
    struct Outcome {
        let status: ExitCode
        let output: String
        let errors: String
    }

    func run(_ command: String, _ arguments: [String]) async -> Outcome {
        let output = CapturedText()
        let errors = CapturedText()
        let context = CommandContext(output: output, errors: errors, outputIsTerminal: false, environment: [:])
        let status = await NSEBenchTool.main([command] + arguments, context: context)
        return Outcome(status: status, output: output.text, errors: errors.text)
    }

    /// Writes instance `index` of `count`: a 500-invocation summary row, histograms and two rows of
    /// invocations.csv, the second with a quoted line break.
    func instance(_ fixture: CompareFixture, _ index: Int, of count: Int, _ overrides: [String: String] = [:]) throws
        -> String
    {
        let name = "i\(index)"
        try fixture.summary(
            "\(name)/summary.csv",
            [
                CompareFixture.row(
                    [
                        "segment": "\(index)/\(count)", "invocations": "500", "enriched": "475", "degraded": "15",
                        "killed": "10", "time_scale": "1",
                    ].merging(overrides) { $1 })
            ])
        try fixture.write(
            "\(name)/histograms.csv",
            "histogram,value_ns,count\r\ndeliver,\(1_000_000 * (index + 1)),490\r\nslack,5,500\r\n")
        try fixture.write(
            "\(name)/invocations.csv",
            "id,outcome,error\r\n\(index),enriched,\r\n\(index + count),killed,\"two\r\nlines\"\r\n")
        return fixture.path(name)
    }

    @Test func mergesSegmentsIntoAResultCompareReads() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let folders = try (0..<2).map { index in
            try instance(fixture, index, of: 2, ["machine_steal": index == 0 ? "0.012" : "0.250"])
        }
        let out = fixture.path("merged")
        let merged = await run("merge", folders + ["-o", out])
        #expect(merged.status == .success, "\(merged.errors)")
        #expect(merged.output.contains("merged 2 instances"))
        // The host's steal, like every self-check figure, is the worst instance's, named.
        #expect(merged.output.contains("machine_steal 0.250 (segment 1/2)"), "\(merged.output)")
        let summary = try SummaryFile(text: String(contentsOfFile: out + "/summary.csv", encoding: .utf8), source: "m")
        #expect(summary.runs[0].invocations == 1_000)
        #expect(summary.runs[0].fields["instances"] == "2")
        #expect(summary.runs[0].fields["deliver_p50_ms"] == "1", "p50 of the merged histogram: 490 at 1 ms, 490 at 2")
        let invocations = try String(contentsOfFile: out + "/invocations.csv", encoding: .utf8)
        #expect(
            invocations
                == "instance,id,outcome,error\nsegment 0/2,0,enriched,\r\nsegment 0/2,2,killed,\"two\r\nlines\"\r\n"
                + "segment 1/2,1,enriched,\r\nsegment 1/2,3,killed,\"two\r\nlines\"\r\n")
        #expect(FileManager.default.fileExists(atPath: out + "/instances.csv"))
        let compared = await run("compare", [out, out, "--thresholds", "none"])
        #expect(compared.status == .success, "\(compared.output)\(compared.errors)")
    }

    /// timeline.csv text with `rows` of (arrivals, in flight) and nothing else counted.
    static func timeline(_ rows: [(Int, Int)]) -> String {
        CSVWriter.record(RunTimeline.header)
            + rows.enumerated().map { second, row in
                CSVWriter.record(
                    [String(second), String(row.0), "0", String(row.1)]
                        + Array(repeating: "0", count: RunTimeline.header.count - 4))
            }.joined()
    }

    @Test func timelinesAddSecondBySecondAndOneMissingIsSaid() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let folders = try (0..<2).map { try instance(fixture, $0, of: 2) }
        try fixture.write("i0/timeline.csv", Self.timeline([(10, 10), (5, 12)]))
        try fixture.write("i1/timeline.csv", Self.timeline([(7, 7), (1, 4), (0, 1)]))
        let out = fixture.path("merged")
        let merged = await run("merge", folders + ["-o", out])
        #expect(merged.status == .success, "\(merged.errors)")
        let rows = try CSVReader.records(String(contentsOfFile: out + "/timeline.csv", encoding: .utf8))
        #expect(rows.first == RunTimeline.header)
        #expect(
            rows.dropFirst().map { Array($0.prefix(4)) } == [
                ["0", "17", "0", "17"], ["1", "6", "0", "16"], ["2", "0", "0", "1"],
            ])
        // Without one instance's timeline, none is written rather than one that leaves it out.
        try FileManager.default.removeItem(atPath: fixture.path("i1/timeline.csv"))
        let partial = await run("merge", folders + ["-o", fixture.path("merged-2")])
        #expect(partial.status == .success)
        #expect(partial.output.contains("timeline.csv not merged: segment 1/2 wrote none"), "\(partial.output)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("merged-2/timeline.csv")))
    }

    @Test func theMediaPeaksOfTheSummaryAreTheMergedTimelines() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        // Each instance's summary says its own peak (the fixture's 100); the merge reads the timelines.
        let folders = try (0..<2).map { try instance(fixture, $0, of: 2) }
        func timeline(_ requests: [Int]) -> String {
            CSVWriter.record(RunTimeline.header)
                + requests.enumerated().map { second, count in
                    CSVWriter.record(
                        [String(second)] + Array(repeating: "0", count: RunTimeline.header.count - 3)
                            + [String(count), String(count * 1_000)])
                }.joined()
        }
        try fixture.write("i0/timeline.csv", timeline([6, 5]))
        try fixture.write("i1/timeline.csv", timeline([5, 6]))
        let out = fixture.path("merged")
        let merged = await run("merge", folders + ["-o", out])
        #expect(merged.status == .success, "\(merged.errors)")
        let summary = try SummaryFile(text: String(contentsOfFile: out + "/summary.csv", encoding: .utf8), source: "m")
        let fields = summary.runs[0].fields
        #expect(fields["media_peak_requests"] == "11", "6 + 5 in second 0, not the instances' 100 each")
        #expect(fields["media_peak_requests_second"] == "0")
        #expect(fields["media_peak_bytes"] == "11000")
        // Without one instance's timeline, no peaks.
        try FileManager.default.removeItem(atPath: fixture.path("i1/timeline.csv"))
        #expect(await run("merge", folders + ["-o", fixture.path("merged-2")]).status == .success)
        let blind = try SummaryFile(
            text: String(contentsOfFile: fixture.path("merged-2/summary.csv"), encoding: .utf8), source: "m2")
        #expect(blind.runs[0].fields["media_peak_requests"] == "")
    }

    @Test func sideCallsAddSecondBySecondAndAnInstanceWithoutAnyCountsAsZero() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let folders = try (0..<3).map { try instance(fixture, $0, of: 3) }
        let header = EndpointTimeline.header.joined(separator: ",")
        try fixture.write("i0/endpoints.csv", header + "\r\n0,2,1,0,400,90,0\r\n1,0,3,0,0,270,0\r\n")
        try fixture.write("i1/endpoints.csv", header + "\r\n0,5,0,1,1000,0,0\r\n")
        let out = fixture.path("merged")
        let merged = await run("merge", folders + ["-o", out])
        #expect(merged.status == .success, "\(merged.errors)")
        let rows = try CSVReader.records(String(contentsOfFile: out + "/endpoints.csv", encoding: .utf8))
        #expect(
            rows == [
                EndpointTimeline.header, ["0", "7", "1", "1", "1400", "90", "0"],
                ["1", "0", "3", "0", "0", "270", "0"],
            ])
        // No instance with side calls: no file.
        for index in 0..<2 { try FileManager.default.removeItem(atPath: fixture.path("i\(index)/endpoints.csv")) }
        let none = await run("merge", folders + ["-o", fixture.path("merged-2")])
        #expect(none.status == .success)
        #expect(!FileManager.default.fileExists(atPath: fixture.path("merged-2/endpoints.csv")))
    }

    @Test func aDamagedTimelineIsNamed() throws {
        #expect(throws: TimelineMerge.Failure.self) {
            try TimelineMerge.sum([("a/timeline.csv", [["second", "arrivals"], ["0", "1"]])])
        }
        let bad = try CSVReader.records(Self.timeline([(1, 1)]).replacingOccurrences(of: "\r\n0,", with: "\r\n5,"))
        #expect {
            try TimelineMerge.sum([("b/timeline.csv", bad)])
        } throws: { error in
            "\(error)".hasPrefix("b/timeline.csv: line 2 is not second 0")
        }
    }

    @Test func refusesDifferentSettingsNamingTheColumnWithExitThree() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let folders = [try instance(fixture, 0, of: 2), try instance(fixture, 1, of: 2, ["seed": "9"])]
        let merged = await run("merge", folders + ["-o", fixture.path("merged")])
        #expect(merged.status == .notComparable)
        #expect(merged.errors.contains("seed is \"x\" in segment 0/2, \"9\" in segment 1/2"), "\(merged.errors)")
    }

    @Test func refusesAMissingSegmentAndAPartialOne() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let first = try instance(fixture, 0, of: 3)
        let second = try instance(fixture, 1, of: 3, ["partial": "true"])
        let missing = await run("merge", [first, second, "-o", fixture.path("m1")])
        #expect(missing.status == .notComparable)
        #expect(missing.errors.contains("segments missing: 2/3"))
        let third = try instance(fixture, 2, of: 3)
        let partial = await run("merge", [first, second, third, "-o", fixture.path("m2")])
        #expect(partial.status == .notComparable)
        #expect(partial.errors.contains("--allow-partial"))
        let allowed = await run("merge", [first, second, third, "-o", fixture.path("m3"), "--allow-partial"])
        #expect(allowed.status == .success)
    }

    @Test func anUnreadableFolderIsAHarnessErrorNamingIt() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let merged = await run("merge", [fixture.path("nowhere"), "-o", fixture.path("merged")])
        #expect(merged.status == .harnessError)
        #expect(merged.errors.contains("nowhere/summary.csv"))
        let usage = await run("merge", [fixture.path("a")])
        #expect(usage.status == .usage)
    }

    @Test func runRefusesASegmentWithoutASlotAndBadSegmentsAndTimes() throws {
        func parse(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
            try RunCommand(parsing: ArgumentParser.parse(arguments, for: RunCommand.configuration)).configuration
        }
        #expect(try parse(["--segment", "1/4"]).settings.segment == ExecutionSegment(index: 1, count: 4))
        #expect(try parse(["--start-at", "1796133600"]).startAt == 1_796_133_600)
        #expect(try parse(["--start-at", "2026-12-01T14:00:00Z"]).startAt == 1_796_133_600)
        for bad in [
            ["--segment", "4/4"], ["--segment", "x"], ["--concurrency", "2", "--segment", "0/3"],
            ["--start-at", "tomorrow"],
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try parse(bad) }
        }
    }
}
