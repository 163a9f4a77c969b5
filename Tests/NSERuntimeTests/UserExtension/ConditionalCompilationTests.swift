import Testing

@testable import NSERuntime

/// The lines the source scan reads: the branches of `#if` an iOS build with the target's conditions
/// compiles, line numbers kept; a block whose condition cannot be told read whole.
@Suite("User extension: conditional compilation for the source scan")
struct ConditionalCompilationTests {
    /// The non-empty lines of `text` as read with `conditions`.
    static func read(_ text: String, _ conditions: Set<String> = []) -> [String] {
        ConditionalCompilation.activeText(of: text, conditions: conditions).split(separator: "\n").map(String.init)
    }

    @Test func aBranchLeftOutIsBlankedAndLineNumbersStay() {
        let text = "import A\n#if !APP_EXTENSION\nimport B\n#else\nimport C\n#endif\nlet x = 1"
        let read = ConditionalCompilation.activeText(of: text, conditions: ["APP_EXTENSION"])
        #expect(read.split(separator: "\n", omittingEmptySubsequences: false).count == 7)
        #expect(Self.read(text, ["APP_EXTENSION"]) == ["import A", "import C", "let x = 1"])
        #expect(Self.read(text) == ["import A", "import B", "let x = 1"])
    }

    @Test func elseifChainsTakeTheFirstBranchThatHolds() {
        let text = """
            #if os(macOS)
            mac
            #elseif os(iOS) && !targetEnvironment(simulator)
            phone
            #elseif DEBUG
            debug
            #else
            other
            #endif
            """
        #expect(Self.read(text, ["DEBUG"]) == ["phone"])
        #expect(Self.read("#if DEBUG\ndebug\n#elseif NSE\nnse\n#else\nother\n#endif", ["NSE"]) == ["nse"])
        #expect(Self.read("#if DEBUG\ndebug\n#elseif NSE\nnse\n#else\nother\n#endif") == ["other"])
    }

    @Test func aConditionThatCannotBeToldIsReadWhole() {
        let text = "#if canImport(FirebaseAnalytics)\nimport FirebaseAnalytics\n#else\nimport Other\n#endif"
        #expect(Self.read(text) == ["import FirebaseAnalytics", "import Other"])
        // Inside a branch left out, nothing is read, told or not.
        let nested = "#if DEBUG\n#if canImport(X)\nimport X\n#endif\n#endif\nkept"
        #expect(Self.read(nested) == ["kept"])
        #expect(Self.read("#if DEBUG || canImport(Y)\ny\n#endif") == ["y"], "not short-circuited")
    }

    @Test(
        arguments: [
            ("os(iOS)", true), ("os(macOS)", false), ("!os(watchOS)", true), ("arch(arm64)", true),
            ("swift(>=5.9)", true), ("compiler(>=6)", true), ("targetEnvironment(macCatalyst)", false),
            ("A && (B || C)", true), ("A && (B || !C)", false), ("A && B", false), ("(A || B) && !A", false),
            ("DEBUG // a comment", false),
            ("true", true), ("A &&", nil), ("(A", nil), ("hasFeature(StrictConcurrency)", nil), ("A B", nil),
        ] as [(String, Bool?)])
    func conditionsAreToldAsOnAnIPhone(condition: String, value: Bool?) {
        #expect(ConditionalCompilation.evaluate(Substring(condition), ["A", "C"]) == value)
    }

    @Test func anUnbalancedFileIsReadToItsEnd() {
        #expect(
            Self.read("#endif\na\n#else\nb") == ["#endif", "a", "#else", "b"],
            "stray directives are the compiler's business: read as they are")
        #expect(Self.read("#if DEBUG\na") == [], "an unclosed block left out stays out")
        #expect(Self.read("#ifdef X\nkept") == ["#ifdef X", "kept"], "not a directive of Swift's")
    }
}
