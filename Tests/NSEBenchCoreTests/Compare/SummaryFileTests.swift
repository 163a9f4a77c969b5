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
        let text = SummaryFixture.csv([["schema_version": "2", "scenario": "default"]], columns: columns)
        let error = SummaryFileError.unsupportedSchemaVersion(source: "candidate", line: 2, found: "2")
        #expect(throws: error) { try SummaryFile(text: text, source: "candidate") }
        #expect(error.exitCode == .notComparable)
        #expect(error.description.contains("schema_version is '2'"))
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
}
