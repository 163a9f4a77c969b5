import Testing

@testable import NSEBenchCore

/// The report formats, against golden output for a small fixed case.
@Suite("Comparison reports")
struct ComparisonReportTests {
    /// A row with every time and measure empty but the p99 and the CPU seconds, to keep tables short.
    static func sparseRow(outcomes: [String: Int] = [:], _ overrides: [String: String]) -> [String: String] {
        var fields = SummaryFixture.row(outcomes: outcomes)
        for column in SummarySchema.columns where column.kind == .time || column.kind == .measure {
            fields[column.name] = ""
        }
        return fields.merging(overrides) { $1 }
    }

    static func goldenCase() throws -> Comparison {
        let baseline = [sparseRow(["deliver_p99_ms": "3000", "harness_cpu_s": "12.5"])]
        let candidate = [
            sparseRow(
                outcomes: ["enriched": 900, "expired_original": 60], ["deliver_p99_ms": "2400", "harness_cpu_s": "14"]),
            sparseRow(["scenario": "cold start", "deliver_p99_ms": "5000"]),
        ]
        return Comparator.compare(
            baseline: try SummaryFixture.file(baseline, source: "runs/main/summary.csv"),
            candidate: try SummaryFixture.file(candidate, source: "runs/pr-42/summary.csv"), options: CompareOptions())
    }

    @Test func markdownGolden() throws {
        let markdown = try Self.goldenCase().markdown()
        let expected = """
            ## nse-bench compare: regression

            4 regressions, 1 improvement, 12 unchanged in 1 scenario compared; 1 scenario in one file only; exit status 2.

            Baseline `runs/main/summary.csv`, candidate `runs/pr-42/summary.csv`.

            ### Scenario `default`

            Baseline 1 run (1000 invocations), candidate 1 run (1000 invocations).

            | Metric | Baseline | Candidate | Change | Verdict |
            |:--|--:|--:|--:|:--|
            | finished_before_deadline_rate | 97.00% | 92.00% | -5.00 pp | regression (p < 0.0001) |
            | fallback_rate | 2.00% | 7.00% | +5.00 pp | regression (p < 0.0001) |
            | enriched_rate | 95.00% | 90.00% | -5.00 pp | regression (p < 0.0001) |
            | expired_original_rate | 1.00% | 6.00% | +5.00 pp | regression (p < 0.0001) |
            | deliver_p99_ms | 3000.0 ms | 2400.0 ms | -600.0 ms (-20.0%) | improvement |
            | degraded_rate | 2.00% | 2.00% | 0.00 pp | unchanged (no change) |
            | unchanged_rate | 0.00% | 0.00% | 0.00 pp | unchanged (no change) |
            | discarded_rate | 0.00% | 0.00% | 0.00 pp | unchanged (no change) |
            | expired_best_attempt_rate | 1.00% | 1.00% | 0.00 pp | unchanged (no change) |
            | killed_rate | 0.50% | 0.50% | 0.00 pp | unchanged (no change) |
            | crashed_rate | 0.50% | 0.50% | 0.00 pp | unchanged (no change) |
            | not_mutable_rate | 0.00% | 0.00% | 0.00 pp | unchanged (no change) |
            | double_delivery_rate | 0.00% | 0.00% | 0.00 pp | unchanged (no change) |
            | late_delivery_rate | 0.00% | 0.00% | 0.00 pp | unchanged (no change) |
            | alert_text_removed_rate | 0.00% | 0.00% | 0.00 pp | unchanged (no change) |
            | harness_cpu_s | 12.50 s | 14.00 s | +1.50 s (+12.0%) | unchanged (report only) |
            | crash_places | 0 | 0 | 0 new, 0 gone | unchanged (no change) |

            ### Scenario `cold start`

            Baseline 0 runs (0 invocations), candidate 1 run (1000 invocations).

            - Only in the candidate: not compared.

            """
        #expect(markdown == expected)
    }

    @Test func textGolden() throws {
        let text = try Self.goldenCase().text()
        let expected = """
            nse-bench compare: regression
            4 regressions, 1 improvement, 12 unchanged in 1 scenario compared; 1 scenario in one file only; exit status 2
            baseline:  runs/main/summary.csv
            candidate: runs/pr-42/summary.csv

            scenario default: baseline 1 run (1000 invocations), candidate 1 run (1000 invocations)
              metric                          baseline  candidate              change  verdict
              finished_before_deadline_rate     97.00%     92.00%            -5.00 pp  regression (p < 0.0001)
              fallback_rate                      2.00%      7.00%            +5.00 pp  regression (p < 0.0001)
              enriched_rate                     95.00%     90.00%            -5.00 pp  regression (p < 0.0001)
              expired_original_rate              1.00%      6.00%            +5.00 pp  regression (p < 0.0001)
              deliver_p99_ms                 3000.0 ms  2400.0 ms  -600.0 ms (-20.0%)  improvement
              degraded_rate                      2.00%      2.00%             0.00 pp  unchanged (no change)
              unchanged_rate                     0.00%      0.00%             0.00 pp  unchanged (no change)
              discarded_rate                     0.00%      0.00%             0.00 pp  unchanged (no change)
              expired_best_attempt_rate          1.00%      1.00%             0.00 pp  unchanged (no change)
              killed_rate                        0.50%      0.50%             0.00 pp  unchanged (no change)
              crashed_rate                       0.50%      0.50%             0.00 pp  unchanged (no change)
              not_mutable_rate                   0.00%      0.00%             0.00 pp  unchanged (no change)
              double_delivery_rate               0.00%      0.00%             0.00 pp  unchanged (no change)
              late_delivery_rate                 0.00%      0.00%             0.00 pp  unchanged (no change)
              alert_text_removed_rate            0.00%      0.00%             0.00 pp  unchanged (no change)
              harness_cpu_s                    12.50 s    14.00 s    +1.50 s (+12.0%)  unchanged (report only)
              crash_places                           0          0       0 new, 0 gone  unchanged (no change)

            scenario cold start: baseline 0 runs (0 invocations), candidate 1 run (1000 invocations)
              Only in the candidate: not compared.

            """
        #expect(text == expected)
    }
}

extension ComparisonReportTests {
    @Test func csvHasOneRowPerMetricAndOneForEachScenarioNotCompared() throws {
        let comparison = try Self.goldenCase()
        let table = try CSVReader.table(comparison.csv())
        #expect(table.header == Comparison.csvColumns)
        #expect(table.rows.count == 18)
        let enriched = try #require(table.rows.first { table.value("metric", in: $0) == "enriched_rate" })
        #expect(table.value("baseline", in: enriched) == "0.95")
        #expect(table.value("candidate", in: enriched) == "0.9")
        #expect(table.value("verdict", in: enriched) == "regression")
        #expect(table.value("test", in: enriched) == "two-proportion z")
        #expect(table.value("baseline_trials", in: enriched) == "1000")
        let coldStart = try #require(table.rows.last)
        #expect(table.value("scenario", in: coldStart) == "cold start")
        #expect(table.value("verdict", in: coldStart) == "candidate only")
    }

    @Test func notComparableScenarioSaysWhichColumnDiffersAndBothValues() throws {
        let comparison = Comparator.compare(
            baseline: try SummaryFixture.file([SummaryFixture.row()]),
            candidate: try SummaryFixture.file([SummaryFixture.row(["host_cpu": "Other CPU", "seed": "7"])]),
            options: CompareOptions())
        let text = comparison.text()
        #expect(text.hasPrefix("nse-bench compare: not comparable\n"))
        #expect(text.contains("Not comparable: setting seed differs: baseline '1', candidate '7'."))
        #expect(
            text.contains(
                "Not comparable: fingerprint host_cpu differs: baseline 'Test CPU @ 3.0GHz', candidate 'Other CPU' "
                    + "(--allow-env-mismatch compares across hosts)."))
        #expect(!text.contains("  metric "), "no table for a scenario not compared")
    }

    @Test func untrustworthyRunsAreFlaggedAndTheirRegressionsMarked() throws {
        let candidate = SummaryFixture.row(["deliver_p99_ms": "9000", "valid": "false", "invalid_reason": "timer late"])
        let comparison = Comparator.compare(
            baseline: try SummaryFixture.file([SummaryFixture.row()]),
            candidate: try SummaryFixture.file([candidate]), options: CompareOptions())
        let markdown = comparison.markdown()
        #expect(markdown.hasPrefix("## nse-bench compare: harness error (invalid or partial runs)\n"))
        #expect(
            markdown.contains(
                "| deliver_p99_ms | 3000.0 ms | 9000.0 ms | +6000.0 ms (+200.0%) | regression (invalid run) |"))
        #expect(markdown.contains("- The candidate row on line 2 is invalid: timer late;"))
        #expect(markdown.contains("exit status 1."))
    }

    @Test func tooFewRunsAreExplainedOnce() throws {
        let rows = (0..<3).map { _ in SummaryFixture.row() }
        let comparison = Comparator.compare(
            baseline: try SummaryFixture.file(rows), candidate: try SummaryFixture.file(rows), options: CompareOptions()
        )
        let text = comparison.text()
        let note =
            "With 3 and 3 runs no Mann-Whitney p-value can go below 0.1000, above alpha 0.01; tolerances alone "
            + "judged times and measures (5 runs a side allow the test)."
        #expect(text.ranges(of: note).count == 1)
    }

    @Test func numbersAreFormattedWithoutFoundation() {
        #expect(ReportNumbers.fixed(0.125, 2) == "0.13")
        #expect(ReportNumbers.fixed(-0.004, 2) == "0.00")
        #expect(ReportNumbers.fixed(-1.5, 1) == "-1.5")
        #expect(ReportNumbers.signed(2, 1) == "+2.0")
        #expect(ReportNumbers.signed(0, 2) == "0.00")
        #expect(ReportNumbers.pValue(0.003_892) == "p = 0.0039")
        #expect(ReportNumbers.pValue(1e-9) == "p < 0.0001")
        #expect(ReportNumbers.raw(1000) == "1000")
        #expect(ReportNumbers.raw(0.95) == "0.95")
        #expect(ReportNumbers.raw(nil).isEmpty)
    }
}
