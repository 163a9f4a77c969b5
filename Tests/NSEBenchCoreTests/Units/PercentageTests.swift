import Testing

@testable import NSEBenchCore

@Suite("Percentage")
struct PercentageTests {
    @Test(
        "parses",
        arguments: [("2", 2), ("0.5", 0.5), ("2%", 2), ("100", 100), ("0", 0), (" 12.25 % ", 12.25)]
            as [(
                String, Double
            )])
    func parses(text: String, value: Double) throws {
        #expect(try Percentage(parsing: text).value == value)
    }

    @Test("refuses and names the input", arguments: ["150", "-1", "abc", "", "2%%", "1e2", "100.5"])
    func refuses(text: String) {
        let error = #expect(throws: ValueParseError.self) { try Percentage(parsing: text) }
        #expect(error?.description.contains("\"\(text)\"") == true)
    }

    @Test("round-trips", arguments: [0, 2, 0.5, 0.1, 1.0 / 3.0, 100, 0.000_01, 33.3])
    func roundTrips(value: Double) throws {
        let percentage = Percentage(clamping: value)
        #expect(try Percentage(parsing: percentage.description) == percentage)
        #expect(!percentage.description.contains("e"))
    }

    @Test func clampsAndConverts() {
        #expect(Percentage(clamping: 150).value == 100)
        #expect(Percentage(clamping: -3) == .zero)
        #expect(Percentage(clamping: .nan) == .zero)
        #expect(Percentage(clamping: 5).probability == 0.05)
        #expect(Percentage(clamping: 2).description == "2")
    }
}
