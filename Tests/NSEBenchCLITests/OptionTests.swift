import NSEBenchCore
import Testing

@testable import NSEBenchCLI

/// A typed option carries its name, help, default and parser once: read with `arguments[option]`,
/// its default applied through the same parser, a bad value named as every usage error is.
@Suite("typed options")
struct OptionTests {
    static let steps: Option<Int> = .value(
        "steps", valueName: "N", default: "5", help: "Steps.", .within(2...50))
    static let window: Option<DurationValue?> = .value(
        "window", valueName: "T", help: "A window.", .duration(atLeast: .milliseconds(1)))
    static let tags: Option<[String]> = .values("tag", valueName: "TAG", help: "Tags.", .text)
    static let quiet: Option<Bool> = .flag("quiet", short: "q", help: "Quiet.")
    static let configuration = CommandConfiguration(
        name: "test", abstract: "A command.",
        options: ([steps, window, tags, quiet] as [any DeclaredOption]).map(\.declaration))

    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: Self.configuration)
    }

    @Test func theDefaultIsParsedWhenNothingIsGiven() throws {
        let arguments = try parse([])
        #expect(try arguments[Self.steps] == 5)
        #expect(try arguments[Self.window] == nil)
        #expect(try arguments[Self.tags] == [])
        #expect(try arguments[Self.quiet] == false)
        #expect(!arguments.wasGiven(Self.steps))
    }

    @Test func givenValuesAreParsed() throws {
        let arguments = try parse(["--steps", "12", "--window", "250ms", "--tag", "a", "--tag", "b", "-q"])
        #expect(try arguments[Self.steps] == 12)
        #expect(try arguments[Self.window] == .milliseconds(250))
        #expect(try arguments[Self.tags] == ["a", "b"])
        #expect(try arguments[Self.quiet])
        #expect(arguments.wasGiven(Self.steps) && arguments.wasGiven(Self.quiet))
    }

    @Test(arguments: [
        (
            ["--steps", "60"],
            UsageError.invalidValue(option: "steps", value: "60", expected: "a whole number from 2 to 50")
        ),
        (["--steps", "many"], .invalidValue(option: "steps", value: "many", expected: "a whole number")),
        (["--window", "0s"], .invalidValue(option: "window", value: "0s", expected: "a duration of at least 1ms")),
    ])
    func aBadValueIsAUsageErrorNamingTheOption(arguments: [String], error: UsageError) throws {
        let parsed = try parse(arguments)
        #expect(throws: error) {
            _ = try parsed[Self.steps]
            _ = try parsed[Self.window]
        }
    }

    @Test func theDeclarationIsWhatHelpShows() {
        #expect(Self.steps.declaration == .value("steps", valueName: "N", default: "5", help: "Steps."))
        #expect(Self.quiet.name == "quiet")
    }

    @Test func checksAndMapsCompose() throws {
        let even = OptionParser<Int>.converted.checking { $0.isMultiple(of: 2) ? nil : "an even number" }.map { $0 / 2 }
        #expect(try even.parse("8", "half") == 4)
        #expect(throws: UsageError.invalidValue(option: "half", value: "7", expected: "an even number")) {
            try even.parse("7", "half")
        }
    }

    @Test func runAndServeCapTheTimeScaleAlike() throws {
        for command in [RunCommand.configuration, ServeCommand.configuration] {
            let arguments = try ArgumentParser.parse(["--time-scale", "1001"], for: command)
            let option = command.name == "run" ? RunOptions.timeScale : ServeOptions.timeScale
            #expect(
                throws: UsageError.invalidValue(
                    option: "time-scale", value: "1001", expected: "a number above 0 and at most 1000")
            ) { _ = try arguments[option] }
        }
    }
}
