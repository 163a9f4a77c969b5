import Testing

@testable import NSEBenchCore

@Suite("RFC 4180 CSV")
struct CSVTests {
    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("", ""), ("cr\r", "\"cr\r\""), ("crlf\r\nend", "\"crlf\r\nend\""), ("café 📷", "café 📷"),
        ("📷,é", "\"📷,é\""),
    ])
    func escaping(field: String, encoded: String) {
        #expect(CSVWriter.escape(field) == encoded)
    }

    @Test func writerAndReaderRoundTrip() throws {
        let rows = [
            ["id", "error", "note"], ["1", "curl: (28) timed out, after 30000 ms", "said \"no\"\r\nthen left"],
        ]
        let text = rows.map(CSVWriter.record).joined()
        #expect(text.hasSuffix("\r\n"))
        #expect(try CSVReader.records(text) == rows)
    }

    @Test func lfLineEndsAndNoFinalNewlineAreAccepted() throws {
        #expect(try CSVReader.records("a,b\n1,2") == [["a", "b"], ["1", "2"]])
        #expect(try CSVReader.records("a,\"\"\n") == [["a", ""]])
    }

    @Test func tableChecksEveryRowWidth() throws {
        let table = try CSVReader.table("scenario,p99\r\nburst,12\r\n")
        #expect(table.value("p99", in: table.rows[0]) == "12")
        #expect(throws: CSVError.wrongFieldCount(line: 3, expected: 2, found: 1)) {
            try CSVReader.table("scenario,p99\r\nburst,12\r\ncut")
        }
    }

    @Test func truncatedQuotedFieldIsAnErrorWithItsLine() {
        #expect(throws: CSVError.unterminatedQuote(line: 2)) { try CSVReader.records("a,b\r\n1,\"unfinished\r\nmore") }
    }

    @Test func malformedQuotingIsAnError() {
        #expect(throws: CSVError.quoteInUnquotedField(line: 1)) { try CSVReader.records("ab\"c") }
        #expect(throws: CSVError.textAfterClosingQuote(line: 2)) { try CSVReader.records("x\n\"a\"b") }
        #expect(throws: CSVError.bareCarriageReturn(line: 1)) { try CSVReader.records("a\rb") }
        #expect(throws: CSVError.empty) { try CSVReader.table("") }
    }

    @Test func errorMessagesGiveTheLine() {
        #expect(CSVError.wrongFieldCount(line: 7, expected: 3, found: 2).description.hasPrefix("line 7:"))
    }
}
