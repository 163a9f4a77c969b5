import Foundation
import SDKProfiles

/// An Objective-C Notification Service Extension, translated to Swift so that it runs under load: Linux
/// has no Objective-C compiler for iOS code, and many extensions (React Native's, older apps', the push
/// SDKs' Objective-C guides) are written in it.
///
/// Only what can be translated exactly is: one class, deriving from `UNNotificationServiceExtension` or a
/// push SDK's extension class (``SDKProfile/serviceExtensionClass``); its properties of UserNotifications'
/// and Foundation's object and block types; `didReceiveNotificationRequest:withContentHandler:` and
/// `serviceExtensionTimeWillExpire`, made of local variables, assignments, `if`/`else`, `return`, calls to
/// `super`, blocks called and block literals passed to NSURLSession, and the messages ``ObjectiveCCalls``
/// knows (Xcode's template, the SDKs' calls as their guides write them, a media download). Anything else
/// (another method, a C function, a literal dictionary, a cast, a message not in the table) is refused,
/// naming its file and line: a run of code other than the extension's would be no measure of it.
///
/// The Swift keeps Objective-C's meaning where extensions rely on it: a property is an implicitly
/// unwrapped optional as Swift imports it, a local variable an optional, a message to an optional
/// (`[[CleverTap sharedInstance] ...]`, `[url path]`) answers nil, NO or 0 when it is nil, a block's capture
/// list copies the variables it reads when it is made, and a nil block called crashes, as it does on a phone.
/// Three differences are named in the run's notes: reading a property of nil (`self.bestAttemptContent.title`
/// before it is set) or passing nil where Swift takes an object crashes the translation, where Objective-C
/// may read or pass nil; and a dictionary's value of another class than its variable is nil.
///
/// Each statement carries `#sourceLocation` of its Objective-C line, so that the compiler's messages and a
/// crash point into the user's `.m` file.
struct ObjectiveCTranslation: Sendable, Hashable {
    /// The translation's file in the build folder.
    static let fileName = "ObjectiveC-translation.swift"

    /// The class, as Info.plist names it.
    var className: String
    /// The class it derives from.
    var base: String
    /// The Objective-C files translated, relative to the extension's folder.
    var files: [String]
    /// The Swift.
    var swiftText: String
    /// The push SDKs the translation calls (its base's first), for payloads' media fields.
    var sdks: [SDKProfile]

    /// Why `file` cannot be translated at `line`.
    struct Refusal: Error, Hashable {
        var file: String
        var line: Int
        var reason: String
        /// Whether the files had declared a `UNNotificationServiceExtension` subclass by then: they are an
        /// extension, not Objective-C code beside a Swift one.
        var declaresExtension = false
    }

    /// Translates the Objective-C implementations `implementations` with the headers among `headers` that
    /// they import (`#import "NotificationService.h"`, and those that header imports), each read before
    /// the file importing it; named in messages relative to `root`. A header nothing imports is not read,
    /// as the compiler would not read it.
    static func translate(
        _ implementations: [URL], headers: [URL], root: URL
    ) -> Result<ObjectiveCTranslation, Refusal> {
        var translator = ObjectiveCTranslator()
        var tokensOfFile: [String: [ObjectiveCToken]] = [:]
        var ordered: [URL] = []
        do throws(Refusal) {
            func tokens(of file: URL) throws(Refusal) -> [ObjectiveCToken] {
                if let tokens = tokensOfFile[file.path] { return tokens }
                let label = UserExtensionSource.relative(file, to: root)
                let text: String
                do {
                    text = try String(contentsOf: file, encoding: .utf8)
                } catch {
                    throw Refusal(
                        file: label, line: 1, reason: "not readable as UTF-8 text (\(error.localizedDescription))")
                }
                switch ObjectiveCLexer.tokens(text) {
                case .failure(let unclosed):
                    throw Refusal(file: label, line: unclosed.line, reason: "a comment or string that does not end")
                case .success(let tokens):
                    tokensOfFile[file.path] = tokens
                    return tokens
                }
            }
            // Depth first, each header before the file importing it.
            var visiting: Set<String> = []
            func visit(_ file: URL) throws(Refusal) {
                guard visiting.insert(file.path).inserted else { return }
                for name in quotedImports(in: try tokens(of: file)) {
                    let beside = file.deletingLastPathComponent().appendingPathComponent(name).standardizedFileURL.path
                    let header =
                        headers.first { $0.standardizedFileURL.path == beside }
                        ?? headers.sorted { $0.path < $1.path }.first {
                            $0.lastPathComponent == name.split(separator: "/").last.map(String.init)
                        }
                    if let header { try visit(header) }
                }
                ordered.append(file)
            }
            for file in implementations.sorted(by: { $0.path < $1.path }) { try visit(file) }
            for file in ordered {
                var parser = ObjectiveCFileParser(
                    tokens: try tokens(of: file), label: UserExtensionSource.relative(file, to: root), path: file.path)
                try parser.parse(into: &translator)
            }
            return .success(try translator.finish(files: ordered.map { UserExtensionSource.relative($0, to: root) }))
        } catch {
            var refusal = error
            refusal.declaresExtension = translator.className != nil
            return .failure(refusal)
        }
    }

    /// `statement` indented to `depth`, after the `#sourceLocation` of `line` of the file at `path`: the
    /// compiler's messages and a crash's position name the Objective-C.
    static func located(_ statement: String, path: String, line: Int, depth: Int) -> String {
        let file = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "#sourceLocation(file: \"\(file)\", line: \(line))\n" + String(repeating: "    ", count: depth)
            + statement + "\n"
    }

    /// Swift's reserved words an Objective-C name may be, which Swift takes only in backticks.
    private static let reservedWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "Any", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// The Objective-C name `name` as Swift takes it.
    static func swiftName(_ name: String) -> String { reservedWords.contains(name) ? "`\(name)`" : name }

    /// The files `tokens`' directives import by a quoted name (`#import "NotificationService.h"`), as written.
    static func quotedImports(in tokens: [ObjectiveCToken]) -> [String] {
        tokens.compactMap { token in
            guard token.kind == .directive else { return nil }
            let words = token.text.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let directive = words.first, ["import", "include"].contains(directive), words.count > 1,
                words[1].hasPrefix("\"")
            else { return nil }
            return String(words[1].dropFirst().prefix { $0 != "\"" })
        }
    }
}
