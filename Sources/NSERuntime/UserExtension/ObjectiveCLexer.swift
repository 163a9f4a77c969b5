/// One token of an Objective-C file, with the line it starts on (from 1).
struct ObjectiveCToken: Sendable, Hashable {
    /// What a token is.
    enum Kind: Sendable, Hashable {
        /// A name: `self`, `NotificationService`, `nonatomic`.
        case identifier
        /// A number literal, as written.
        case number
        /// An Objective-C string literal (`@"..."`), its text between the quotes with escapes as written.
        case string
        /// A C string literal (`"..."`), its text between the quotes with escapes as written.
        case cString
        /// An `@` keyword: `@interface`, `@end`.
        case keyword
        /// A preprocessor line, whole: `#import <UserNotifications/UserNotifications.h>`.
        case directive
        /// An operator or punctuation: `[`, `:`, `&&`, `@{`.
        case punctuation
    }

    var kind: Kind
    var text: String
    var line: Int
}

/// Splits Objective-C source into tokens, without comments.
enum ObjectiveCLexer {
    /// The two-character operators kept whole.
    private static let pairs: Set<String> = ["&&", "||", "==", "!=", "->", "<=", ">=", "++", "--", "+=", "-="]

    /// The tokens of `text`, or the line where a comment or string literal opens that does not end.
    static func tokens(_ text: String) -> Result<[ObjectiveCToken], UnclosedLiteral> {
        let characters = Array(text.unicodeScalars)
        var tokens: [ObjectiveCToken] = []
        var index = 0
        var line = 1
        var atLineStart = true
        func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
                atLineStart = true
                continue
            }
            if character == " " || character == "\t" || character == "\r" {
                index += 1
                continue
            }
            if character == "/", peek(1) == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "/", peek(1) == "*" {
                let opened = line
                index += 2
                while index < characters.count, !(characters[index] == "*" && peek(1) == "/") {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
                guard index < characters.count else { return .failure(UnclosedLiteral(line: opened)) }
                index += 2
                continue
            }
            let start = line
            if character == "#", atLineStart {
                // A preprocessor line, with its `\` continuations.
                var directive = ""
                while index < characters.count, characters[index] != "\n" {
                    if characters[index] == "\\", peek(1) == "\n" {
                        index += 2
                        line += 1
                        continue
                    }
                    directive.unicodeScalars.append(characters[index])
                    index += 1
                }
                tokens.append(ObjectiveCToken(kind: .directive, text: directive, line: start))
                continue
            }
            atLineStart = false
            if character == "\"" || (character == "@" && peek(1) == "\"") {
                let kind: ObjectiveCToken.Kind = character == "@" ? .string : .cString
                index += character == "@" ? 2 : 1
                var literal = ""
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\n" { return .failure(UnclosedLiteral(line: start)) }
                    if characters[index] == "\\", let next = peek(1) {
                        // A line continued inside the literal: the next token's line counts it.
                        if next == "\n" { line += 1 }
                        literal.unicodeScalars.append(characters[index])
                        literal.unicodeScalars.append(next)
                        index += 2
                        continue
                    }
                    literal.unicodeScalars.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { return .failure(UnclosedLiteral(line: start)) }
                index += 1
                tokens.append(ObjectiveCToken(kind: kind, text: literal, line: start))
                continue
            }
            let keyword = character == "@" && peek(1).map(isIdentifierStart) == true
            if keyword || isIdentifierStart(character) {
                // `@interface` or a name, whole.
                var word = keyword ? "@" : ""
                if keyword { index += 1 }
                while let scalar = peek(), isIdentifierPart(scalar) {
                    word.unicodeScalars.append(scalar)
                    index += 1
                }
                tokens.append(ObjectiveCToken(kind: keyword ? .keyword : .identifier, text: word, line: start))
                continue
            }
            if ("0"..."9").contains(character) {
                var number = ""
                while let scalar = peek(), isIdentifierPart(scalar) || scalar == "." {
                    number.unicodeScalars.append(scalar)
                    index += 1
                }
                tokens.append(ObjectiveCToken(kind: .number, text: number, line: start))
                continue
            }
            var text = String(character)
            if let next = peek(1),
                pairs.contains(text + String(next)) || (character == "@" && "{[(".unicodeScalars.contains(next))
            {
                text.unicodeScalars.append(next)
            }
            index += text.unicodeScalars.count
            tokens.append(ObjectiveCToken(kind: .punctuation, text: text, line: start))
        }
        return .success(tokens)
    }

    /// A comment or string literal that does not end.
    struct UnclosedLiteral: Error, Hashable {
        /// The line it opens on.
        var line: Int
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }
}
