/// The lines of a Swift file that an iOS build with given compilation conditions compiles, for the source
/// scan (imports, calls the run cannot time, principal classes): a branch of `#if ... #elseif ... #else
/// ... #endif` that such a build leaves out is blanked, its lines kept so that a note's line number stays
/// the file's. The compiler itself decides what compiles; this only keeps the scan from reading what it
/// would not (an app-only `import FirebaseAnalytics` under `#if !APP_EXTENSION`, a macOS branch).
///
/// A condition is evaluated as on an iPhone: `os(iOS)` holds and any other `os(...)` does not,
/// `targetEnvironment(simulator)` and `targetEnvironment(macCatalyst)` do not, `arch(arm64)` does,
/// `swift(...)` and `compiler(...)` do, a name holds when it is one of `conditions`. `canImport(...)` and
/// anything else cannot be told here: a block whose condition cannot be told is read whole, every branch.
///
/// ```swift
/// ConditionalCompilation.activeText(of: "#if DEBUG\nimport A\n#else\nimport B\n#endif", conditions: [])
/// // "\n\n\nimport B\n"
/// ```
enum ConditionalCompilation {
    /// `text` with the lines of the branches an iOS build with `conditions` leaves out blanked.
    static func activeText(of text: String, conditions: Set<String>) -> String {
        guard text.contains("#if") else { return text }
        var lines: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false)
        /// Each open block: whether its current branch is read, whether an earlier one was taken (nil: the
        /// block cannot be told, every branch is read), and whether the block around it is read.
        var blocks: [(reading: Bool, taken: Bool?, outer: Bool)] = []
        var reading = true
        for index in lines.indices {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            if let condition = directive("#if", in: trimmed) {
                let value = evaluate(condition, conditions)
                blocks.append((reading, value, reading))
                reading = reading && (value ?? true)
                lines[index] = ""
            } else if let condition = directive("#elseif", in: trimmed), let block = blocks.last {
                let value = evaluate(condition, conditions)
                let taken = block.taken.flatMap { taken in value.map { taken || $0 } }
                let read = block.taken.map { !$0 && (value ?? true) } ?? true
                blocks[blocks.count - 1].taken = block.taken == true ? true : taken
                reading = block.outer && read
                lines[index] = ""
            } else if directive("#else", in: trimmed) != nil, let block = blocks.last {
                reading = block.outer && (block.taken.map { !$0 } ?? true)
                lines[index] = ""
            } else if directive("#endif", in: trimmed) != nil, let block = blocks.popLast() {
                reading = block.outer
                lines[index] = ""
            } else if !reading {
                lines[index] = ""
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The rest of `line` after the directive `name` (`#if`, `#else`...), nil when it is not that directive.
    private static func directive(_ name: String, in line: Substring) -> Substring? {
        guard line.hasPrefix(name) else { return nil }
        let rest = line.dropFirst(name.count)
        guard let next = rest.first else { return rest }
        return next == " " || next == "\t" || next == "(" || next == "!" ? rest : nil
    }

    /// The value of the condition `text` on an iPhone with `conditions`; nil when it cannot be told.
    static func evaluate(_ text: Substring, _ conditions: Set<String>) -> Bool? {
        var condition = String(text)
        if let comment = condition.range(of: "//") { condition = String(condition[..<comment.lowerBound]) }
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
            let value: Bool
            switch function {
            case "os": value = argument == "iOS"
            case "targetEnvironment": value = false
            case "arch": value = argument == "arm64"
            case "swift", "compiler": value = true
            default:
                // canImport(...), hasFeature(...), hasAttribute(...): not told here.
                unknown = true
                value = true
            }
            return value
        }
    }
}
