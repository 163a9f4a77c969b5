import Testing

@testable import NSEBenchCLI

/// The argument layer on its own: tokenising, declarations, typed values and their errors.
@Suite("Argument parser")
struct ArgumentParserTests {
    enum Format: String, ArgumentValue, CaseIterable { case text, json }

    static let configuration = CommandConfiguration(
        name: "sample", abstract: "A command for tests.",
        options: [
            .value("concurrency", short: "c", valueName: "N", default: "500", help: "In flight."),
            .value("format", valueName: "FORMAT", default: "text", help: "Output format."),
            .value("header", valueName: "LINE", repeatable: true, help: "A header."),
            .value("offset", valueName: "N", help: "May be negative."),
            .flag("quiet", short: "q", help: "No progress."),
        ],
        positionals: [PositionalDeclaration("FILE", help: "A file.", optional: true)])

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: Self.configuration)
    }

    @Test func defaultsApplyWhenNothingIsGiven() throws {
        let parsed = try parse([])
        #expect(try parsed.value("concurrency", as: Int.self) == 500)
        #expect(try parsed.value("format", as: Format.self) == .text)
        #expect(!parsed.isSet("quiet"))
        #expect(!parsed.wasGiven("concurrency"))
        #expect(try parsed.value("offset", as: Int.self) == nil)
    }

    @Test(arguments: [["--concurrency", "42"], ["--concurrency=42"], ["-c", "42"], ["-c", "4_2"]])
    func everyValueFormParses(arguments: [String]) throws {
        let parsed = try parse(arguments)
        #expect(try parsed.value("concurrency", as: Int.self) == 42)
        #expect(parsed.wasGiven("concurrency"))
    }

    @Test func aSingleValueOptionGivenTwiceIsRefusedAndRepeatableKeepsAll() throws {
        // `--concurrency 5 --concurrency 6` once silently ran 6.
        #expect(throws: UsageError.repeatedOption("concurrency", values: ["1", "2"])) {
            try parse(["-c", "1", "--concurrency", "2"])
        }
        #expect(
            UsageError.repeatedOption("concurrency", values: ["5", "6"]).description
                == "option '--concurrency' takes one value but was given 2 times ('5', '6'); give it once")
        let parsed = try parse(["-c", "1", "--header", "a: 1", "--header", "b: 2"])
        #expect(try parsed.value("concurrency", as: Int.self) == 1)
        #expect(parsed.strings("header") == ["a: 1", "b: 2"])
    }

    @Test func flagsPositionalsAndTerminator() throws {
        let parsed = try parse(["-q", "--", "--not-an-option"])
        #expect(parsed.isSet("quiet"))
        #expect(parsed.positionals == ["--not-an-option"])
    }

    @Test func negativeNumbersAreValues() throws {
        #expect(try parse(["--offset", "-5"]).value("offset", as: Int.self) == -5)
    }

    @Test func unknownOptionSuggestsTheNearest() {
        #expect(throws: UsageError.unknownOption("--concurency", suggestion: "concurrency")) {
            try parse(["--concurency", "5"])
        }
        #expect(throws: UsageError.unknownOption("--zzz", suggestion: nil)) { try parse(["--zzz"]) }
        #expect(throws: UsageError.unknownOption("-x", suggestion: nil)) { try parse(["-x"]) }
    }

    @Test func missingValueNamesTheOptionAndItsForm() {
        #expect(throws: UsageError.missingValue(option: "concurrency", valueName: "N")) { try parse(["--concurrency"]) }
        #expect(throws: UsageError.missingValue(option: "concurrency", valueName: "N")) {
            try parse(["--concurrency", "--quiet"])
        }
    }

    @Test func flagWithValueIsRejected() {
        #expect(throws: UsageError.unexpectedValue(option: "quiet", value: "yes")) { try parse(["--quiet=yes"]) }
    }

    @Test func extraPositionalIsRejected() {
        #expect(throws: UsageError.unexpectedArgument("b")) { try parse(["a", "b"]) }
    }

    @Test func badValuesNameOptionValueAndExpectedForm() throws {
        #expect(throws: UsageError.invalidValue(option: "concurrency", value: "many", expected: "a whole number")) {
            try parse(["-c", "many"]).value("concurrency", as: Int.self)
        }
        #expect(throws: UsageError.invalidValue(option: "format", value: "xml", expected: "one of text, json")) {
            try parse(["--format", "xml"]).value("format", as: Format.self)
        }
        #expect(
            throws: UsageError.invalidValue(option: "concurrency", value: "0", expected: "a whole number from 1 to 100")
        ) { try parse(["-c", "0"]).value("concurrency", as: Int.self, in: 1...100) }
    }

    @Test func messagesAreActionable() {
        let message = UsageError.invalidValue(option: "rate", value: "x", expected: "a number").description
        #expect(message == "invalid value 'x' for '--rate': expected a number")
        #expect(
            UsageError.unknownOption("--concurency", suggestion: "concurrency").description.contains("did you mean"))
    }

    @Test func helpListsEveryVisibleOptionWithDefaults() {
        let help = HelpFormatter.help(for: Self.configuration, commandPath: "nse-bench sample")
        #expect(help.contains("USAGE: nse-bench sample [options] [FILE]"))
        #expect(help.contains("-c, --concurrency N"))
        #expect(help.contains("(default: 500)"))
        #expect(help.contains("-h, --help"))
        for option in Self.configuration.options { #expect(help.contains("--\(option.name)")) }
    }

    @Test func helpListsAnOptionsValuesOneALineWithSummariesAligned() throws {
        let format: Option<String> = Option.value(
            "format", valueName: "NAME", default: "text", help: "Output format:", .text
        ).listing([
            HelpEntry("text", "for people"),
            HelpEntry("json-lines", "one JSON object a line, " + String(repeating: "for tools ", count: 6)),
        ])
        let configuration = CommandConfiguration(name: "sample", abstract: "x", options: [format.declaration])
        let lines = HelpFormatter.help(for: configuration, commandPath: "nse-bench sample").split(separator: "\n")
        let column = String(repeating: " ", count: HelpFormatter.optionColumn + 2)
        let start = try #require(lines.firstIndex { $0.hasPrefix("      --format NAME") })
        #expect(lines[start].hasSuffix("Output format: (default: text)"))
        #expect(lines[start + 1] == column + "text        for people")
        #expect(lines[start + 2].hasPrefix(column + "json-lines  one JSON object a line, for tools"))
        // A summary too long for its column wraps under itself, not under the name.
        #expect(lines[start + 3].hasPrefix(column + String(repeating: " ", count: 12) + "for tools"))
        #expect(lines.allSatisfy { $0.count <= HelpFormatter.width })
    }

    @Test func helpFlagSkipsPositionalChecks() throws {
        let required = CommandConfiguration(
            name: "needs", abstract: "x", positionals: [PositionalDeclaration("FILE", help: "required")])
        #expect(throws: UsageError.missingArgument(valueName: "FILE")) { try ArgumentParser.parse([], for: required) }
        #expect(try ArgumentParser.parse(["--help"], for: required).isSet("help"))
    }
}
