import Testing

@testable import NSEBenchCore

@Suite("DurationValue")
struct DurationValueTests {
    @Test(
        "parses every unit",
        arguments: [
            ("250ms", 250_000_000), ("1.5s", 1_500_000_000), ("2m", 120_000_000_000), ("500us", 500_000),
            ("30s", 30_000_000_000), ("0", 0), ("0s", 0), ("7ns", 7), ("1h", 3_600_000_000_000),
            ("0.25ms", 250_000), (" 250 ms ", 250_000_000), ("1.5S", 1_500_000_000), ("250MS", 250_000_000),
            ("00012.500s", 12_500_000_000), ("1.000000001s", 1_000_000_001),
        ] as [(String, Int64)])
    func parses(text: String, nanoseconds: Int64) throws {
        #expect(try DurationValue(parsing: text).nanoseconds == nanoseconds)
    }

    @Test(
        "refuses malformed text and names it",
        arguments: [
            "20x", "", "ms", "250", "-5ms", "1.5", "1.", ".5s", "1e3ms", "1,5s", "0.5ns", "300000y", "1..2s",
            "99999999999999999999s", "3000000h",
        ])
    func refuses(text: String) {
        let error = #expect(throws: ValueParseError.self) { try DurationValue(parsing: text) }
        #expect(error?.input == text)
        #expect(error?.description.contains("\"\(text)\"") == true)
        #expect(error?.description.contains("250ms") == true)
    }

    @Test func messageMatchesTheDocumentedForm() {
        let error = #expect(throws: ValueParseError.self) { try DurationValue(parsing: "20x") }
        #expect(error?.description.hasPrefix("invalid duration \"20x\": unknown unit \"x\"; expected a number") == true)
    }

    @Test(
        "formats the shortest exact text",
        arguments: [
            (0, "0"), (250_000_000, "250ms"), (1_500_000_000, "1.5s"), (120_000_000_000, "2m"),
            (90_000_000_000, "90s"), (500_000, "500us"), (1, "1ns"), (2_000_000_001, "2000000001ns"),
            (2_000_001_000, "2000001us"),
            (562_500_000, "562.5ms"), (3_600_000_000_000, "1h"),
        ] as [(Int64, String)])
    func formats(nanoseconds: Int64, text: String) {
        #expect(DurationValue(nanoseconds: nanoseconds).description == text)
    }

    @Test(
        "round-trips through its description",
        arguments: [0, 1, 999, 1_000, 1_234_567, 250_000_000, 59_999_999_999, 86_400_000_000_000, Int64.max] as [Int64])
    func roundTrips(nanoseconds: Int64) throws {
        let value = DurationValue(nanoseconds: nanoseconds)
        #expect(try DurationValue(parsing: value.description) == value)
    }

    @Test func constructorsSaturateAndClamp() {
        #expect(DurationValue.milliseconds(3).nanoseconds == 3_000_000)
        #expect(DurationValue.seconds(.max).nanoseconds == .max)
        #expect(DurationValue(nanoseconds: -5) == .zero)
        #expect(DurationValue.microseconds(2).duration == .microseconds(2))
        #expect(DurationValue.milliseconds(250).seconds == 0.25)
    }
}

/// Found by `.ci/fuzz` (Fuzz/ValueParsers): a digit followed by a combining mark is one Character
/// that sorts inside `"0"..."9"` but has no ASCII value, and the parsers force-unwrapped it.
@Suite("Value parsers on combining marks")
struct CombiningMarkTests {
    @Test(arguments: ["01\u{0348}.5h", "1\u{0301}s", "2\u{0348}KB", "5\u{20DD}%"])
    func aDigitWithACombiningMarkIsAParseErrorNotACrash(text: String) {
        #expect(throws: ValueParseError.self) { try DurationValue(parsing: text) }
        #expect(throws: ValueParseError.self) { try ByteCount(parsing: text) }
        #expect(throws: ValueParseError.self) { try Percentage(parsing: text) }
    }
}
