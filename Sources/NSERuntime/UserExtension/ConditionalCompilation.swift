/// The lines of a Swift file that an iOS build with given compilation conditions compiles, for the source
/// scan (imports, calls the run cannot time, principal classes): a branch of `#if ... #elseif ... #else
/// ... #endif` that such a build leaves out is blanked, its lines kept so that a note's line number stays
/// the file's. The compiler itself decides what compiles; this only keeps the scan from reading what it
/// would not (an app-only `import FirebaseAnalytics` under `#if !APP_EXTENSION`, a macOS branch).
///
/// A condition is evaluated as nse-bench's compile sees it, so that the scan reads what is compiled: as on
/// an iPhone, `os(iOS)` holds (the compiled copies say `true` there, ``iPhoneConditions(in:)``) and
/// `targetEnvironment(...)` does not (a device); as on Linux, `os(Linux)` holds too, `arch(...)` is this
/// machine's (both named `not faithful:`, ``platformConditions(in:file:)``); any other `os(...)` does not
/// hold; `swift(...)` and `compiler(...)` where
/// the version compared with settles it (a language mode of 5 or later, a compiler of 6 or later), a name
/// holds when it is one of `conditions`. `canImport(...)` and anything else cannot be told here: a block
/// whose condition cannot be told is read whole, every branch. Directives inside a multi-line string or a
/// block comment are not directives; a file whose blocks do not balance is read whole.
///
/// ```swift
/// ConditionalCompilation.activeText(of: "#if DEBUG\nimport A\n#else\nimport B\n#endif", conditions: [])
/// // "\n\n\nimport B\n"
/// ```
enum ConditionalCompilation {
    /// `text` with the lines of the branches an iOS build with `conditions` leaves out blanked.
    static func activeText(of text: String, conditions: Set<String>) -> String {
        guard text.contains("#if") else { return text }
        // Any line end: "\r\n" is one Character, which a split on "\n" would not see.
        var lines: [Substring] = text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineEnd)
        var literal = Literal()
        /// Each open block: whether its current branch is read, whether an earlier one was taken (nil: the
        /// block cannot be told, every branch is read), and whether the block around it is read.
        var blocks: [(reading: Bool, taken: Bool?, outer: Bool)] = []
        var reading = true
        for index in lines.indices {
            let inLiteral = literal.isOpen
            literal.advance(over: lines[index])
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            if inLiteral {
                if !reading { lines[index] = "" }
            } else if let condition = directive("#if", in: trimmed) {
                let value = evaluate(condition, conditions)
                blocks.append((reading, value, reading))
                reading = reading && (value ?? true)
                lines[index] = ""
            } else if let condition = directive("#elseif", in: trimmed) {
                guard let block = blocks.last else { return text }
                let value = evaluate(condition, conditions)
                let taken = block.taken.flatMap { taken in value.map { taken || $0 } }
                let read = block.taken.map { !$0 && (value ?? true) } ?? true
                blocks[blocks.count - 1].taken = block.taken == true ? true : taken
                reading = block.outer && read
                lines[index] = ""
            } else if directive("#else", in: trimmed) != nil {
                guard let block = blocks.last else { return text }
                reading = block.outer && (block.taken.map { !$0 } ?? true)
                lines[index] = ""
            } else if directive("#endif", in: trimmed) != nil {
                guard let block = blocks.popLast() else { return text }
                reading = block.outer
                lines[index] = ""
            } else if !reading {
                lines[index] = ""
            }
        }
        // Unbalanced: the compiler will say so; the scan reads the file as it is.
        guard blocks.isEmpty else { return text }
        return lines.joined(separator: "\n")
    }

    /// Whether `character` ends a line as the compiler reads a file: a line feed, a carriage return, or
    /// both (one `Character`); not U+2028, U+0085 or a form feed, which `Character.isNewline` counts too.
    static func isLineEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// Whether a line is inside a multi-line string literal or a block comment, as far as a line-by-line
    /// look can tell: `"""` opens and closes a string (`#"""` a raw one, closed only by `"""#`, with as many
    /// `#`), `/*` and `*/` nest comments, `//` ends the line's code.
    struct Literal {
        /// The `#`s of the multi-line string open, nil outside one.
        var stringHashes: Int?
        var commentDepth = 0
        var isOpen: Bool { stringHashes != nil || commentDepth > 0 }

        mutating func advance(over line: Substring) {
            var rest = line[...]
            while !rest.isEmpty {
                if let hashes = stringHashes {
                    let closing = "\"\"\"" + String(repeating: "#", count: hashes)
                    guard let end = rest.range(of: closing) else { return }
                    stringHashes = nil
                    rest = rest[end.upperBound...]
                } else if commentDepth > 0 {
                    if rest.hasPrefix("*/") {
                        commentDepth -= 1
                        rest = rest.dropFirst(2)
                    } else if rest.hasPrefix("/*") {
                        commentDepth += 1
                        rest = rest.dropFirst(2)
                    } else {
                        rest = rest.dropFirst()
                    }
                } else if rest.hasPrefix("//") {
                    return
                } else if rest.hasPrefix("/*") {
                    commentDepth = 1
                    rest = rest.dropFirst(2)
                } else if rest.first == "#" || rest.first == "\"" {
                    let hashes = rest.prefix { $0 == "#" }.count
                    let quoted = rest.dropFirst(hashes)
                    if quoted.hasPrefix("\"\"\"") {
                        stringHashes = hashes
                        rest = quoted.dropFirst(3)
                    } else if quoted.hasPrefix("\"") {
                        rest = Self.afterOneLineString(quoted.dropFirst(), hashes: hashes)
                    } else {
                        rest = rest.dropFirst(max(hashes, 1))
                    }
                } else {
                    rest = rest.dropFirst()
                }
            }
        }

        /// `rest` after the one-line string it is inside of (opened with `hashes` `#`s): to its closing
        /// quote and as many `#`s; a plain string's escapes skipped.
        private static func afterOneLineString(_ rest: Substring, hashes: Int) -> Substring {
            var rest = rest
            let closing = "\"" + String(repeating: "#", count: hashes)
            while let character = rest.first {
                if hashes == 0, character == "\\" {
                    rest = rest.dropFirst(2)
                } else if rest.hasPrefix(closing) {
                    return rest.dropFirst(closing.count)
                } else {
                    rest = rest.dropFirst()
                }
            }
            return rest
        }
    }

    /// The `#if` and `#elseif` lines of `text` (read as ``activeText(of:conditions:)`` reads them) whose
    /// condition an iPhone tells otherwise than nse-bench's compile, as `file:line: why`: `os(Linux)`, which
    /// holds here and not on an iPhone, and `arch(...)`, this machine's where an iPhone is `arm64`. (`os(iOS)`
    /// holds in the compiled copies; `targetEnvironment(...)` and other platforms hold on neither.)
    static func platformConditions(in text: String, file: String) -> [String] {
        guard text.contains("#if") || text.contains("#elseif") else { return [] }
        var notes: [String] = []
        var literal = Literal()
        for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineEnd).enumerated()
        {
            let inLiteral = literal.isOpen
            literal.advance(over: line)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !inLiteral, let condition = directive("#if", in: trimmed) ?? directive("#elseif", in: trimmed)
            else { continue }
            var code = String(condition)
            for marker in ["//", "/*"] {
                if let comment = code.range(of: marker) { code = String(code[..<comment.lowerBound]) }
            }
            let atoms = tokens(code).map { $0.filter { !$0.isWhitespace } }
            let linux = atoms.contains("os(Linux)")
            let arch = atoms.contains { $0.hasPrefix("arch(") } && architecture != "arm64"
            guard linux || arch else { continue }
            let why =
                linux
                ? "os(Linux) holds on Linux, where nse-bench compiles, and not on an iPhone"
                : "arch(...) is this machine's (\(architecture)), where an iPhone is arm64"
            notes.append(
                "\(file):\(offset + 1): `#\(trimmed.dropFirst().prefix { !$0.isWhitespace })"
                    + "\(condition.prefix(60))`: \(why): the branch an iPhone compiles is not the one run here")
        }
        return notes
    }

    /// The rest of `line` after the directive `name` (`#if`, `#else`...), nil when it is not that directive.
    static func directive(_ name: String, in line: Substring) -> Substring? {
        guard line.hasPrefix(name) else { return nil }
        let rest = line.dropFirst(name.count)
        guard let next = rest.first else { return rest }
        return next.isWhitespace || next == "(" || next == "!" || next == "/" ? rest : nil
    }

    /// This machine's architecture, as `arch(...)` names it.
    static var architecture: String {
        #if arch(x86_64)
            "x86_64"
        #elseif arch(arm64)
            "arm64"
        #else
            ""
        #endif
    }

    /// The value of the condition `text` on an iPhone with `conditions`; nil when it cannot be told.
    static func evaluate(_ text: Substring, _ conditions: Set<String>) -> Bool? {
        var condition = String(text)
        for marker in ["//", "/*"] {
            if let comment = condition.range(of: marker) { condition = String(condition[..<comment.lowerBound]) }
        }
        var parser = Parser(tokens: tokens(condition), conditions: conditions)
        guard let value = parser.disjunction(), parser.position == parser.tokens.count else { return nil }
        return value
    }

    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            if depth > 0 {
                current.append(character)
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth == 0 {
                    tokens.append(current)
                    current = ""
                }
                continue
            }
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else if character == "(", !current.isEmpty {
                current.append(character)
                depth = 1
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                if character == "&" || character == "|", tokens.last == String(character) {
                    tokens[tokens.count - 1] += String(character)
                } else if !character.isWhitespace {
                    tokens.append(String(character))
                }
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// A recursive-descent reading of `||`, `&&`, `!`, parentheses and atoms; an atom that cannot be told
    /// makes the whole condition nil (its `&&` and `||` are not short-circuited: a block read whole is the
    /// safe side).
    private struct Parser {
        let tokens: [String]
        let conditions: Set<String>
        var position = 0
        var unknown = false

        mutating func disjunction() -> Bool? {
            guard var value = conjunction() else { return nil }
            while position < tokens.count, tokens[position] == "||" {
                position += 1
                guard let next = conjunction() else { return nil }
                value = value || next
            }
            return unknown ? nil : value
        }

        mutating func conjunction() -> Bool? {
            guard var value = unary() else { return nil }
            while position < tokens.count, tokens[position] == "&&" {
                position += 1
                guard let next = unary() else { return nil }
                value = value && next
            }
            return value
        }

        mutating func unary() -> Bool? {
            guard position < tokens.count else { return nil }
            let token = tokens[position]
            position += 1
            if token == "!" { return unary().map { !$0 } }
            if token == "(" {
                guard let value = disjunction(), position < tokens.count, tokens[position] == ")" else { return nil }
                position += 1
                return value
            }
            return atom(token)
        }

        mutating func atom(_ token: String) -> Bool? {
            if token == "true" { return true }
            if token == "false" { return false }
            guard let open = token.firstIndex(of: "(") else {
                guard token.first.map({ $0.isLetter || $0 == "_" }) == true else { return nil }
                return conditions.contains(token)
            }
            let function = token[..<open]
            let argument = token[token.index(after: open)...].dropLast().filter { !$0.isWhitespace }
            let value: Bool?
            switch function {
            case "os": value = argument == "Linux" || argument == "iOS"
            case "targetEnvironment": value = false
            case "arch": value = argument == ConditionalCompilation.architecture
            // The language mode is 5 or later (6 where the project says), the compiler 6 or later.
            case "swift": value = Self.compare(String(argument), floor: 5)
            case "compiler": value = Self.compare(String(argument), floor: 6)
            // canImport(...), hasFeature(...), hasAttribute(...): not told here.
            default: value = nil
            }
            if value == nil { unknown = true }
            return value ?? true
        }

        /// `>=V` or `<V` against a version known to be at least `floor` (but not how much more): settled
        /// only for a `V` at or under `floor`; nil otherwise.
        static func compare(_ argument: String, floor: Double) -> Bool? {
            let (atLeast, number): (Bool, Substring) =
                argument.hasPrefix(">=")
                ? (true, argument.dropFirst(2)) : argument.hasPrefix("<") ? (false, argument.dropFirst()) : (true, "")
            let parts = number.split(separator: ".")
            guard let major = parts.first.flatMap({ Double($0) }) else { return nil }
            let minor = parts.count > 1 ? (Double(parts[1]) ?? 0) / 100 : 0
            guard major + minor <= floor else { return nil }
            return atLeast
        }
    }
}
