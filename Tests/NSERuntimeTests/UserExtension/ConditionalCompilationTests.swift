import Testing

@testable import NSERuntime

/// The lines the source scan reads: the branches of `#if` nse-bench's compile on Linux, with the target's
/// conditions, compiles, line numbers kept; a block whose condition cannot be told read whole; a
/// platform condition named `not faithful:`.
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
            #elseif os(Linux) && !targetEnvironment(simulator)
            linux
            #elseif DEBUG
            debug
            #else
            other
            #endif
            """
        #expect(Self.read(text, ["DEBUG"]) == ["linux"], "what nse-bench compiles on Linux")
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
            ("os(iOS)", true), ("os(Linux)", true), ("os(macOS)", false), ("!os(watchOS)", true),
            ("arch(\(ConditionalCompilation.architecture))", true), ("arch(mips)", false),
            ("swift(>=5)", true), ("swift(>=4.2)", true), ("swift(<5)", false), ("swift(>=5.9)", nil),
            ("swift(<6)", nil),
            ("compiler(>=6)", true), ("compiler(>=5.3)", true), ("compiler(<6)", false), ("compiler(>=6.1)", nil),
            ("targetEnvironment(macCatalyst)", false), ("A && (B || C)", true), ("A && (B || !C)", false),
            ("A && B", false), ("(A || B) && !A", false), ("DEBUG // a comment", false), ("DEBUG /* c */", false),
            ("true", true), ("A &&", nil), ("(A", nil), ("hasFeature(StrictConcurrency)", nil), ("A B", nil),
        ] as [(String, Bool?)])
    func conditionsAreToldAsTheCompiledCopiesTellThem(condition: String, value: Bool?) {
        #expect(ConditionalCompilation.evaluate(Substring(condition), ["A", "C"]) == value)
    }

    @Test func anUnbalancedFileIsReadWhole() {
        #expect(Self.read("#if DEBUG\na\n#endif\n#endif\nb") == ["#if DEBUG", "a", "#endif", "#endif", "b"])
        #expect(Self.read("#if DEBUG\na") == ["#if DEBUG", "a"], "an unclosed block: the compiler's business")
        #expect(Self.read("#else\na\n#if X\n#endif") == ["#else", "a", "#if X", "#endif"])
        #expect(Self.read("#ifdef X\nkept") == ["#ifdef X", "kept"], "not a directive of Swift's")
    }

    @Test func crlfLinesCommentsAfterDirectivesAndLiteralsAreReadAsTheCompilerReadsThem() {
        let crlf = "#if os(macOS)\r\nimport AppKit\r\n#endif\r\nclass NotificationService {}\r\n"
        #expect(Self.read(crlf) == ["class NotificationService {}"])
        #expect(Self.read("#if DEBUG\nlet a = 1\n#endif//DEBUG\nclass S {}") == ["class S {}"])
        #expect(Self.read("#if DEBUG\na\n#else//release\nclass S {}\n#endif/* x */") == ["class S {}"])
        let string = "let s = \"\"\"\n#if DEBUG\n\"\"\"\nclass S {}"
        #expect(Self.read(string) == ["let s = \"\"\"", "#if DEBUG", "\"\"\"", "class S {}"])
        let comment = "/* an example:\n#if DEBUG\n*/\nclass S {}\n#if DEBUG\nx\n#endif"
        #expect(Self.read(comment) == ["/* an example:", "#if DEBUG", "*/", "class S {}"])
    }

    @Test func conditionsAnIPhoneTellsOtherwiseAreNamedNotFaithful() {
        let text =
            "#if os(iOS)\nimport UIKit\n#elseif os(Linux)\nimport Glibc\n#endif\n#if targetEnvironment(simulator)\n#endif\n"
            + "#if arch(arm64)\n#endif\n#if os( Linux ) || DEBUG\n#endif"
        let notes = ConditionalCompilation.platformConditions(in: text, file: "Shared/Image.swift")
        let linux = "os(Linux) holds on Linux, where nse-bench compiles, and not on an iPhone"
        #expect(
            notes.first
                == "Shared/Image.swift:3: `#elseif os(Linux)`: \(linux): the branch an iPhone compiles is not the one run here"
        )
        #expect(notes.last?.hasPrefix("Shared/Image.swift:10: `#if os( Linux ) || DEBUG`: \(linux)") == true)
        if ConditionalCompilation.architecture == "arm64" {
            #expect(notes.count == 2, "\(notes)")
        } else {
            #expect(notes.count == 3, "\(notes)")
            #expect(
                notes.contains { $0.hasPrefix("Shared/Image.swift:8: `#if arch(arm64)`: arch(...) is this machine's") })
        }
        #expect(ConditionalCompilation.platformConditions(in: "let s = \"#if os(Linux)\"", file: "a").isEmpty)
        #expect(ConditionalCompilation.platformConditions(in: "#if DEBUG // not os(Linux)\n#endif", file: "a").isEmpty)
    }

    @Test func anIPhonesCopyHoldsOSiOSTrueWithEveryLineAndColumnKept() throws {
        let text = [
            "#if os(iOS)", "import UIKit", "#elseif os(macOS)", "import AppKit", "#endif\r",
            "    #if !os( iOS ) && DEBUG // os(iOS) in a comment", "#elseif(os(iOS))", "#endif",
            "let s = \"#if os(iOS)\"", "let t = \"\"\"", "#if os(iOS)", "\"\"\"", "/* #if os(iOS) */",
            "#if macos(iOS) || os(iOSX) || os(iOS)", "#endif", "",
        ].joined(separator: "\n")
        let copy = try #require(ConditionalCompilation.iPhoneConditions(in: text))
        let expected = [
            "#if true   ", "import UIKit", "#elseif os(macOS)", "import AppKit", "#endif\r",
            "    #if !true      && DEBUG // os(iOS) in a comment", "#elseif(true   )", "#endif",
            "let s = \"#if os(iOS)\"", "let t = \"\"\"", "#if os(iOS)", "\"\"\"", "/* #if os(iOS) */",
            "#if macos(iOS) || os(iOSX) || true   ", "#endif", "",
        ].joined(separator: "\n")
        #expect(copy == expected)
        #expect(copy.utf8.count == text.utf8.count)
        #expect(ConditionalCompilation.iPhoneConditions(in: "#if os(macOS)\n#endif\nlet iOS = 1") == nil)
        #expect(ConditionalCompilation.iPhoneConditions(in: "let a = os(iOS)") == nil, "not a directive")
        // CRLF line ends stay as they are.
        #expect(
            ConditionalCompilation.iPhoneConditions(in: "#if os(iOS)\r\nimport UIKit\r\n#endif\r\n")
                == "#if true   \r\nimport UIKit\r\n#endif\r\n")
    }

    @Test func aConditionGoingOnToTheNextLineOrHoldingACommentIsRewrittenWhole() {
        let continued = "#if (os(macOS) ||\n     os(iOS))\nimport UIKit\nlet a = os(iOS)\n#endif"
        #expect(
            ConditionalCompilation.iPhoneConditions(in: continued)
                == "#if (os(macOS) ||\n     true   )\nimport UIKit\nlet a = os(iOS)\n#endif")
        let operatorLast = "#if DEBUG ||\n    os(iOS)\nlet b = os(iOS)\n#endif"
        #expect(
            ConditionalCompilation.iPhoneConditions(in: operatorLast)
                == "#if DEBUG ||\n    true   \nlet b = os(iOS)\n#endif")
        #expect(
            ConditionalCompilation.iPhoneConditions(in: "#if /* c */ os(iOS)\n#endif") == "#if /* c */ true   \n#endif")
        let comment = "#if os(iOS) /* a\n comment os(iOS) */\nlet c = os(iOS)\n#endif"
        #expect(
            ConditionalCompilation.iPhoneConditions(in: comment)
                == "#if true    /* a\n comment os(iOS) */\nlet c = os(iOS)\n#endif")
    }

    @Test func rawStringsAndLineEndsOnlyTheCompilerCountsAreReadAsItReadsThem() {
        // A raw multi-line string holding a `"""` line: its `#if` is the string's, not a directive.
        let raw = "let s = #\"\"\"\n\"\"\"\n#if os(iOS)\n\"\"\"#\n#if os(iOS)\n#endif"
        #expect(
            ConditionalCompilation.iPhoneConditions(in: raw)
                == "let s = #\"\"\"\n\"\"\"\n#if os(iOS)\n\"\"\"#\n#if true   \n#endif")
        #expect(Self.read(raw + "\nkept") == ["let s = #\"\"\"", "\"\"\"", "#if os(iOS)", "\"\"\"#", "kept"])
        // U+2028 inside a string does not end its line.
        #expect(ConditionalCompilation.iPhoneConditions(in: "let a = \"x\u{2028}#if os(iOS)\"\n") == nil)
        // A one-line raw string with a quote inside, then a directive.
        let oneLine = "let r = #\"a\"b\"#; let t = \"\\\"\"\n#if os(iOS)\n#endif"
        #expect(
            ConditionalCompilation.iPhoneConditions(in: oneLine)
                == "let r = #\"a\"b\"#; let t = \"\\\"\"\n#if true   \n#endif")
    }
}
