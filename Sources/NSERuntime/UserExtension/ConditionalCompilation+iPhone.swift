/// The copies a compile is given hold `os(iOS)` true (``CompiledCopies``): what an iPhone compiles.
extension ConditionalCompilation {
    /// `text` as an iPhone's compile reads its conditions: each `os(iOS)` of an `#if` or `#elseif` line
    /// (read as ``activeText(of:conditions:)`` reads them, comments after the condition left alone) made
    /// `true`, padded with spaces so that every line and column stays where it was; nil when there is none.
    /// Swift on Linux holds `os(iOS)` false, and shared code's `#if os(iOS) import UIKit #elseif os(macOS)
    /// import AppKit #endif` then imports neither.
    ///
    /// ```swift
    /// ConditionalCompilation.iPhoneConditions(in: "#if os(iOS)\nimport UIKit\n#endif")
    /// // "#if true   \nimport UIKit\n#endif"
    /// ```
    static func iPhoneConditions(in text: String) -> String? {
        guard text.contains("iOS") else { return nil }
        var result = ""
        var changed = false
        var literal = Literal()
        /// Inside a condition that goes on to the next line (open parentheses, or a last `||` or `&&`).
        var condition: Continuation?
        var start = text.startIndex
        while start < text.endIndex {
            // Any line end, kept as it is ("\r\n" is one Character).
            let end = text[start...].firstIndex(where: Self.isLineEnd) ?? text.endIndex
            let line = text[start..<end]
            let inLiteral = literal.isOpen
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            var conditionText: Substring?
            if let continued = condition {
                conditionText = line
                condition = continued
            } else if !inLiteral {
                conditionText = directive("#if", in: trimmed) ?? directive("#elseif", in: trimmed)
                if conditionText != nil { condition = Continuation() }
            }
            if let conditionText, var continuation = condition {
                let rewritten = Self.trueForIOS(in: conditionText, &continuation)
                result += line[..<conditionText.startIndex]
                result += rewritten ?? String(conditionText)
                changed = changed || rewritten != nil
                condition = continuation.goesOn ? continuation : nil
            } else {
                literal.advance(over: line)
                result += line
            }
            guard end < text.endIndex else { break }
            result.append(text[end])
            start = text.index(after: end)
        }
        return changed ? result : nil
    }

    /// Where a condition read line by line stands at a line's end.
    private struct Continuation {
        /// Parentheses open.
        var depth = 0
        /// Inside a block comment.
        var inComment = false
        /// The line's last token is `||` or `&&`.
        var endsWithOperator = false
        var goesOn: Bool { depth > 0 || inComment || endsWithOperator }
    }

    /// `condition`, a line of one (a directive's rest, or a line it goes on to), with each `os(iOS)` (spaces
    /// allowed inside) outside comments made `true` and as many spaces; nil when it has none. `state` is
    /// where the condition stood at the line's start and stands at its end.
    private static func trueForIOS(in condition: Substring, _ state: inout Continuation) -> String? {
        var characters = Array(condition)
        var changed = false
        func isIdentifier(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_"
        }
        func skipSpaces(_ index: inout Int) {
            while index < characters.count, characters[index].isWhitespace { index += 1 }
        }
        func take(_ word: String, _ index: inout Int) -> Bool {
            let word = Array(word)
            guard index + word.count <= characters.count, Array(characters[index..<index + word.count]) == word
            else { return false }
            index += word.count
            return true
        }
        /// The end of an `os(iOS)` that starts at `index` (spaces allowed inside), nil when none does.
        func osIOS(at index: Int) -> Int? {
            guard index == 0 || !isIdentifier(characters[index - 1]) else { return nil }
            var end = index
            guard take("os", &end) else { return nil }
            for word in ["(", "iOS", ")"] {
                skipSpaces(&end)
                guard take(word, &end) else { return nil }
            }
            return end
        }
        var last: Character?
        var index = 0
        while index < characters.count {
            if state.inComment {
                if take("*/", &index) { state.inComment = false } else { index += 1 }
                continue
            }
            var end = index
            if take("//", &end) { break }
            if take("/*", &end) {
                state.inComment = true
                index = end
                continue
            }
            let character = characters[index]
            if character == "(" { state.depth += 1 }
            if character == ")" { state.depth = max(0, state.depth - 1) }
            if !character.isWhitespace {
                state.endsWithOperator = (character == "|" || character == "&") && last == character
                last = character
            }
            guard let end = osIOS(at: index) else {
                index += 1
                continue
            }
            let replacement = Array("true") + Array(repeating: " ", count: end - index - 4)
            characters.replaceSubrange(index..<end, with: replacement)
            changed = true
            last = ")"
            state.endsWithOperator = false
            index = end
        }
        return changed ? String(characters) : nil
    }
}
