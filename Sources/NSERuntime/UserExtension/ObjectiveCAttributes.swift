import Foundation

/// Objective-C attributes, which Swift on Linux refuses ("Objective-C interoperability is disabled"): an
/// extension's principal class is often declared `@objc(NotificationService)`, so that Info.plist can name
/// it without the module. Linux has no Objective-C runtime, and nse-bench finds the class by its Swift name,
/// so the compile drops the attributes: `@objc`, `@objc(Name)`, `@objcMembers` and `@nonobjc` are blanked
/// out with spaces in a copy of the file (lines and columns stay where they were, ``CompiledCopies``), and
/// the compiler's messages about the copy are given the original's path. Comments and string
/// literals (`"…"`, `"""…"""`, raw `#"…"#`, with their interpolations) are left as they are. What needs the
/// runtime itself (`#selector`, `@objc optional` requirements, key-value observing) is not there, and the
/// compile says so.
enum ObjectiveCAttributes {
    /// The attribute names dropped, longest first.
    static let names = ["objcMembers", "nonobjc", "objc"]

    /// Where the scan is: code (inside an interpolation, with its open parentheses), a string literal, or a
    /// block comment (nested to a depth).
    private enum Context {
        case code(parentheses: Int)
        case string(multiline: Bool, hashes: Int)
        case blockComment(depth: Int)
    }

    /// `text` with its Objective-C attributes blanked out, or nil when it has none.
    static func blanked(_ text: String) -> String? {
        guard text.contains("@objc") || text.contains("@nonobjc") else { return nil }
        var bytes = Array(text.utf8)
        var changed = false
        var stack: [Context] = [.code(parentheses: 0)]
        var index = 0
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        func starts(_ literal: String, from offset: Int = 0) -> Bool {
            let word = Array(literal.utf8)
            guard index + offset + word.count <= bytes.count else { return false }
            return Array(bytes[(index + offset)..<(index + offset + word.count)]) == word
        }
        func hashes(from offset: Int) -> Int {
            var count = 0
            while at(offset + count) == UInt8(ascii: "#") { count += 1 }
            return count
        }
        while index < bytes.count, let context = stack.last {
            switch context {
            case .code(let parentheses):
                if starts("//") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else if starts("/*") {
                    stack.append(.blockComment(depth: 1))
                    index += 2
                } else if bytes[index] == UInt8(ascii: "#") || bytes[index] == UInt8(ascii: "\"") {
                    let count = hashes(from: 0)
                    if starts("\"\"\"", from: count) {
                        stack.append(.string(multiline: true, hashes: count))
                        index += count + 3
                    } else if at(count) == UInt8(ascii: "\"") {
                        stack.append(.string(multiline: false, hashes: count))
                        index += count + 1
                    } else {
                        index += max(count, 1)
                    }
                } else if bytes[index] == UInt8(ascii: "@"), let end = attributeEnd(in: bytes, at: index) {
                    for position in index..<end { bytes[position] = UInt8(ascii: " ") }
                    changed = true
                    index = end
                } else if bytes[index] == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                    index += 1
                } else if bytes[index] == UInt8(ascii: ")") {
                    // The end of an interpolation, back to its string; or a parenthesis of the code.
                    if parentheses == 0, stack.count > 1 {
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .code(parentheses: max(parentheses - 1, 0))
                    }
                    index += 1
                } else {
                    index += 1
                }
            case .string(let multiline, let count):
                let escape = bytes[index] == UInt8(ascii: "\\") && hashes(from: 1) >= count
                if escape, at(1 + count) == UInt8(ascii: "(") {
                    stack.append(.code(parentheses: 0))
                    index += count + 2
                } else if escape {
                    index += count + 2
                } else if multiline, starts("\"\"\""), hashes(from: 3) >= count {
                    stack.removeLast()
                    index += 3 + count
                } else if !multiline, bytes[index] == UInt8(ascii: "\""), hashes(from: 1) >= count {
                    stack.removeLast()
                    index += 1 + count
                } else if !multiline, bytes[index] == UInt8(ascii: "\n") {
                    stack.removeLast()  // unterminated: the compiler will say so
                    index += 1
                } else {
                    index += 1
                }
            case .blockComment(let depth):
                if starts("/*") {
                    stack[stack.count - 1] = .blockComment(depth: depth + 1)
                    index += 2
                } else if starts("*/") {
                    if depth == 1 {
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .blockComment(depth: depth - 1)
                    }
                    index += 2
                } else {
                    index += 1
                }
            }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// The end of the Objective-C attribute starting at `start` (its `@`), with its parenthesised name when
    /// one follows on the same line (`@objc(Name)`, `@objc (set:)`), or nil when none starts there.
    private static func attributeEnd(in bytes: [UInt8], at start: Int) -> Int? {
        for name in names {
            let word = Array(name.utf8)
            let end = start + 1 + word.count
            guard end <= bytes.count, Array(bytes[(start + 1)..<end]) == word else { continue }
            // A longer identifier (`@objcThing`) is not this attribute.
            if end < bytes.count, isIdentifierByte(bytes[end]) { continue }
            var open = end
            while open < bytes.count, bytes[open] == UInt8(ascii: " ") || bytes[open] == UInt8(ascii: "\t") {
                open += 1
            }
            guard open < bytes.count, bytes[open] == UInt8(ascii: "(") else { return end }
            var close = open + 1
            while close < bytes.count,
                isIdentifierByte(bytes[close]) || bytes[close] == UInt8(ascii: ":")
                    || bytes[close] == UInt8(ascii: " ")
            {
                close += 1
            }
            return close < bytes.count && bytes[close] == UInt8(ascii: ")") ? close + 1 : end
        }
        return nil
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
