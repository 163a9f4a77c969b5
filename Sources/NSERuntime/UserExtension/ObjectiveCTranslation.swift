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
        var translator = Translator()
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
                var parser = FileParser(
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

/// What the files of a translation declare, gathered as they are read.
private struct Translator {
    var className: String?
    var base: String?
    /// Where the class was first declared: for a refusal that names it, and its Swift's line.
    var declaredAt: (file: String, path: String, line: Int)?
    /// The properties, each with its Swift declaration at its line.
    var properties:
        [(name: String, swiftType: String, type: ObjectiveCCalls.ValueType, declaration: String, readonly: Bool)] = []
    var methods: [String] = []
    var methodSelectors: Set<String> = []
    /// The class's own methods by selector, read before any body: a body may call one defined below it.
    var ownMethods: [String: OwnMethod] = [:]
    /// The class's own class methods (`+`), by selector.
    var ownClassMethods: [String: OwnMethod] = [:]
    var modules: [String] = []
    var sdks: [SDKProfile] = []
    var implemented = false

    func property(_ name: String) -> (swiftType: String, type: ObjectiveCCalls.ValueType, readonly: Bool)? {
        properties.first { $0.name == name }.map { ($0.swiftType, $0.type, $0.readonly) }
    }

    /// The base's SDK, when it is a push SDK's extension class.
    var baseSDK: SDKProfile? {
        base.flatMap { base in SDKProfile.allCases.first { $0.serviceExtensionClass == base } }
    }

    mutating func use(module: String?, sdk: SDKProfile?) {
        if let module, !modules.contains(module) { modules.append(module) }
        if let sdk, !sdks.contains(sdk) { sdks.append(sdk) }
    }

    func finish(files: [String]) throws(ObjectiveCTranslation.Refusal) -> ObjectiveCTranslation {
        guard let className, let base else {
            throw .init(
                file: files.first ?? "", line: 1,
                reason: "no @interface of a UNNotificationServiceExtension subclass with its base class")
        }
        guard implemented else {
            throw .init(
                file: declaredAt?.file ?? "", line: declaredAt?.line ?? 1, reason: "no @implementation of \(className)")
        }
        var imports = ["Foundation", "UserNotifications"]
        if let sdk = baseSDK, let module = sdk.moduleNames.first { imports.append(module) }
        imports += modules.filter { !imports.contains($0) }
        var text = "// Translated by nse-bench from Objective-C (\(files.joined(separator: ", "))): a phone runs the "
        text += "Objective-C.\n"
        text += imports.map { "import \($0)\n" }.joined() + "\n"
        text += ObjectiveCTranslation.located(
            "class \(className): \(base) {", path: declaredAt?.path ?? "", line: declaredAt?.line ?? 1, depth: 0)
        // A push SDK's class keeps its own properties; a subclass's redeclared ones read the SDK's
        // (``ObjectiveCCalls/redeclarable(_:of:)``), and no others may be read (``FileParser``).
        if baseSDK == nil {
            for property in properties { text += property.declaration }
        }
        text += methods.joined()
        text += "#sourceLocation()\n}\n"
        return ObjectiveCTranslation(
            className: className, base: base, files: files, swiftText: text,
            sdks: (baseSDK.map { [$0] } ?? []) + sdks.filter { $0 != baseSDK })
    }
}

/// A type as a method's signature declares it (`(NSString *)`, `(BOOL)`, `(void (^)(NSURL *url))`).
private enum DeclaredType: Equatable {
    case void
    case bool
    /// An object of the class named (`id` for any).
    case object(String)
    /// A block returning nothing, taking objects of the classes named.
    case block([String])

    /// Its Swift type: an object's an optional, as an Objective-C object may be nil; a block's an implicitly
    /// unwrapped optional (calling nil crashes, as in Objective-C) taking optionals.
    var swift: String {
        switch self {
        case .void: "Void"
        case .bool: "Bool"
        case .object(let name): (ObjectiveCCalls.objectTypes[name] ?? name) + "?"
        case .block(let parameters):
            "((\(parameters.map { (ObjectiveCCalls.objectTypes[$0] ?? $0) + "?" }.joined(separator: ", "))) -> Void)!"
        }
    }

    /// The type of a translated expression of it.
    var valueType: ObjectiveCCalls.ValueType {
        switch self {
        case .void: .void
        case .bool: .bool
        case .object(let name): .object(name, optional: true)
        case .block: .block
        }
    }
}

/// A method of the class's own: `- (NSString *)fileExtensionForType:(NSString *)type`, a Swift method of
/// the selector's parts as its name and labels (`fileExtensionForType(_ type: String?) -> String?`).
private struct OwnMethod {
    var parts: [String]
    var parameters: [(name: String, type: DeclaredType)]
    var result: DeclaredType
    /// Whether it is a class method (`+`), a Swift `static func`.
    var isClassMethod = false

    /// The Swift of a call with the arguments `$0`, `$1`, ... to `$r`, as ``ObjectiveCCalls/Call`` spells one.
    var call: ObjectiveCCalls.Call {
        let labels = parameters.indices.map { index in index == 0 ? "$0" : "\(parts[index]): $\(index)" }
        var call = ObjectiveCCalls.Call(
            swift: "$r.\(ObjectiveCTranslation.swiftName(parts[0]))(\(labels.joined(separator: ", ")))",
            result: result.valueType)
        for (index, parameter) in parameters.enumerated() {
            switch parameter.type {
            case .object(let name):
                call.optionalArguments.insert(index)
                call.parameterClasses[index] = name
            case .block(let classes):
                call.optionalArguments.insert(index)
                call.blockParameters[index] = classes
            case .void, .bool: break
            }
        }
        return call
    }

    /// The Swift declaration's first line, `func name(_ a: T?, label b: U?) -> R {`.
    var declaration: String {
        let declared = parameters.enumerated().map { index, parameter in
            "\(index == 0 ? "_" : parts[index]) \(ObjectiveCTranslation.swiftName(parameter.name)): \(parameter.type.swift)"
        }
        return (isClassMethod ? "static " : "") + "func \(ObjectiveCTranslation.swiftName(parts[0]))("
            + declared.joined(separator: ", ") + ")"
            + (result == .void ? "" : " -> \(result.swift)") + " {"
    }
}

/// Parses one Objective-C file into the ``Translator``.
private struct FileParser {
    typealias Refusal = ObjectiveCTranslation.Refusal
    typealias ValueType = ObjectiveCCalls.ValueType

    let tokens: [ObjectiveCToken]
    let label: String
    /// The file's path, for `#sourceLocation`.
    let path: String
    var position = 0

    /// A translated expression.
    struct Expression {
        var swift: String
        var type: ValueType
        /// Whether it is a call, which a statement may be.
        var isCall = false
        /// Whether an assignment may set it: a property of the class, or a text property of mutable content.
        var isSettable = false
        /// Whether it is a copy of what a push SDK's class keeps (``ObjectiveCCalls/redeclarable(_:of:)``):
        /// setting one of its properties would set the copy's, so none may be set.
        var isSnapshot = false
        /// Whether an assignment to it may set nil: a local variable or a property of the class (an implicitly
        /// unwrapped optional); mutable content's text properties are not optionals in Swift.
        var holdsNil = false
        /// Whether `swift` is an optional chain whose last link is no optional (`content?.title`): the chain
        /// goes on with `.`, where an optional goes on with `?.`.
        var isChained = false
        /// For a block literal, its parameters' Objective-C types.
        var blockParameters: [String]?
        /// Whether it is an array literal (`@[...]`), the one array an assignment takes.
        var isArrayLiteral = false
        /// For a block, whether it takes optionals, which a call passes as they are.
        var blockTakesOptionals = false
        /// For a block, whether it is read through what may be nil (`weakSelf.contentHandler`): called while
        /// nil it crashes, as calling a nil block does.
        var isOptionalBlock = false
        /// Whether evaluating it does something beyond answering (a throwing call, one that answers nothing,
        /// a block called): Objective-C evaluates a message's arguments even when the receiver is nil, where
        /// Swift's `?.` skips them.
        var hasEffects = false

        /// Whether it is a Swift optional (not an implicitly unwrapped one).
        var isOptional: Bool {
            if case .object(_, true) = type { return true }
            return false
        }
    }

    /// A local variable or parameter: its type, and the depth of blocks it was declared in (0 for the
    /// method's body), which a block deeper down captures.
    private struct Local {
        var type: ValueType
        var blockDepth: Int
        /// The `{ ... }` it was declared in, which one name may be declared in once.
        var scope: Int
        /// For a block, whether it takes optionals (a method's block parameter), which a call passes as they are.
        var blockTakesOptionals = false
        /// Whether it is `__block`: blocks share it (no copy in their capture lists) and may set it.
        var isShared = false
        /// Whether it is `__weak`: a block's capture list keeps it weak.
        var isWeak = false
    }

    /// The method being translated: its selector and its parameters' types.
    private var selector = ""
    private var locals: [String: Local] = [:]
    /// The `{ ... }` being parsed, and how many have been.
    private var scope = 0
    private var scopes = 0
    /// What the method being translated returns.
    private var methodResult = DeclaredType.void
    /// Whether the method being translated is a class method, whose `self` is the class.
    private var inClassMethod = false
    /// How many block literals the parser is inside.
    private var blockDepth = 0
    /// For each block literal the parser is inside, outermost first, the locals of the blocks around it that
    /// it reads: its capture list, which copies them when the block is made, as Objective-C does.
    private var captures: [[String]] = []
    /// The indentation of the statement being parsed, for a block literal's statements.
    private var statementDepth = 0

    init(tokens: [ObjectiveCToken], label: String, path: String) {
        self.tokens = tokens
        self.label = label
        self.path = path
    }

    // MARK: Tokens

    private var current: ObjectiveCToken? { position < tokens.count ? tokens[position] : nil }
    private var line: Int { current?.line ?? tokens.last?.line ?? 1 }

    private func refusal(_ reason: String, at line: Int? = nil) -> Refusal {
        Refusal(file: label, line: line ?? self.line, reason: reason)
    }

    private func isAt(_ text: String, offset: Int = 0) -> Bool {
        position + offset < tokens.count && tokens[position + offset].text == text
            && ![.string, .cString].contains(tokens[position + offset].kind)
    }

    private mutating func advance() -> ObjectiveCToken? {
        defer { position += 1 }
        return current
    }

    private mutating func expect(_ text: String, _ what: String) throws(Refusal) {
        guard isAt(text) else {
            throw refusal(
                "expected \(what) (`\(text)`), found \(current.map { "`\($0.text)`" } ?? "the end of the file")")
        }
        position += 1
    }

    private mutating func identifier(_ what: String) throws(Refusal) -> String {
        guard let token = current, token.kind == .identifier else {
            throw refusal("expected \(what), found \(current.map { "`\($0.text)`" } ?? "the end of the file")")
        }
        position += 1
        return token.text
    }

    /// Skips to just past the next `text` at this depth of brackets.
    private mutating func skip(past text: String) throws(Refusal) {
        let start = line
        var depth = 0
        while let token = advance() {
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) { depth += 1 }
            if token.kind == .punctuation, [")", "]", "}"].contains(token.text) { depth -= 1 }
            if depth <= 0, token.text == text, ![.string, .cString].contains(token.kind) { return }
        }
        throw refusal("no `\(text)` after this", at: start)
    }

    // MARK: Declarations

    /// The preprocessor directives that change nothing a translation runs: imports, conditions (both
    /// branches are read) and pragmas.
    private static let directives: Set<String> = [
        "import", "include", "if", "ifdef", "ifndef", "elif", "else", "endif", "pragma", "warning",
    ]

    /// Names that declare nothing: nullability regions.
    private static let markers: Set<String> = ["NS_ASSUME_NONNULL_BEGIN", "NS_ASSUME_NONNULL_END"]

    mutating func parse(into translator: inout Translator) throws(Refusal) {
        while let token = current {
            switch (token.kind, token.text) {
            case (.directive, let text):
                let name = text.dropFirst().drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter }
                guard Self.directives.contains(String(name)) else {
                    throw refusal("`#\(name)`: a macro, which nse-bench does not translate")
                }
                position += 1
            case (.keyword, "@import"), (.keyword, "@class"):
                try skip(past: ";")
            case (.identifier, let name) where Self.markers.contains(name):
                position += 1
            case (.keyword, "@interface"):
                position += 1
                try parseInterface(into: &translator)
            case (.keyword, "@implementation"):
                position += 1
                try parseImplementation(into: &translator)
            default:
                throw refusal("`\(token.text)` outside a class: code nse-bench does not translate")
            }
        }
    }

    private mutating func parseInterface(into translator: inout Translator) throws(Refusal) {
        let at = line
        let name = try identifier("the class's name")
        if isAt(":") {
            position += 1
            let base = try identifier("the base class")
            if let known = translator.className, known != name {
                throw refusal("a second class, \(name) (beside \(known)): nse-bench translates one class", at: at)
            }
            if let known = translator.base, known != base {
                throw refusal("\(name) declared twice, deriving from \(known) and from \(base)", at: at)
            }
            guard base == "UNNotificationServiceExtension" || ExtensionSourceScan.serviceExtensionBases.contains(base)
            else {
                throw refusal(
                    "\(name) derives from \(base), which is not UNNotificationServiceExtension or a push SDK's "
                        + "extension class nse-bench has ("
                        + SDKProfile.allCases.compactMap(\.serviceExtensionClass).joined(separator: ", ") + ")", at: at)
            }
            translator.className = name
            translator.base = base
            translator.declaredAt = (label, path, at)
            if isAt("<") { try skip(past: ">") }
        } else if isAt("(") {
            position += 1
            guard isAt(")") else { throw refusal("a category of \(name): code nse-bench does not translate", at: at) }
            position += 1
            guard translator.className == name else {
                throw refusal("a class extension of \(name), which no header here declares", at: at)
            }
            // Protocols it adopts: no method of theirs is translated, so nothing uses the class as one.
            if isAt("<") { try skip(past: ">") }
        } else {
            throw refusal("@interface \(name) without a base class", at: at)
        }
        try parseInstanceVariables()
        while !isAt("@end") {
            guard let token = current else { throw refusal("@interface \(name) has no @end", at: at) }
            if token.kind == .directive, isPragma(token) {
                position += 1
            } else if token.text == "@property" {
                position += 1
                try parseProperty(into: &translator)
            } else if token.text == "-" || token.text == "+" {
                // A method's declaration: what it does is in the implementation.
                try skip(past: ";")
            } else {
                throw refusal("`\(token.text)` in @interface \(name): nse-bench translates properties and methods only")
            }
        }
        position += 1
    }

    /// Whether `token` is a `#pragma` (`#pragma mark -`), which changes nothing a translation runs.
    private func isPragma(_ token: ObjectiveCToken) -> Bool {
        let name = token.text.dropFirst().drop { $0 == " " || $0 == "\t" }
        // `#warning` and `#error`'s text is the compiler's, for the developer; a build that reached a phone
        // compiled past any `#warning` (an `#error` would have stopped it).
        return name.hasPrefix("pragma") || name.hasPrefix("warning")
    }

    private mutating func parseInstanceVariables() throws(Refusal) {
        guard isAt("{") else { return }
        position += 1
        guard isAt("}") else { throw refusal("instance variables, which nse-bench does not translate") }
        position += 1
    }

    /// Types a cast may name beside the object types: C's numbers and classes a translation has no variable of.
    private static let castTypes: Set<String> = [
        "unsigned", "signed", "int", "long", "short", "char", "float", "double", "NSInteger", "NSUInteger", "BOOL",
        "CGFloat", "void", "NSArray", "NSMutableArray", "NSMutableDictionary", "NSNumber", "NSMutableString",
    ]

    /// Words of a declaration that do not change its Swift type.
    private static let qualifiers: Set<String> = [
        "_Nonnull", "_Nullable", "_Null_unspecified", "nonnull", "nullable", "null_unspecified", "const",
        "__strong", "__kindof",
    ]

    /// The property attributes that keep a property what a strong Swift `var` is; `copy` only for a block
    /// or a string (whose copy is the same value), not for mutable content (whose copy is immutable).
    private static let attributes: Set<String> = [
        "nonatomic", "atomic", "strong", "retain", "readwrite", "readonly", "nullable", "nonnull",
        "null_unspecified", "null_resettable",
    ]

    private mutating func parseProperty(into translator: inout Translator) throws(Refusal) {
        let at = line
        var copies = false
        var readonly = false
        if isAt("(") {
            position += 1
            while let token = current, token.text != ")" {
                position += 1
                guard token.text != "," else { continue }
                if token.text == "copy" {
                    copies = true
                } else if token.text == "readonly" {
                    readonly = true
                } else if !Self.attributes.contains(token.text) {
                    throw refusal(
                        "the property attribute `\(token.text)`, which nse-bench does not translate (a strong property "
                            + "is a Swift var; weak, assign, class, getter= and setter= are not)", at: at)
                }
            }
            try expect(")", "the end of the property's attributes")
        }
        var words: [ObjectiveCToken] = []
        while let token = current, token.text != ";" {
            words.append(token)
            position += 1
        }
        try expect(";", "the end of the property")
        let property: (name: String, swiftType: String, type: ValueType)
        if let caret = words.firstIndex(where: { $0.text == "^" }) {
            // `void (^contentHandler)(UNNotificationContent *contentToDeliver)`
            guard words.first?.text == "void", caret + 1 < words.count, words[caret + 1].kind == .identifier,
                let open = words[(caret + 1)...].firstIndex(where: { $0.text == "(" })
            else { throw refusal("a block property nse-bench does not translate (one returning void, named)", at: at) }
            let name = words[caret + 1].text
            var parameters: [String] = []
            var parameter: [ObjectiveCToken] = []
            for word in words[(open + 1)...] {
                if word.text == "," || word.text == ")" {
                    if let type = parameter.first(where: {
                        $0.kind == .identifier && !Self.qualifiers.contains($0.text)
                    }), type.text != "void" {
                        guard let swift = ObjectiveCCalls.objectTypes[type.text] else {
                            throw refusal(
                                "the block property \(name) takes a \(type.text), which nse-bench does not translate",
                                at: at)
                        }
                        parameters.append(swift)
                    }
                    parameter = []
                } else {
                    parameter.append(word)
                }
            }
            property = (name, "((\(parameters.joined(separator: ", "))) -> Void)", .block)
        } else {
            let names = words.filter { $0.kind == .identifier && !Self.qualifiers.contains($0.text) }
            guard names.count == 2, words.contains(where: { $0.text == "*" }),
                !words.contains(where: { $0.text == "<" })
            else {
                throw refusal(
                    "a property `\(words.map(\.text).joined(separator: " "))`: nse-bench translates object properties of "
                        + ObjectiveCCalls.objectTypes.keys.filter { $0 != "id" }.sorted().joined(separator: ", ")
                        + " and blocks", at: at)
            }
            guard let swift = ObjectiveCCalls.objectTypes[names[0].text] else {
                throw refusal(
                    "the property \(names[1].text) is a \(names[0].text), which nse-bench does not translate", at: at)
            }
            guard !copies || names[0].text == "NSString" else {
                throw refusal(
                    "the property \(names[1].text) copies its \(names[0].text) (`copy`), which nse-bench does not "
                        + "translate (a copy of mutable content is immutable)", at: at)
            }
            property = (names[1].text, swift, .object(names[0].text))
        }
        if let known = translator.property(property.name), known.swiftType != property.swiftType {
            throw refusal("the property \(property.name) declared twice, as two types", at: at)
        }
        if translator.property(property.name) == nil {
            translator.properties.append(
                (
                    property.name, property.swiftType, property.type,
                    located(
                        "var \(ObjectiveCTranslation.swiftName(property.name)): \(property.swiftType)!", line: at,
                        depth: 1), readonly
                ))
        }
    }

    private mutating func parseImplementation(into translator: inout Translator) throws(Refusal) {
        let at = line
        let name = try identifier("the class's name")
        guard translator.className == name else {
            throw refusal(
                "@implementation \(name), whose @interface with its base class is not in the extension's files "
                    + "(nse-bench translates one class: the principal class)", at: at)
        }
        translator.implemented = true
        try parseInstanceVariables()
        try readOwnMethods(into: &translator, of: name)
        while !isAt("@end") {
            guard let token = current else { throw refusal("@implementation \(name) has no @end", at: at) }
            if token.kind == .directive, isPragma(token) {
                position += 1
                continue
            }
            switch token.text {
            case "-", "+":
                position += 1
                try parseMethod(into: &translator, isClassMethod: token.text == "+")
            case "@synthesize":
                try skip(past: ";")
            default:
                throw refusal("`\(token.text)` in @implementation \(name): nse-bench translates methods only")
            }
        }
        position += 1
    }

    // MARK: Methods

    /// The selectors Swift's classes already answer, which a method of the class's own would override.
    private static let inheritedSelectors: Set<String> = [
        "dealloc", "description", "debugDescription", "hash", "copy", "mutableCopy", "isEqual:", "class", "self",
        "superclass", "respondsToSelector:", "conformsToProtocol:", "performSelector:", "isKindOfClass:",
        "isMemberOfClass:", "retain", "release", "autorelease", "retainCount", "zone", "finalize", "load",
        "initialize",
    ]

    /// Reads the signature of each method of the implementation (the parser then stands where it stood), so
    /// that a body may call one defined below it.
    private mutating func readOwnMethods(into translator: inout Translator, of name: String) throws(Refusal) {
        let start = position
        defer { position = start }
        while let token = current, !isAt("@end") {
            guard token.text == "-" || token.text == "+" else {
                position += 1
                continue
            }
            let at = line
            let isClassMethod = token.text == "+"
            position += 1
            var (selector, method) = try parseSignature()
            method.isClassMethod = isClassMethod
            let known = ["didReceiveNotificationRequest:withContentHandler:", "serviceExtensionTimeWillExpire"]
            if isClassMethod {
                if Self.inheritedSelectors.contains(selector) || ["alloc", "new", "allocWithZone:"].contains(selector) {
                    throw refusal(
                        "+\(selector), a class method NSObject already has, which nse-bench does not translate", at: at)
                }
                translator.ownClassMethods[selector] = method
            } else if !known.contains(selector) {
                // `init...` returning an object is Objective-C's initializer family (`initAction` returning void
                // is a method like any other).
                let initializer: Bool = {
                    guard selector.hasPrefix("init"), case .object = method.result else { return false }
                    return true
                }()
                if selector == "init" || initializer || Self.inheritedSelectors.contains(selector) {
                    throw refusal(
                        "\(selector), a method NSObject or UNNotificationServiceExtension already has, which nse-bench "
                            + "does not translate", at: at)
                }
                if method.parameters.isEmpty, translator.property(method.parts[0]) != nil {
                    throw refusal(
                        "\(selector), an accessor of the property \(method.parts[0]), which nse-bench does not translate",
                        at: at)
                }
                translator.ownMethods[selector] = method
            }
            guard isAt("{") else { throw refusal("\(selector) has no body", at: at) }
            try skip(past: "}")
        }
    }

    /// A type in parentheses, as a method's signature declares it, after its `(`; nil for one nse-bench does
    /// not translate.
    private mutating func parseDeclaredType() throws(Refusal) -> DeclaredType? {
        var words: [ObjectiveCToken] = []
        var depth = 0
        while let token = current {
            if token.text == "(" { depth += 1 }
            if token.text == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            words.append(token)
            position += 1
        }
        try expect(")", "the end of the type")
        let meaningful = words.filter { !($0.kind == .identifier && Self.qualifiers.contains($0.text)) }
        let texts = meaningful.map(\.text)
        if texts == ["void"] { return .void }
        if texts == ["BOOL"] { return .bool }
        if texts == ["id"] { return .object("id") }
        if texts.count == 2, texts[1] == "*", ObjectiveCCalls.objectTypes[texts[0]] != nil { return .object(texts[0]) }
        // `void (^)(NSURL *url, NSError *error)`, the block's own name and its parameters' names optional.
        guard texts.count >= 5, texts[0] == "void", texts[1] == "(", texts[2] == "^",
            let close = texts.firstIndex(of: ")"), close + 1 < texts.count, texts[close + 1] == "(",
            texts.last == ")"
        else { return nil }
        var classes: [String] = []
        var parameter: [String] = []
        for text in texts[(close + 2)...] {
            if text == "," || text == ")" {
                if parameter != ["void"], !parameter.isEmpty {
                    guard parameter.count >= 2, parameter[1] == "*", ObjectiveCCalls.objectTypes[parameter[0]] != nil,
                        parameter[0] != "id"
                    else { return nil }
                    classes.append(parameter[0])
                }
                parameter = []
            } else {
                parameter.append(text)
            }
        }
        return .block(classes)
    }

    /// A method's signature, after its `-`: its selector, and the method as it declares itself.
    private mutating func parseSignature() throws(Refusal) -> (String, OwnMethod) {
        let at = line
        try expect("(", "the method's return type")
        let result = try parseDeclaredType()
        var parts = [try identifier("the method's name")]
        var parameters: [(name: String, type: DeclaredType)] = []
        var unknownType = result == nil || { if case .block = result { true } else { false } }()
        while isAt(":") {
            position += 1
            try expect("(", "a parameter's type")
            let type = try parseDeclaredType()
            if type == nil || type == .void { unknownType = true }
            parameters.append((try identifier("a parameter's name"), type ?? .void))
            guard let token = current, token.kind == .identifier, isAt(":", offset: 1) else { break }
            parts.append(token.text)
            position += 1
        }
        let selector = parameters.isEmpty ? parts[0] : parts.map { $0 + ":" }.joined()
        if unknownType {
            throw refusal(
                "\(selector) takes or returns a type nse-bench does not translate (it translates void, BOOL, id, the "
                    + "classes of its variables and blocks taking them)", at: at)
        }
        return (selector, OwnMethod(parts: parts, parameters: parameters, result: result ?? .void))
    }

    private mutating func parseMethod(into translator: inout Translator, isClassMethod: Bool = false) throws(Refusal) {
        let at = line
        guard isAt("(") else { throw refusal("expected the method's return type (`(`)") }
        let returnsVoid = isAt("void", offset: 1) && isAt(")", offset: 2)
        try skip(past: ")")
        var parts: [String] = []
        var parameters: [String] = []
        parts.append(try identifier("the method's name"))
        if isAt(":") {
            while isAt(":") {
                position += 1
                guard isAt("(") else { throw refusal("expected a parameter's type (`(`)") }
                try skip(past: ")")
                parameters.append(try identifier("a parameter's name"))
                guard let token = current, token.kind == .identifier, isAt(":", offset: 1) else { break }
                parts.append(token.text)
                position += 1
            }
            selector = parts.map { $0 + ":" }.joined()
        } else {
            selector = parts[0]
        }
        let key = (isClassMethod ? "+" : "-") + selector
        guard !translator.methodSelectors.contains(key) else {
            throw refusal("\(selector) is implemented twice", at: at)
        }
        translator.methodSelectors.insert(key)
        inClassMethod = isClassMethod
        defer { inClassMethod = false }
        let header: String
        switch isClassMethod ? "" : selector {
        case "didReceiveNotificationRequest:withContentHandler:" where returnsVoid:
            locals = [
                parameters[0]: Local(type: .object("UNNotificationRequest"), blockDepth: 0, scope: 0),
                parameters[1]: Local(type: .block, blockDepth: 0, scope: 0),
            ]
            let names = parameters.map(ObjectiveCTranslation.swiftName)
            header = located(
                "override func didReceive(_ \(names[0]): UNNotificationRequest, withContentHandler \(names[1]): "
                    + "@escaping @Sendable (UNNotificationContent) -> Void) {", line: at, depth: 1)
        case "serviceExtensionTimeWillExpire" where returnsVoid:
            locals = [:]
            header = located("override func serviceExtensionTimeWillExpire() {", line: at, depth: 1)
        default:
            guard let method = (isClassMethod ? translator.ownClassMethods : translator.ownMethods)[selector] else {
                throw refusal("\(selector), a method nse-bench does not translate", at: at)
            }
            // Its parameters are variables it may set; Swift's are constants.
            locals = [:]
            header =
                located(method.declaration, line: at, depth: 1)
                + method.parameters.map { parameter in
                    let name = ObjectiveCTranslation.swiftName(parameter.name)
                    locals[parameter.name] = Local(
                        type: parameter.type.valueType, blockDepth: 0, scope: 1,
                        blockTakesOptionals: { if case .block = parameter.type { true } else { false } }())
                    return located("var \(name): \(parameter.type.swift) = \(name)", line: at, depth: 2)
                }.joined()
            methodResult = method.result
        }
        guard isAt("{") else { throw refusal("\(selector) has no body", at: at) }
        let body = try parseBlock(into: &translator, depth: 2)
        translator.methods.append(header + body + "    }\n")
        methodResult = .void
    }

    /// A `{ ... }` block's statements, each after the `#sourceLocation` of its line, indented to `depth`.
    private mutating func parseBlock(into translator: inout Translator, depth: Int) throws(Refusal) -> String {
        let at = line
        try expect("{", "a block")
        // A local variable lives to the end of its block.
        let (outer, outerScope) = (locals, scope)
        defer { (locals, scope) = (outer, outerScope) }
        scopes += 1
        scope = scopes
        var text = ""
        while true {
            skipPragmas()
            guard !isAt("}") else { break }
            guard current != nil else { throw refusal("a block that does not end", at: at) }
            text += try parseStatement(into: &translator, depth: depth)
        }
        position += 1
        return text
    }

    /// Skips `#pragma` lines, which are no statements: an `if` above one governs the statement after it.
    private mutating func skipPragmas() {
        while let token = current, token.kind == .directive, isPragma(token) { position += 1 }
    }

    private func located(_ statement: String, line: Int, depth: Int) -> String {
        ObjectiveCTranslation.located(statement, path: path, line: line, depth: depth)
    }

    private mutating func parseStatement(into translator: inout Translator, depth: Int) throws(Refusal) -> String {
        let at = line
        let indent = String(repeating: "    ", count: depth)
        statementDepth = depth
        if isAt(";") {
            position += 1
            return ""
        }
        if isAt("{") {
            return located("do {", line: at, depth: depth) + (try parseBlock(into: &translator, depth: depth + 1))
                + indent + "}\n"
        }
        if isAt("if") {
            position += 1
            try expect("(", "the condition")
            let condition = try condition(try parseExpression(into: &translator))
            try expect(")", "the end of the condition")
            var text = located("if \(condition) {", line: at, depth: depth)
            text += try parseBranch(into: &translator, depth: depth + 1)
            skipPragmas()
            if isAt("else") {
                position += 1
                text += indent + "} else {\n" + (try parseBranch(into: &translator, depth: depth + 1))
            }
            return text + indent + "}\n"
        }
        if isAt("return") {
            position += 1
            if isAt(";") || methodResult == .void || blockDepth > 0 {
                try expect(";", "`;` after return (the method or block returns nothing)")
                return located("return", line: at, depth: depth)
            }
            let value = try parseExpression(into: &translator)
            try expect(";", "the end of the statement")
            return located(
                "return \(try converted(value, to: methodResult.valueType, holdsNil: true, at: at))", line: at,
                depth: depth)
        }
        if let token = current, token.kind == .identifier,
            ["while", "for", "do", "switch", "goto", "break", "continue", "else"].contains(token.text)
        {
            throw refusal("`\(token.text)`: nse-bench translates assignments, calls, if and return")
        }
        if isAt("__block") {
            position += 1
            return try parseDeclaration(into: &translator, depth: depth, shared: true)
        }
        if isAt("__weak") || isAt("__strong") {
            return try parseSelfReference(into: &translator, depth: depth)
        }
        if let token = current, token.kind == .identifier,
            ["static", "const", "__unsafe_unretained", "typeof", "__typeof"].contains(token.text)
        {
            throw refusal("a local variable (declared `\(token.text)`), which nse-bench does not translate")
        }
        // `NSString *url = ...`, `BOOL done = NO;`: a type, then a name or a pointer's `*`.
        if let type = current, type.kind == .identifier, locals[type.text] == nil, type.text != "self",
            position + 1 < tokens.count, tokens[position + 1].text == "*" || tokens[position + 1].kind == .identifier
        {
            return try parseDeclaration(into: &translator, depth: depth)
        }
        let target = try parseExpression(into: &translator)
        if isAt("=") {
            position += 1
            guard target.isSettable else {
                throw refusal(
                    target.blockParameters == nil && isCapture(target.swift.trimmingCharacters(in: ["`"]))
                        ? "an assignment to `\(target.swift)`, a variable of the code around the block: the block "
                            + "reads a copy (Objective-C would need `__block`, which nse-bench does not translate)"
                        : "an assignment to `\(target.swift)`, which nse-bench does not translate", at: at)
            }
            let value = try parseExpression(into: &translator)
            if value.hasEffects, target.swift.contains("?.") || (target.isOptional && !target.holdsNil) {
                throw refusal(
                    "an assignment to `\(target.swift)`, of what may be nil, of a value that does something: "
                        + "Objective-C evaluates it even when the receiver is nil, where Swift's `?.` skips it (keep "
                        + "the value in a variable first)", at: at)
            }
            try expect(";", "the end of the statement")
            return located(
                "\(target.swift) = \(try converted(value, to: target.type, holdsNil: target.holdsNil, at: at))",
                line: at,
                depth: depth)
        }
        try expect(";", "the end of the statement")
        guard target.isCall else {
            throw refusal(
                "`\(target.swift)` alone, which does nothing: nse-bench translates calls and assignments", at: at)
        }
        return located(target.type == .void ? target.swift : "_ = \(target.swift)", line: at, depth: depth)
    }

    /// Whether `name` is a local variable that the block being parsed copies from the code around it.
    private func isCapture(_ name: String) -> Bool {
        locals[name].map { $0.blockDepth < blockDepth && !$0.isShared } ?? false
    }

    /// `NSString *url = ...;`, `NSError *error;`, `BOOL moved = ...;`: a Swift `var` of the Swift type, an
    /// optional, as an Objective-C object may be nil (one declared without a value is).
    /// `__weak typeof(self) weakSelf = self;` and `__strong typeof(weakSelf) strongSelf = weakSelf;`: a
    /// Swift `weak var` (a block's capture list keeps it weak) or a strong optional, of the class itself.
    private mutating func parseSelfReference(into translator: inout Translator, depth: Int) throws(Refusal) -> String {
        let at = line
        let weak = advance()?.text == "__weak"
        let className = translator.className ?? ""
        if let token = current, ["typeof", "__typeof", "__typeof__"].contains(token.text) {
            position += 1
            try expect("(", "typeof's operand")
            let named = try identifier("typeof's operand")
            try expect(")", "the end of typeof")
            guard named == "self" || locals[named]?.type == .object(className, optional: true) else {
                throw refusal("typeof(\(named)), which nse-bench translates for self only", at: at)
            }
        } else {
            let named = try identifier("the variable's class")
            guard named == className, isAt("*") else {
                throw refusal(
                    "a `\(weak ? "__weak" : "__strong")` variable of \(named), which nse-bench translates for the class "
                        + "itself (`self`) only", at: at)
            }
            position += 1
        }
        let name = try identifier("the variable's name")
        try expect("=", "the variable's value")
        let value = try parseExpression(into: &translator)
        guard case .object(className, _) = value.type else {
            throw refusal("\(name) set to `\(value.swift)`, which is not the class itself", at: at)
        }
        try expect(";", "the end of the declaration")
        guard locals[name]?.scope != scope else {
            throw refusal("\(name) declared twice in one block, which nse-bench does not translate", at: at)
        }
        locals[name] = Local(
            type: .object(className, optional: true), blockDepth: blockDepth, scope: scope, isWeak: weak)
        return located(
            "\(weak ? "weak " : "")var \(ObjectiveCTranslation.swiftName(name)): \(className)? = \(value.swift)",
            line: at,
            depth: depth)
    }

    private mutating func parseDeclaration(
        into translator: inout Translator, depth: Int, shared: Bool = false
    ) throws(Refusal) -> String {
        let at = line
        while let token = current, token.kind == .identifier, Self.qualifiers.contains(token.text) { position += 1 }
        let typeName = try identifier("the variable's type")
        let pointer = isAt("*")
        if pointer { position += 1 }
        while let token = current, token.kind == .identifier, Self.qualifiers.contains(token.text) { position += 1 }
        let name = try identifier("the variable's name")
        let written = "`\(typeName) \(pointer ? "*" : "")\(name)`"
        let type: ValueType
        let swiftType: String
        if typeName == "BOOL", !pointer {
            type = .bool
            swiftType = "Bool"
        } else if let swift = ObjectiveCCalls.objectTypes[typeName], pointer == (typeName != "id") {
            type = .object(typeName, optional: true)
            swiftType = swift + "?"
        } else {
            throw refusal(
                "a local variable \(written), which nse-bench does not translate (it translates BOOL, id and "
                    + "pointers to "
                    + ObjectiveCCalls.objectTypes.keys.filter { $0 != "id" }.sorted().joined(separator: ", ")
                    + ")", at: at)
        }
        guard locals[name]?.scope != scope else {
            // Swift would take it; the Objective-C compiler would not, so it is no extension's code.
            throw refusal("\(name) declared twice in one block, which nse-bench does not translate", at: at)
        }
        var declaration = "var \(ObjectiveCTranslation.swiftName(name)): \(swiftType)"
        if isAt("=") {
            position += 1
            let value = try parseExpression(into: &translator)
            declaration += " = " + (try converted(value, to: type, holdsNil: true, at: at))
        } else if type == .bool {
            throw refusal("the BOOL \(name) declared without a value, which C leaves undefined", at: at)
        }
        if isAt(",") { throw refusal("several variables in one declaration, which nse-bench does not translate") }
        try expect(";", "the end of the declaration")
        locals[name] = Local(type: type, blockDepth: blockDepth, scope: scope, isShared: shared)
        return located(declaration, line: at, depth: depth)
    }

    /// The Swift of `value` set where a value of `type` is kept: an object of the class or one deriving from
    /// it, `id`'s value cast (nil when it is another class: named in the run's notes), a BOOL, a block; nil
    /// only where `holdsNil`.
    private func converted(_ value: Expression, to type: ValueType, holdsNil: Bool, at line: Int) throws(Refusal)
        -> String
    {
        if value.blockParameters != nil {
            throw refusal("a block literal kept in a variable, which nse-bench does not translate", at: line)
        }
        switch (type, value.type) {
        case (.bool, .bool), (.block, .block), (.integer, .integer):
            return value.swift
        case (.object("NSArray", _), .object("NSArray", _)) where holdsNil || value.swift == "nil":
            // A variable of its own: `[Any]`.
            return value.swift
        case (.object("NSArray", _), .object("NSArray", _)):
            // The content's attachments, from a literal or from an array kept in a variable (`[Any]`, cast).
            return value.isArrayLiteral ? value.swift : "(\(value.swift) as? [UNNotificationAttachment])!"
        case (.object(let declared, _), .object(let given, _)):
            if value.swift == "nil" {
                guard holdsNil else {
                    throw refusal(
                        "nil set where Swift takes a \(declared), which nse-bench does not translate", at: line)
                }
                return "nil"
            }
            let swift: String
            var optional = value.isOptional
            if given == "NSMutableDictionary", declared == "NSDictionary" {
                // Foundation's class kept where Swift's dictionary is (the content's userInfo): a copy of it.
                swift = "(\(value.swift) as? [AnyHashable: Any])"
                optional = true
            } else if ObjectiveCCalls.isAssignable(given, to: declared) {
                swift = value.swift
            } else if given == "id", let swiftType = ObjectiveCCalls.objectTypes[declared] {
                swift = "(\(value.swift) as? \(swiftType))"
                optional = true
            } else {
                throw refusal("a \(given) (`\(value.swift)`) set where a \(declared) is kept", at: line)
            }
            return optional && !holdsNil ? "(\(swift))!" : swift
        default:
            throw refusal(
                "\(Self.described(value.type)) set where \(Self.described(type)) is kept, which nse-bench does not translate",
                at: line)
        }
    }

    /// An `if` branch: a block, or one statement.
    private mutating func parseBranch(into translator: inout Translator, depth: Int) throws(Refusal) -> String {
        skipPragmas()
        if isAt("{") { return try parseBlock(into: &translator, depth: depth) }
        return try parseStatement(into: &translator, depth: depth)
    }

    // MARK: Expressions

    /// The first escape of a string literal's text that Swift does not read as Objective-C does (`\\012`
    /// is a newline in C, `\\0` and "12" in Swift; `\\x41`, `\\u1234` and `\\a` are errors); nil for none.
    private static func untranslatedEscape(in text: String) -> String? {
        var characters = text[...]
        while let backslash = characters.firstIndex(of: "\\") {
            let rest = characters[characters.index(after: backslash)...]
            guard let escaped = rest.first else { return "\\" }
            let after = rest.dropFirst().first
            let same = "ntr\"'\\".contains(escaped) || (escaped == "0" && !(after?.isNumber ?? false))
            if !same { return "\\" + String(escaped) }
            characters = rest.dropFirst()
        }
        return nil
    }

    /// `expression` as a Swift condition: an object or block is true when not nil, as in Objective-C; a
    /// number (true when not 0) or what a call returns is refused.
    private func condition(_ expression: Expression) throws(Refusal) -> String {
        switch expression.type {
        case .bool:
            return expression.swift
        case .object:
            return "(\(expression.swift) != nil)"
        case .integer:
            return "(\(expression.swift) != 0)"
        case .block:
            return "(\(expression.swift) != nil)"
        case .classObject, .void, .errorOut, .constant:
            throw refusal("`\(expression.swift)` as a condition, which nse-bench does not translate")
        }
    }

    private mutating func parseExpression(into translator: inout Translator) throws(Refusal) -> Expression {
        let condition = try parseLogical(Self.logicalOperators[...], into: &translator)
        guard isAt("?") else { return condition }
        // `condition ? a : b`, of two objects (or nil), BOOLs or integers.
        position += 1
        if isAt(":") { throw refusal("`?:` without its middle operand, which nse-bench does not translate") }
        let yes = try parseExpression(into: &translator)
        try expect(":", "the conditional's `:`")
        let no = try parseExpression(into: &translator)
        let type: ValueType
        switch (yes.type, no.type) {
        case (.object(let name, let optional), .object(let other, let otherOptional))
        where name == other || yes.swift == "nil" || no.swift == "nil":
            guard yes.swift != "nil" || no.swift != "nil" else {
                throw refusal("a conditional of nil and nil, which nse-bench does not translate")
            }
            let named = yes.swift == "nil" ? other : name
            type = .object(named, optional: optional || otherOptional || yes.swift == "nil" || no.swift == "nil")
        case (.bool, .bool), (.integer, .integer):
            type = yes.type
        default:
            throw refusal(
                "a conditional of \(Self.described(yes.type)) and \(Self.described(no.type)), which nse-bench translates "
                    + "for two of one kind")
        }
        let chosen = [yes, no].map { $0.swift == "nil" ? "nil" : $0.swift }
        return Expression(
            swift: "(\(try self.condition(condition)) ? \(chosen[0]) : \(chosen[1]))", type: type,
            hasEffects: condition.hasEffects || yes.hasEffects || no.hasEffects)
    }

    /// The Swift type of a value of `type`, where a closure must name what it returns; nil for one it cannot.
    static func swiftType(of type: ValueType) -> String? {
        switch type {
        case .void: "Void"
        case .bool: "Bool"
        case .integer: "Int"
        case .object(let name, _): ObjectiveCCalls.objectTypes[name].map { $0 + "?" }
        case .classObject, .block, .errorOut, .constant: nil
        }
    }

    /// `type` in a message: an NSString, a BOOL.
    static func described(_ type: ValueType) -> String {
        switch type {
        case .classObject(let name): "the class \(name)"
        case .object(let name, _): name == "id" ? "an id" : "a \(name)"
        case .block: "a block"
        case .bool: "a BOOL"
        case .integer: "an integer"
        case .void: "nothing (void)"
        case .errorOut(let name): "`&\(name)`"
        case .constant: "a C constant"
        }
    }

    /// The logical operators, loosest first.
    private static let logicalOperators = ["||", "&&"]

    /// Operands joined by the first of `operators` (each operand joined by the next ones), each operand a
    /// BOOL, or an object or block true when not nil.
    private mutating func parseLogical(
        _ operators: ArraySlice<String>, into translator: inout Translator
    ) throws(Refusal) -> Expression {
        guard let joining = operators.first else { return try parseEquality(into: &translator) }
        var left = try parseLogical(operators.dropFirst(), into: &translator)
        while isAt(joining) {
            position += 1
            let right = try parseLogical(operators.dropFirst(), into: &translator)
            left = Expression(
                swift: "(\(try condition(left)) \(joining) \(try condition(right)))", type: .bool,
                hasEffects: left.hasEffects || right.hasEffects)
        }
        return left
    }

    private mutating func parseEquality(into translator: inout Translator) throws(Refusal) -> Expression {
        let left = try parseRelational(into: &translator)
        guard isAt("==") || isAt("!=") else { return left }
        let comparison = advance()?.text ?? "=="
        let right = try parseRelational(into: &translator)
        if left.type == .integer, right.type == .integer {
            return Expression(swift: "(\(left.swift) \(comparison) \(right.swift))", type: .bool)
        }
        guard left.swift == "nil" || right.swift == "nil" else {
            throw refusal(
                "a comparison of \(Self.described(left.type)) and \(Self.described(right.type)) (`\(comparison)`): "
                    + "nse-bench translates an object's with nil and two integers'")
        }
        let object = left.swift == "nil" ? right : left
        // Only an object or block is nil or not: a BOOL or number compared with nil is a comparison with 0.
        guard object.type == .block || object.type.isObject else {
            throw refusal("`\(object.swift)` compared with nil, which nse-bench translates for objects only")
        }
        return Expression(swift: "(\(object.swift) \(comparison) nil)", type: .bool)
    }

    /// `a < b` and the like, of two integers (a length and a literal).
    private mutating func parseRelational(into translator: inout Translator) throws(Refusal) -> Expression {
        let left = try parseUnary(into: &translator)
        guard let comparison = ["<", ">", "<=", ">="].first(where: { isAt($0) }) else { return left }
        position += 1
        let right = try parseUnary(into: &translator)
        guard left.type == .integer, right.type == .integer else {
            throw refusal("`\(comparison)` of `\(left.swift)` and `\(right.swift)`: nse-bench compares integers only")
        }
        return Expression(swift: "(\(left.swift) \(comparison) \(right.swift))", type: .bool)
    }

    private mutating func parseUnary(into translator: inout Translator) throws(Refusal) -> Expression {
        guard isAt("!") else { return try parsePostfix(into: &translator) }
        position += 1
        let operand = try parseUnary(into: &translator)
        guard operand.type != .bool else { return Expression(swift: "!\(operand.swift)", type: .bool) }
        if operand.type == .integer { return Expression(swift: "(\(operand.swift) == 0)", type: .bool) }
        _ = try condition(operand)
        return Expression(swift: "(\(operand.swift) == nil)", type: .bool)
    }

    private mutating func parsePostfix(into translator: inout Translator) throws(Refusal) -> Expression {
        var expression = try parsePrimary(into: &translator)
        while true {
            if isAt(".") {
                position += 1
                let name = try identifier("a property's name")
                expression = try propertyRead(name, of: expression, translator: translator)
            } else if isAt("("), expression.type == .block, expression.blockParameters == nil {
                position += 1
                var arguments: [Expression] = []
                while !isAt(")") {
                    arguments.append(try parseExpression(into: &translator))
                    if isAt(",") { position += 1 } else { break }
                }
                try expect(")", "the end of the block's arguments")
                // A block takes objects, as the contentHandler its content: nil crashes where Swift's takes none.
                let takes = ObjectiveCCalls.Call(
                    swift: "", result: .void,
                    optionalArguments: expression.blockTakesOptionals ? Set(arguments.indices) : [])
                let passed = try arguments.enumerated().map { (index, argument) throws(Refusal) in
                    try self.argument(argument, at: index, of: takes, sent: "the block")
                }
                // A method's block parameter is an optional (a block's copy of it too): called, nil crashes.
                let called =
                    expression.isOptionalBlock
                    ? "(\(expression.swift))!"
                    : expression.blockTakesOptionals ? "\(expression.swift)!" : expression.swift
                expression = Expression(
                    swift: "\(called)(\(passed.joined(separator: ", ")))", type: .void, isCall: true, hasEffects: true)
            } else if isAt("["), case .object(let type, _) = expression.type,
                ["NSDictionary", "NSMutableDictionary", "id"].contains(type)
            {
                // `userInfo[@"media_url"]`: NSDictionary's objectForKeyedSubscript:, nil for a key it lacks. An
                // id's (`userInfo[@"aps"][@"image"]`) is read as a dictionary's: nil where it is another class
                // (named in the run's notes), as a variable's.
                position += 1
                let key = try parseExpression(into: &translator)
                try expect("]", "the end of the subscript")
                if type == "id" {
                    expression = Expression(
                        swift: "(\(expression.swift) as? [AnyHashable: Any])",
                        type: .object("NSDictionary", optional: true))
                }
                let call = ObjectiveCCalls.Call(swift: "$r[$0]", result: .object("id", optional: true))
                expression = applying(
                    call, to: expression, arguments: [try argument(key, at: 0, of: call, sent: "a subscript")])
            } else {
                return expression
            }
        }
    }

    /// `call` sent to `receiver`, with the Swift of its arguments: to an optional receiver it is nil (a
    /// BOOL, NO) when the receiver is, as a message to nil is in Objective-C.
    private func applying(
        _ call: ObjectiveCCalls.Call, to receiver: Expression, arguments: [String], variadic: [String] = []
    ) -> Expression {
        guard receiver.isOptional else {
            return Expression(
                swift: call.spelled(receiver: receiver.swift, arguments: arguments, variadic: variadic),
                type: call.result)
        }
        if call.swift.hasPrefix("$r.") {
            let link = receiver.isChained ? receiver.swift : receiver.swift + "?"
            let swift = call.spelled(receiver: link, arguments: arguments, variadic: variadic)
            switch call.result {
            case .bool: return Expression(swift: "(\(swift) ?? false)", type: .bool)
            case .integer: return Expression(swift: "(\(swift) ?? 0)", type: .integer)
            case .object(let name, let optional):
                return Expression(swift: swift, type: .object(name, optional: true), isChained: !optional)
            default: return Expression(swift: swift, type: call.result)
            }
        }
        let swift = call.spelled(receiver: "objectiveCReceiver", arguments: arguments, variadic: variadic)
        switch call.result {
        case .bool, .integer:
            return Expression(
                swift:
                    "((\(receiver.swift)).map { objectiveCReceiver in \(swift) } ?? \(call.result == .bool ? "false" : "0"))",
                type: call.result)
        case .object(let name, let optional):
            return Expression(
                swift: "(\(receiver.swift)).\(optional ? "flatMap" : "map") { objectiveCReceiver in \(swift) }",
                type: .object(name, optional: true))
        default:
            return Expression(swift: "(\(receiver.swift)).map { objectiveCReceiver in \(swift) }", type: .void)
        }
    }

    /// The Swift of `argument`, argument `index` of `call` (`sent`, for messages): an optional unwrapped
    /// where Swift takes none (Objective-C's method fails on nil there too: named in the run's notes), a
    /// literal nil there refused, a block literal checked against the block the call takes.
    private func argument(
        _ argument: Expression, at index: Int, of call: ObjectiveCCalls.Call, sent: String
    ) throws(Refusal) -> String {
        if case .errorOut(let name) = argument.type {
            throw refusal("`&\(name)` passed to \(sent), which nse-bench translates as a method's `error:` only")
        }
        if let declared = argument.blockParameters {
            guard let expected = call.blockParameters[index] else {
                throw refusal("a block literal passed to \(sent), which takes none")
            }
            guard declared == expected else {
                throw refusal(
                    "a block of (\(declared.joined(separator: ", "))) passed to \(sent), whose block takes "
                        + "(\(expected.joined(separator: ", ")))")
            }
            return argument.swift
        }
        let optionalTaken = call.optionalArguments.contains(index)
        if let element = call.collectionElements[index], case .object(let collection, _) = argument.type,
            ["NSArray", "NSSet"].contains(collection), !argument.isArrayLiteral, argument.swift != "nil"
        {
            // An array or set made or kept in a variable is `[Any]` or `Set<AnyHashable>`: cast, its objects of
            // another class make it nil (then a crash where Swift takes one), as an id's.
            let swiftType = collection == "NSArray" ? "[\(element)]" : "Set<\(element)>"
            return "(\(argument.swift) as? \(swiftType))!"
        }
        if case .object("id", _) = argument.type, argument.swift != "nil" {
            // `userInfo[@"media_url"]` passed on: nil in Swift where it is another class, as a variable's.
            guard let expected = call.parameterClasses[index], let swiftType = ObjectiveCCalls.objectTypes[expected]
            else {
                throw refusal(
                    "an id (`\(argument.swift)`) passed to \(sent), which nse-bench does not translate (keep it in a "
                        + "variable of its class first)")
            }
            return optionalTaken ? "(\(argument.swift) as? \(swiftType))" : "(\(argument.swift) as? \(swiftType))!"
        }
        if argument.swift == "nil" {
            guard optionalTaken else {
                throw refusal("nil passed to \(sent), which nse-bench does not translate (Swift takes no nil there)")
            }
            return "nil"
        }
        return argument.isOptional && !optionalTaken ? "(\(argument.swift))!" : argument.swift
    }

    /// `a, b, nil` of `initWithObjects:` and `arrayWithObjects:`: the objects before the first nil, as
    /// Objective-C reads the list (a variable that is nil at run time ends it there too).
    private func nilTerminatedList(_ list: [Expression], sent: String, at: Int) throws(Refusal) -> Expression {
        guard let last = list.last, last.swift == "nil" else {
            throw refusal("\(sent) without nil at the end of its list", at: at)
        }
        var elements: [String] = []
        for element in list.dropLast() {
            guard element.type.isObject, element.blockParameters == nil, element.swift != "nil" else {
                throw refusal("`\(element.swift)` in \(sent)'s list, which holds objects", at: at)
            }
            elements.append(element.swift)
        }
        return Expression(
            swift: "([\(elements.joined(separator: ", "))] as [Any?]).prefix(while: { $0 != nil }).map { $0! }",
            type: .object("NSArray"), isCall: true,
            hasEffects: list.contains(where: \.hasEffects))
    }

    /// The Swift of `argument`, one of a format's (`NSLog`, `stringWithFormat:`): a string (`(null)` for nil,
    /// as Objective-C's `%@` prints it) or an integer; another object's `%@` is its description, which Swift's
    /// differs from, so it is refused.
    private func formatted(_ argument: Expression, for sent: String) throws(Refusal) -> String {
        if argument.swift == "nil" { return "\"(null)\"" }
        switch argument.type {
        case .integer:
            return argument.swift
        case .object("NSString", let optional):
            return optional || argument.holdsNil ? "(\(argument.swift) ?? \"(null)\")" : argument.swift
        default:
            throw refusal(
                "\(Self.described(argument.type)) (`\(argument.swift)`) in \(sent)'s format: nse-bench formats strings "
                    + "and integers (another object's `%@` is its description, which Swift's differs from)")
        }
    }

    private func propertyRead(_ name: String, of expression: Expression, translator: Translator) throws(Refusal)
        -> Expression
    {
        guard case .object(let type, _) = expression.type else {
            throw refusal("`.\(name)` of `\(expression.swift)`, which nse-bench does not translate")
        }
        if expression.swift == "self" {
            if let base = translator.base, translator.baseSDK != nil {
                // A subclass's redeclared property: its accessors override the SDK's private ones, so it reads
                // what the SDK keeps.
                // Read-only, the subclass's getter reads an ivar of its own that the SDK's setter never sets.
                guard translator.property(name)?.readonly == false,
                    let kept = ObjectiveCCalls.redeclarable(name, of: base)
                else {
                    throw refusal(
                        "self.\(name) in a subclass of \(base): a subclass's property may be the SDK's own (a "
                            + "redeclared property's accessors override the SDK's private ones), and nse-bench's stand-in "
                            + "exposes only CleverTap's contentHandler and bestAttemptContent, redeclared read-write")
                }
                return Expression(swift: "self.\(kept.swift)", type: kept.type, isSnapshot: true)
            }
            guard let property = translator.property(name) else {
                throw refusal("self.\(name), a property \(translator.className ?? "the class") does not declare")
            }
            // An implicitly unwrapped optional, sent messages and read through `?.`: a message to nil answers
            // nil, NO or 0 as in Objective-C (`[self.task cancel]` before a download began does nothing).
            var type = property.type
            if case .object(let name, _) = type { type = .object(name, optional: true) }
            return Expression(
                swift: "self.\(ObjectiveCTranslation.swiftName(name))", type: type, isSettable: true, holdsNil: true)
        }
        // Dot syntax sends any message without arguments (`paths.firstObject`), as brackets read a property.
        if type == translator.className {
            // `weakSelf.bestAttemptContent`: the class's property through a reference that may be nil.
            guard translator.baseSDK == nil, let property = translator.property(name) else {
                throw refusal("`.\(name)` of `\(expression.swift)`, which nse-bench does not translate")
            }
            var propertyType = property.type
            if case .object(let name, _) = propertyType { propertyType = .object(name, optional: true) }
            return Expression(
                swift: expression.swift + (expression.isOptional ? "?." : ".") + ObjectiveCTranslation.swiftName(name),
                type: propertyType, isSettable: true, holdsNil: true,
                isOptionalBlock: expression.isOptional && propertyType == .block)
        }
        guard let found = ObjectiveCCalls.property(name, of: type) ?? ObjectiveCCalls.call(name, to: expression.type)
        else {
            throw refusal("`.\(name)` of a \(type), which nse-bench does not translate")
        }
        var result = applying(found, to: expression, arguments: [])
        result.isSettable =
            type == "UNMutableNotificationContent" && ObjectiveCCalls.settableProperties.contains(name)
            && !expression.isSnapshot
        result.isSnapshot = expression.isSnapshot
        return result
    }

    private mutating func parsePrimary(into translator: inout Translator) throws(Refusal) -> Expression {
        guard let token = advance() else { throw refusal("an expression cut short by the end of the file") }
        switch token.kind {
        case .string:
            if let escape = Self.untranslatedEscape(in: token.text) {
                throw refusal(
                    "the escape `\(escape)` in a string, which Swift reads otherwise or not at all", at: token.line)
            }
            return Expression(swift: "\"\(token.text)\"", type: .object("NSString"))
        case .cString:
            throw refusal("a C string (`\"...\"` without `@`), which nse-bench does not translate", at: token.line)
        case .number:
            guard token.text.allSatisfy({ $0.isNumber }), token.text == "0" || !token.text.hasPrefix("0") else {
                throw refusal("the number \(token.text), which nse-bench does not translate", at: token.line)
            }
            return Expression(swift: token.text, type: .integer)
        case .punctuation where token.text == "[":
            return try parseMessage(into: &translator)
        case .punctuation where token.text == "@[":
            return try parseArrayLiteral(into: &translator)
        case .punctuation where token.text == "^":
            return try parseBlockLiteral(into: &translator, at: token.line)
        case .punctuation where token.text == "&":
            guard let name = current?.text, let local = locals[name], local.type == .object("NSError", optional: true)
            else { throw refusal("an address (`&`), which nse-bench translates for an NSError variable only") }
            position += 1
            return Expression(swift: "&\(name)", type: .errorOut(name))
        case .punctuation where token.text == "(":
            if let next = current, next.kind == .identifier,
                ObjectiveCCalls.objectTypes[next.text] != nil || Self.castTypes.contains(next.text)
            {
                throw refusal("a cast (`(\(next.text) ...)`), which nse-bench does not translate")
            }
            let inner = try parseExpression(into: &translator)
            try expect(")", "`)`")
            var grouped = inner
            grouped.swift = "(\(inner.swift))"
            grouped.isSettable = false
            grouped.isChained = false
            return grouped
        case .identifier:
            switch token.text {
            case "self":
                return Expression(
                    swift: "self",
                    type: inClassMethod ? .classObject(translator.className ?? "") : .object(translator.className ?? "")
                )
            case "nil", "NULL", "Nil": return Expression(swift: "nil", type: .object("id", optional: true))
            case "YES", "true": return Expression(swift: "true", type: .bool)
            case "NO", "false": return Expression(swift: "false", type: .bool)
            case "NSLog":
                try expect("(", "NSLog's arguments")
                var arguments: [String] = []
                while !isAt(")") {
                    let argument = try parseExpression(into: &translator)
                    arguments.append(arguments.isEmpty ? argument.swift : try formatted(argument, for: "NSLog"))
                    if isAt(",") { position += 1 } else { break }
                }
                try expect(")", "the end of NSLog's arguments")
                return Expression(
                    swift: "NSLog(\(arguments.joined(separator: ", ")))", type: .void, isCall: true, hasEffects: true)
            default:
                if let local = locals[token.text] {
                    return read(token.text, local)
                }
                if let function = ObjectiveCCalls.functions[token.text] {
                    try expect("(", "\(token.text)'s arguments")
                    var arguments: [String] = []
                    while !isAt(")") {
                        let argument = try parseExpression(into: &translator)
                        arguments.append(
                            try self.argument(argument, at: arguments.count, of: function, sent: token.text))
                        if isAt(",") { position += 1 } else { break }
                    }
                    try expect(")", "the end of \(token.text)'s arguments")
                    guard arguments.count == function.argumentCount else {
                        throw refusal(
                            "\(token.text) with \(arguments.count) arguments, where it takes \(function.argumentCount)",
                            at: token.line)
                    }
                    return Expression(
                        swift: function.spelled(receiver: "", arguments: arguments, variadic: []),
                        type: function.result,
                        isCall: true)
                }
                if let constant = ObjectiveCCalls.constants[token.text] {
                    return Expression(swift: constant, type: .constant)
                }
                if token.text == translator.className {
                    // `[NotificationService categoryIdentifier]`: a class method of its own.
                    return Expression(swift: token.text, type: .classObject(token.text))
                }
                if ObjectiveCCalls.isKnownClass(token.text) {
                    return Expression(swift: token.text, type: .classObject(token.text))
                }
                throw refusal(
                    "`\(token.text)`, which nse-bench does not know (a C function, constant or class it does not translate)",
                    at: token.line)
            }
        default:
            throw refusal("`\(token.text)`, which nse-bench does not translate", at: token.line)
        }
    }

    /// The local `name`: one of the code around the block being parsed is the block's copy, which it may not
    /// set, and which each block between them copies too.
    private mutating func read(_ name: String, _ local: Local) -> Expression {
        let swift = ObjectiveCTranslation.swiftName(name)
        // A `__block` variable is the blocks' own, shared, as a Swift variable a closure captures.
        let captured = local.isWeak ? "weak \(swift)" : swift
        for depth in local.blockDepth..<blockDepth where !local.isShared && !captures[depth].contains(captured) {
            captures[depth].append(captured)
        }
        return Expression(
            swift: swift, type: local.type,
            isSettable: (local.blockDepth == blockDepth || local.isShared) && local.scope != 0, holdsNil: true,
            blockTakesOptionals: local.blockTakesOptionals)
    }

    /// `@[a, b]`, after its `@[`: each element an object (Objective-C fails on nil, as the translation does).
    private mutating func parseArrayLiteral(into translator: inout Translator) throws(Refusal) -> Expression {
        var elements: [String] = []
        var hasEffects = false
        while !isAt("]") {
            let element = try parseExpression(into: &translator)
            hasEffects = hasEffects || element.hasEffects
            guard case .object = element.type, element.blockParameters == nil else {
                throw refusal("`\(element.swift)` in an array, which holds objects")
            }
            elements.append(
                try argument(
                    element, at: elements.count, of: ObjectiveCCalls.Call(swift: "", result: .void), sent: "an array"))
            if isAt(",") { position += 1 } else { break }
        }
        try expect("]", "the end of the array")
        return Expression(
            swift: "[\(elements.joined(separator: ", "))]", type: .object("NSArray"), isArrayLiteral: true,
            hasEffects: hasEffects)
    }

    /// `^(NSURL *location, NSURLResponse *response, NSError *error) { ... }`, after its `^`: a Swift closure
    /// whose capture list copies the locals around it that it reads, when it is made, as a block does.
    private mutating func parseBlockLiteral(into translator: inout Translator, at start: Int) throws(Refusal)
        -> Expression
    {
        if isAt("void") { position += 1 }
        var parameters: [(type: String, name: String)] = []
        if isAt("(") {
            position += 1
            if isAt("void"), isAt(")", offset: 1) { position += 1 }
            while !isAt(")") {
                while let token = current, token.kind == .identifier, Self.qualifiers.contains(token.text) {
                    position += 1
                }
                let type = try identifier("a block parameter's type")
                guard ObjectiveCCalls.objectTypes[type] != nil, type != "id", isAt("*") else {
                    throw refusal("a block parameter of type \(type), which nse-bench does not translate")
                }
                position += 1
                while let token = current, token.kind == .identifier, Self.qualifiers.contains(token.text) {
                    position += 1
                }
                parameters.append((type, try identifier("a block parameter's name")))
                if isAt(",") { position += 1 } else { break }
            }
            try expect(")", "the end of the block's parameters")
        }
        guard isAt("{") else { throw refusal("a block literal without its body (`{`)") }
        let depth = statementDepth + 1
        let (outerLocals, outerSelector) = (locals, selector)
        blockDepth += 1
        captures.append([])
        for parameter in parameters {
            locals[parameter.name] = Local(
                type: .object(parameter.type, optional: true), blockDepth: blockDepth, scope: scopes + 1)
        }
        // A block's parameters are variables it may set (`error:&error`); a closure's are constants.
        let parameterVariables = parameters.map { parameter in
            let name = ObjectiveCTranslation.swiftName(parameter.name)
            return located("var \(name) = \(name)", line: start, depth: depth)
        }.joined()
        let body = parameterVariables + (try parseBlock(into: &translator, depth: depth))
        let closing = tokens[position - 1].line
        let captured = captures.removeLast()
        blockDepth -= 1
        (locals, statementDepth, selector) = (outerLocals, depth - 1, outerSelector)
        var head = captured.isEmpty ? "" : "[\(captured.joined(separator: ", "))]"
        let names = parameters.map { ObjectiveCTranslation.swiftName($0.name) }.joined(separator: ", ")
        if !names.isEmpty { head += (head.isEmpty ? "" : " ") + names }
        let swift =
            "{" + (head.isEmpty ? "" : " \(head) in") + "\n" + body
            + String(located("}", line: closing, depth: depth - 1).dropLast())
        return Expression(swift: swift, type: .block, blockParameters: parameters.map(\.type))
    }

    /// `[receiver selector:argument ...]`, after its `[`.
    private mutating func parseMessage(into translator: inout Translator) throws(Refusal) -> Expression {
        let at = line
        let toSuper = isAt("super")
        let receiver: Expression
        if toSuper {
            position += 1
            receiver = Expression(swift: "super", type: .object(translator.base ?? ""))
        } else {
            receiver = try parsePostfix(into: &translator)
        }
        var parts = [try identifier("a message's name")]
        var arguments: [Expression] = []
        var variadic: [Expression] = []
        if isAt(":") {
            while isAt(":") {
                position += 1
                arguments.append(try parseExpression(into: &translator))
                guard let token = current, token.kind == .identifier, isAt(":", offset: 1) else { break }
                parts.append(token.text)
                position += 1
            }
            while isAt(",") {
                position += 1
                variadic.append(try parseExpression(into: &translator))
            }
        }
        try expect("]", "the end of the message")
        let sent = arguments.isEmpty ? parts[0] : parts.map { $0 + ":" }.joined()
        if let copy = (arguments + variadic).first(where: \.isSnapshot) {
            throw refusal(
                "`\(copy.swift)` passed to \(sent): what the SDK keeps is read as a copy, which the message could "
                    + "change without the SDK's seeing it", at: at)
        }
        if toSuper {
            guard sent == selector else {
                throw refusal(
                    "[super \(sent)] from \(selector): nse-bench translates a call to the same method", at: at)
            }
            let swift =
                sent == "serviceExtensionTimeWillExpire"
                ? "super.serviceExtensionTimeWillExpire()"
                : "super.didReceive(\(arguments[0].swift), withContentHandler: \(arguments[1].swift))"
            return Expression(swift: swift, type: .void, isCall: true)
        }
        let property: ObjectiveCCalls.Call? =
            if arguments.isEmpty, case .object(let type, _) = receiver.type {
                ObjectiveCCalls.property(sent, of: type)
            } else {
                nil
            }
        let className = translator.className ?? ""
        let own =
            receiver.type == .classObject(className)
            ? translator.ownClassMethods[sent]?.call
            : receiver.type == .object(className, optional: receiver.isOptional)
                ? translator.ownMethods[sent]?.call : nil
        guard let call = own ?? ObjectiveCCalls.call(sent, to: receiver.type) ?? property else {
            throw refusal("the message \(sent) to `\(receiver.swift)`, which nse-bench does not translate", at: at)
        }
        translator.use(module: call.module, sdk: call.sdk)
        if call.nilTerminated {
            var list = try nilTerminatedList(arguments + variadic, sent: sent, at: at)
            list.swift = call.swift.replacingOccurrences(of: "$*", with: list.swift)
            list.type = call.result
            return list
        }
        let error = call.throwing ? arguments.popLast() : nil
        let passed = try arguments.enumerated().map { (index, argument) throws(Refusal) in
            try self.argument(argument, at: index, of: call, sent: sent)
        }
        let variadicPassed = try variadic.map { argument throws(Refusal) in
            call.formats
                ? try formatted(argument, for: sent)
                : try self.argument(argument, at: arguments.count, of: call, sent: sent)
        }
        let argumentsAct = (arguments + variadic + (error.map { [$0] } ?? [])).contains(where: \.hasEffects)
        if receiver.isOptional, argumentsAct {
            // Objective-C evaluates the arguments even when the receiver is nil, where Swift's `?.` skips them:
            // they are evaluated first, in order, and the message sent with them.
            guard error == nil, variadic.isEmpty, let resultType = Self.swiftType(of: call.result) else {
                throw refusal(
                    "a message to `\(receiver.swift)`, which may be nil, with an argument that does something, which "
                        + "nse-bench does not translate (keep the argument in a variable first)", at: at)
            }
            let names = passed.indices.map { "objectiveCArgument\($0)" }
            let bound = zip(names, passed).map { "let \($0) = \($1); " }.joined()
            var sent = applying(call, to: receiver, arguments: names)
            let body = call.result == .void ? "_ = \(sent.swift)" : "return \(sent.swift)"
            sent.swift = "({ () -> \(resultType) in \(bound)\(body) }())"
            sent.isCall = true
            sent.hasEffects = true
            if case .object(let name, _) = sent.type { sent.type = .object(name, optional: true) }
            sent.isChained = false
            return sent
        }
        var expression: Expression
        if let error {
            expression = try throwing(call, to: receiver, arguments: passed, error: error, sent: sent, at: at)
        } else {
            expression = applying(call, to: receiver, arguments: passed, variadic: variadicPassed)
        }
        expression.isCall = true
        expression.hasEffects =
            expression.hasEffects || argumentsAct || call.result == .void
            || call.acts
        return expression
    }

    /// `call`, a throwing call whose Objective-C passes `error` as its `error:` argument: with nil, what
    /// `try?` gives (nil, or NO for a BOOL); with `&name`, the same, having set `name` to what was thrown, as
    /// the Objective-C method sets it when it fails. Sent to nil, it is nil or NO and sets nothing.
    private func throwing(
        _ call: ObjectiveCCalls.Call, to receiver: Expression, arguments: [String], error: Expression, sent: String,
        at: Int
    ) throws(Refusal) -> Expression {
        guard !receiver.isOptional || call.swift.hasPrefix("$r.") else {
            throw refusal(
                "\(sent) to `\(receiver.swift)`, which may be nil, which nse-bench does not translate", at: at)
        }
        let link = receiver.isOptional && !receiver.isChained ? receiver.swift + "?" : receiver.swift
        let raw = call.spelled(receiver: link, arguments: arguments, variadic: [])
        let isBool = call.result == .bool
        var type = call.result
        if case .object(let name, _) = type { type = .object(name, optional: true) }
        if error.swift == "nil" {
            return Expression(
                swift: isBool ? "((try? \(raw)) != nil)" : "(try? \(raw))", type: type, hasEffects: true)
        }
        guard case .errorOut(let name) = error.type else {
            throw refusal("`\(error.swift)` as \(sent)'s error, which nse-bench translates for nil or `&error`", at: at)
        }
        guard !isCapture(name) else {
            throw refusal(
                "`&\(name)`, a variable of the code around the block: the block reads a copy (Objective-C would need "
                    + "`__block`, which nse-bench does not translate)", at: at)
        }
        let failed = "catch let objectiveCError { \(name) = objectiveCError; return"
        if isBool {
            let succeeded = receiver.isOptional ? "return try \(raw) != nil" : "try \(raw); return true"
            return Expression(
                swift: "({ () -> Bool in do { \(succeeded) } \(failed) false } }())", type: .bool, hasEffects: true)
        }
        guard case .object(let result, _) = call.result, let swiftType = ObjectiveCCalls.objectTypes[result] else {
            throw refusal("\(sent)'s result, which nse-bench does not translate", at: at)
        }
        return Expression(
            swift: "({ () -> \(swiftType)? in do { return try \(raw) } \(failed) nil } }())", type: type,
            hasEffects: true)
    }
}
