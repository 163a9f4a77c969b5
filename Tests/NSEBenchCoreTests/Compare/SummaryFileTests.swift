import Testing

@testable import NSEBenchCore

/// Reading `summary.csv`: every broken input is an error naming the file, the line and the column.
@Suite("summary.csv reading for compare")
struct SummaryFileTests {
    @Test func aFixtureRowReadsBack() throws {
        let file = try SummaryFixture.file([SummaryFixture.row(), SummaryFixture.row(scenario: "slow")])
        #expect(file.runs.map(\.scenario) == ["default", "slow"])
        #expect(file.runs.map(\.line) == [2, 3])
        #expect(file.runs[0].invocations == 1000)
        #expect(file.runs[0].numbers["enriched_rate"] == 0.95)
        #expect(file.runs[0].numbers["deliver_p99_ms"] == 3000)
        #expect(file.runs[0].isTrustworthy)
    }

    @Test func aFileFromBeforeALaterColumnStillReads() throws {
        let columns = SummarySchema.columns.map(\.name).filter { !SummarySchema.addedLater.contains($0) }
        let file = try SummaryFile(text: SummaryFixture.csv([SummaryFixture.row()], columns: columns), source: "old")
        #expect(file.runs.count == 1)
        #expect(file.runs[0].numbers["transport_lag_p99_ms"] == nil)
        #expect(file.runs[0].isTrustworthy)
    }

    @Test func malformedCSVGivesTheLine() {
        let text = SummaryFixture.csv([SummaryFixture.row()]) + "x,\"unclosed\r\n"
        #expect(throws: SummaryFileError.csv(source: "candidate", .unterminatedQuote(line: 3))) {
            try SummaryFile(text: text, source: "candidate")
        }
    }

    @Test func truncatedRowGivesTheLine() {
        var text = SummaryFixture.csv([SummaryFixture.row(), SummaryFixture.row()])
        text.removeLast(200)
        let columns = SummarySchema.columns.count
        let error = #expect(throws: SummaryFileError.self) { try SummaryFile(text: text, source: "candidate") }
        guard case .csv(_, .wrongFieldCount(let line, let expected, let found)) = error else {
            Issue.record("expected a field-count error, got \(String(describing: error))")
            return
        }
        #expect(line == 3)
        #expect(expected == columns)
        #expect(found < columns)
        #expect(error?.exitCode == .harnessError)
    }

    @Test func missingColumnsAreNamed() {
        let columns = SummarySchema.columns.map(\.name).filter { $0 != "deliver_p99_ms" && $0 != "seed" }
        let text = SummaryFixture.csv([SummaryFixture.row()], columns: columns)
        #expect(throws: SummaryFileError.missingColumns(source: "baseline", ["seed", "deliver_p99_ms"])) {
            try SummaryFile(text: text, source: "baseline")
        }
        let message = String(describing: SummaryFileError.missingColumns(source: "baseline", ["seed"]))
        #expect(message.contains("missing column 'seed'"))
    }

    @Test(
        "a bad field names its line and column",
        arguments: [
            ("deliver_p99_ms", "fast"), ("enriched_rate", "1.5"), ("killed", "-1"), ("invocations", ""),
            ("valid", "yes"), ("peak_rss_bytes", "inf"), ("scenario", ""),
        ])
    func badValue(column: String, value: String) {
        let text = SummaryFixture.csv([SummaryFixture.row(), SummaryFixture.row([column: value])])
        let error = #expect(throws: SummaryFileError.self) { try SummaryFile(text: text, source: "baseline") }
        guard case .badValue(_, let line, let badColumn, let badValue, _) = error else {
            Issue.record("expected a bad value, got \(String(describing: error))")
            return
        }
        #expect(line == 3)
        #expect(badColumn == column)
        #expect(badValue == value)
    }

    @Test func anotherSchemaVersionIsNotComparableRatherThanBroken() {
        let columns = ["schema_version", "scenario", "a_future_column"]
        let other = String(SummarySchema.version + 1)
        let text = SummaryFixture.csv([["schema_version": other, "scenario": "default"]], columns: columns)
        let error = SummaryFileError.unsupportedSchemaVersion(source: "candidate", line: 2, found: other)
        #expect(throws: error) { try SummaryFile(text: text, source: "candidate") }
        #expect(error.exitCode == .notComparable)
        #expect(error.description.contains("schema_version is '\(other)'"))
        let older = SummaryFixture.csv([["schema_version": "1", "scenario": "default"]], columns: columns)
        #expect(throws: SummaryFileError.unsupportedSchemaVersion(source: "baseline", line: 2, found: "1")) {
            try SummaryFile(text: older, source: "baseline")
        }
    }

    @Test func headerWithoutRowsIsAnError() {
        #expect(throws: SummaryFileError.noRows(source: "baseline")) {
            try SummaryFile(text: SummaryFixture.csv([]), source: "baseline")
        }
        #expect(throws: SummaryFileError.csv(source: "baseline", .empty)) {
            try SummaryFile(text: "", source: "baseline")
        }
    }

    @Test func extraColumnsAreIgnoredButDuplicatesAreNot() throws {
        let columns = SummarySchema.columns.map(\.name) + ["added_later"]
        let file = try SummaryFile(text: SummaryFixture.csv([SummaryFixture.row()], columns: columns), source: "b")
        #expect(file.runs.count == 1)
        let duplicated = SummarySchema.columns.map(\.name) + ["seed"]
        #expect(throws: SummaryFileError.duplicateColumn(source: "b", column: "seed")) {
            try SummaryFile(text: SummaryFixture.csv([SummaryFixture.row()], columns: duplicated), source: "b")
        }
    }

    /// The issue's three inconsistent candidates, each an error on the row's line naming the column.
    @Test(
        "inconsistent counts and rates are errors naming the line and column",
        arguments: [
            (
                SummaryFixture.row(
                    invocations: 0,
                    outcomes: [
                        "enriched": 0, "degraded": 0, "expired_best_attempt": 0,
                        "expired_original": 0, "killed": 0, "crashed": 0,
                    ]), "invocations", "at least 1"
            ),
            (SummaryFixture.row(invocations: 2000, ["enriched": "999999"]), "enriched", "at most invocations (2000)"),
            (
                SummaryFixture.row(invocations: 2000, outcomes: ["enriched": 1000], ["enriched_rate": "0.98"]),
                "invocations", "the sum of the outcome counts"
            ),
            (
                SummaryFixture.row(
                    invocations: 2000,
                    outcomes: [
                        "enriched": 1000, "degraded": 1000, "expired_best_attempt": 0,
                        "expired_original": 0, "killed": 0, "crashed": 0,
                    ], ["enriched_rate": "0.98"]),
                "enriched_rate", "0.5 (1000 of 2000 invocations)"
            ),
            (SummaryFixture.row(["fallback_rate": "0.5"]), "fallback_rate", "of 1000 invocations"),
            (SummaryFixture.row(["finished_before_deadline_rate": ""]), "finished_before_deadline_rate", "of 1000"),
        ])
    func inconsistentRow(row: [String: String], column: String, expected: String) {
        let text = SummaryFixture.csv([SummaryFixture.row(), row])
        let error = #expect(throws: SummaryFileError.self) { try SummaryFile(text: text, source: "candidate") }
        guard case .badValue(let source, let line, let badColumn, _, let message) = error else {
            Issue.record("expected a bad value, got \(String(describing: error))")
            return
        }
        #expect(source == "candidate")
        #expect(line == 3)
        #expect(badColumn == column)
        #expect(message.contains(expected), "\(message)")
        #expect(error?.exitCode == .harnessError)
    }

    @Test func ratesRoundedToTheirWrittenDigitsAreConsistent() throws {
        // 2/3 of the invocations enriched, written as run writes it (6 places) and as a person might (2).
        for written in ["0.666667", "0.67"] {
            let row = SummaryFixture.row(
                invocations: 3,
                outcomes: [
                    "enriched": 2, "degraded": 0, "expired_best_attempt": 0, "expired_original": 1, "killed": 0,
                    "crashed": 0,
                ], ["enriched_rate": written])
            #expect(try SummaryFixture.file([row]).runs[0].numbers["enriched_rate"] == Double(written))
        }
        let tooFar = SummaryFixture.row(
            invocations: 3,
            outcomes: [
                "enriched": 2, "degraded": 0, "expired_best_attempt": 0, "expired_original": 1, "killed": 0,
                "crashed": 0,
            ], ["enriched_rate": "0.6668"])
        #expect(throws: SummaryFileError.self) { try SummaryFixture.file([tooFar]) }
        #expect(SummaryFile.halfUnitInTheLastPlace(of: "5e-06") == 5e-07)
        #expect(SummaryFile.halfUnitInTheLastPlace(of: "1") == 0.5)
    }
}
