import Testing

@testable import NSEBenchCore

/// A quote followed by a combining mark is one Character but two Unicode scalars; the writer doubled
/// quotes by Character, so such a field (a scenario name, an error message) was written undoubled and
/// the file could not be read back (found by Fuzz/run.sh, target csv).
@Suite("CSV: quotes next to combining marks")
struct CSVCombiningMarkTests {
    @Test(arguments: ["\"\u{737}", "a\"\u{301}b", "\"\u{737}\u{737}\"", "x,\"\u{20DD}\r\n"])
    func aFieldWithAQuoteBeforeACombiningMarkReadsBack(field: String) throws {
        let text = CSVWriter.record(["before", field, "after"])
        #expect(try CSVReader.records(text) == [["before", field, "after"]])
    }
}
