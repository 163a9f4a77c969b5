import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

@testable import NSEBenchCLI

/// `nse-bench compare` end to end: files in, report and exit status out.
@Suite("nse-bench compare")
struct CompareCommandTests {
    typealias Outcome = ToolRun

    func run(_ arguments: [String]) async -> Outcome {
        await ToolRun.main(["compare"] + arguments + ["--thresholds", "none"])
    }

    /// Compares a baseline of one default row with a candidate of one row with `overrides`.
    func compare(_ overrides: [String: String], _ flags: String...) async throws -> Outcome {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let baseline = try fixture.summary("base/summary.csv", [CompareFixture.row()])
        let candidate = try fixture.summary("cand/summary.csv", [CompareFixture.row(overrides)])
        return await run([baseline, candidate] + flags)
    }

    @Test func identicalRunFoldersExitZero() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        try fixture.summary("base/summary.csv", [CompareFixture.row()])
        try fixture.summary("cand/summary.csv", [CompareFixture.row()])
        let outcome = await run([fixture.path("base"), fixture.path("cand")])
        #expect(outcome.status == .success)
        #expect(outcome.output.hasPrefix("nse-bench compare: no regression\n"))
        #expect(outcome.output.contains("base/summary.csv"), "a folder resolves to its summary.csv")
        #expect(outcome.errors.isEmpty)
    }

    @Test func enrichedRateDropIsARegression() async throws {
        let outcome = try await compare(
            [
                "enriched": "850", "killed": "120", "enriched_rate": "0.85", "fallback_rate": "0.12",
                "finished_before_deadline_rate": "0.88",
            ], "--format",
            "markdown")
        #expect(outcome.status == .regression)
        #expect(outcome.status.rawValue == 2)
        #expect(outcome.output.hasPrefix("## nse-bench compare: regression\n"))
        #expect(outcome.output.contains("| enriched_rate | 95.00% | 85.00% | -10.00 pp | regression (p < 0.0001) |"))
    }

    @Test func p99UpFiftyPercentIsARegressionAndEightPercentIsNot() async throws {
        #expect(try await compare(["deliver_p99_ms": "1350"]).status == .regression)
        #expect(try await compare(["deliver_p99_ms": "972"]).status == .success)
    }

    @Test func theMediaHostsPeakGatesAndAnOldBaselineWithoutItStillCompares() async throws {
        #expect(try await compare(["media_peak_requests": "300"]).status == .regression, "a herd three times as tall")
        #expect(try await compare(["media_peak_requests_second": "7"]).status == .success, "when it came: shown only")
        // A baseline written before the columns were added compares with a candidate that has them.
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let old = SummarySchema.columns.map(\.name).filter { !SummarySchema.addedLater.contains($0) }
        let baseline = try fixture.write("base/summary.csv", CompareFixture.csv([CompareFixture.row()], columns: old))
        // The candidate: a run with none of the settings added since (they are empty there too).
        let laterSettings = SummarySchema.columns.filter {
            $0.kind == .setting && SummarySchema.addedLater.contains($0.name)
        }
        let candidate = try fixture.summary(
            "cand/summary.csv",
            [CompareFixture.row(Dictionary(uniqueKeysWithValues: laterSettings.map { ($0.name, "") }))])
        let outcome = await run([baseline, candidate])
        #expect(outcome.status == .success, "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("media_peak_requests"), "shown as missing in the baseline: \(outcome.output)")
    }

    @Test func improvementOnlyExitsFour() async throws {
        let outcome = try await compare(["deliver_p99_ms": "450"])
        #expect(outcome.status == .improvementOnly)
        #expect(outcome.status.rawValue == 4)
    }

    @Test func differentSettingExitsThreeNamingTheColumnAndBothValues() async throws {
        let outcome = try await compare(["concurrency": "500"], "--allow-env-mismatch")
        #expect(outcome.status == .notComparable)
        #expect(outcome.output.contains("Not comparable: setting concurrency differs: baseline 'x', candidate '500'."))
    }

    @Test func differentFingerprintExitsThreeUnlessAllowed() async throws {
        let refused = try await compare(["host_cpu": "Other CPU", "deliver_p99_ms": "1350"])
        #expect(refused.status == .notComparable)
        #expect(refused.output.contains("fingerprint host_cpu differs: baseline 'x', candidate 'Other CPU'"))
        let allowed = try await compare(["host_cpu": "Other CPU", "deliver_p99_ms": "1350"], "--allow-env-mismatch")
        #expect(allowed.status == .regression)
        #expect(allowed.output.contains("Host differs, compared anyway (--allow-env-mismatch): host_cpu"))
    }

    @Test func malformedCSVIsAHarnessErrorWithTheLine() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let baseline = try fixture.summary("base.csv", [CompareFixture.row()])
        let candidate = try fixture.write("cand.csv", CompareFixture.csv([CompareFixture.row()]) + "\"default,1\r\n")
        let outcome = await run([baseline, candidate])
        #expect(outcome.status == .harnessError)
        #expect(outcome.errors.contains("error: candidate \(candidate): line 3: a quoted field is never closed"))
        #expect(outcome.output.isEmpty)
    }

    @Test func truncatedRowIsAHarnessErrorWithTheLine() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let baseline = try fixture.summary("base.csv", [CompareFixture.row()])
        let complete = CompareFixture.csv([CompareFixture.row(), CompareFixture.row()])
        let candidate = try fixture.write("cand.csv", String(complete.dropLast(40)))
        let outcome = await run([baseline, candidate])
        #expect(outcome.status == .harnessError)
        #expect(outcome.errors.contains("line 3:"))
        #expect(outcome.errors.contains("(truncated or malformed row)"))
    }

    @Test func missingColumnIsAHarnessErrorNamingIt() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let baseline = try fixture.summary("base.csv", [CompareFixture.row()])
        let columns = SummarySchema.columns.map(\.name).filter { $0 != "enriched_rate" }
        let candidate = try fixture.write("cand.csv", CompareFixture.csv([CompareFixture.row()], columns: columns))
        let outcome = await run([baseline, candidate])
        #expect(outcome.status == .harnessError)
        #expect(outcome.errors.contains("missing column 'enriched_rate'"))
    }

    @Test func missingInputIsAHarnessError() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let baseline = try fixture.summary("base.csv", [CompareFixture.row()])
        let absent = await run([baseline, fixture.path("nowhere")])
        #expect(absent.status == .harnessError)
        #expect(absent.errors.contains("cannot read the candidate"))
        let emptyFolder = await run([baseline, fixture.directory.path])
        #expect(emptyFolder.status == .harnessError)
        #expect(emptyFolder.errors.contains("no readable summary.csv"))
    }

    @Test func anotherSchemaVersionExitsThree() async throws {
        let other = String(SummarySchema.version + 1)
        let outcome = try await compare(["schema_version": other])
        #expect(outcome.status == .notComparable)
        #expect(outcome.errors.contains("schema_version is '\(other)'"))
    }

    @Test func invalidCandidateExitsOneButStillReports() async throws {
        let outcome = try await compare(["deliver_p99_ms": "5000", "valid": "false", "invalid_reason": "timer late"])
        #expect(outcome.status == .harnessError)
        #expect(outcome.output.contains("regression (invalid run)"))
    }

    @Test func repeatedRunsArePooled() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let baseline = try fixture.summary("base.csv", Array(repeating: CompareFixture.row(), count: 3))
        let candidate = try fixture.summary(
            "cand.csv",
            Array(
                repeating: CompareFixture.row(["enriched": "930", "degraded": "50", "enriched_rate": "0.93"]), count: 3)
        )
        let outcome = await run([baseline, candidate, "--format", "json"])
        #expect(outcome.status == .regression, "2 points over 3000 invocations a side is significant")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let scenario = try #require((json["scenarios"] as? [[String: Any]])?.first)
        let metrics = try #require(scenario["metrics"] as? [[String: Any]])
        let enriched = try #require(metrics.first { $0["metric"] as? String == "enriched_rate" })
        let baselineValue = try #require(enriched["baseline"] as? [String: Any])
        #expect(baselineValue["trials"] as? Int == 3000)
        #expect(baselineValue["successes"] as? Int == 2850)
        #expect(json["exit_code"] as? Int == 2)
    }

    @Test func csvFormatAndOutputFile() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let baseline = try fixture.summary("base.csv", [CompareFixture.row()])
        let candidate = try fixture.summary("cand.csv", [CompareFixture.row(["deliver_p99_ms": "1350"])])
        let outcome = await run([baseline, candidate, "--format", "csv", "--output", fixture.path("report.csv")])
        #expect(outcome.status == .regression)
        #expect(outcome.output.hasPrefix(Comparison.csvColumns.joined(separator: ",") + "\r\n"))
        #expect(try String(contentsOfFile: fixture.path("report.csv"), encoding: .utf8) == outcome.output)
    }

    @Test func thresholdsFileLoosensAMetric() async throws {
        let fixture = try CompareFixture()
        defer { fixture.remove() }
        let baseline = try fixture.summary("base.csv", [CompareFixture.row()])
        let candidate = try fixture.summary("cand.csv", [CompareFixture.row(["deliver_p99_ms": "1350"])])
        let thresholds = try fixture.write(
            "thresholds.json", #"{"metrics": {"deliver_p99_ms": {"relative": 0.6, "absolute_ms": 10}}}"#)
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        let status = await NSEBenchTool.main(
            ["compare", baseline, candidate, "--thresholds", thresholds], context: context)
        #expect(status == .success)
    }

    @Test(
        "bad flags exit 64 naming the flag",
        arguments: [
            (["--alpha", "0"], "'--alpha'"), (["--alpha", "1"], "'--alpha'"), (["--alpha", "abc"], "'--alpha'"),
            (["--min-effect", "1.5"], "'--min-effect'"), (["--relative", "-0.1"], "'--relative'"),
            (["--absolute-ms", "soon"], "'--absolute-ms'"), (["--format", "xml"], "'--format'"),
            (["--thresholds", "/nonexistent/thresholds.json"], "'--thresholds'"), (["--alhpa", "0.1"], "'--alhpa'"),
        ])
    func badFlag(flags: [String], named: String) async {
        let output = CapturedText()
        let errors = CapturedText()
        let context = CommandContext(output: output, errors: errors, outputIsTerminal: false, environment: [:])
        let status = await NSEBenchTool.main(["compare", "a.csv", "b.csv"] + flags, context: context)
        #expect(status == .usage)
        #expect(errors.text.contains(named), "\(errors.text)")
    }

    @Test func missingCandidateIsAUsageError() async {
        let errors = CapturedText()
        let context = CommandContext(output: CapturedText(), errors: errors, outputIsTerminal: false, environment: [:])
        #expect(await NSEBenchTool.main(["compare", "a.csv"], context: context) == .usage)
        #expect(errors.text.contains("missing argument CANDIDATE"))
    }

    @Test func helpDescribesEveryOptionAndTheExitStatuses() async {
        let output = CapturedText()
        let context = CommandContext(output: output, errors: CapturedText(), outputIsTerminal: false, environment: [:])
        #expect(await NSEBenchTool.main(["compare", "--help"], context: context) == .success)
        for option in [
            "--format FORMAT", "--thresholds FILE", "--alpha P", "--min-effect FRACTION", "--relative FRACTION",
            "--absolute-ms MS", "--allow-env-mismatch", "--output FILE", "BASELINE", "CANDIDATE",
        ] {
            #expect(output.text.contains(option), "\(option)")
        }
        #expect(output.text.contains("3 not comparable"))
    }
}
