import Foundation
import SDKProfiles

/// Parses one Objective-C file into the ``ObjectiveCTranslator``.
struct ObjectiveCFileParser {
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
    struct Local {
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
    var selector = ""
    var locals: [String: Local] = [:]
    /// The `{ ... }` being parsed, and how many have been.
    var scope = 0
    var scopes = 0
    /// What the method being translated returns.
    var methodResult = ObjectiveCDeclaredType.void
    /// Whether the method being translated is a class method, whose `self` is the class.
    var inClassMethod = false
    /// How many block literals the parser is inside.
    var blockDepth = 0
    /// For each block literal the parser is inside, outermost first, the locals of the blocks around it that
    /// it reads: its capture list, which copies them when the block is made, as Objective-C does.
    var captures: [[String]] = []
    /// The indentation of the statement being parsed, for a block literal's statements.
    var statementDepth = 0

    init(tokens: [ObjectiveCToken], label: String, path: String) {
        self.tokens = tokens
        self.label = label
        self.path = path
    }

    // MARK: Tokens

    var current: ObjectiveCToken? { position < tokens.count ? tokens[position] : nil }
    var line: Int { current?.line ?? tokens.last?.line ?? 1 }

    func refusal(_ reason: String, at line: Int? = nil) -> Refusal {
        Refusal(file: label, line: line ?? self.line, reason: reason)
    }

    func isAt(_ text: String, offset: Int = 0) -> Bool {
        position + offset < tokens.count && tokens[position + offset].text == text
            && ![.string, .cString].contains(tokens[position + offset].kind)
    }

    mutating func advance() -> ObjectiveCToken? {
        defer { position += 1 }
        return current
    }

    mutating func expect(_ text: String, _ what: String) throws(Refusal) {
        guard isAt(text) else {
            throw refusal(
                "expected \(what) (`\(text)`), found \(current.map { "`\($0.text)`" } ?? "the end of the file")")
        }
        position += 1
    }

    mutating func identifier(_ what: String) throws(Refusal) -> String {
        guard let token = current, token.kind == .identifier else {
            throw refusal("expected \(what), found \(current.map { "`\($0.text)`" } ?? "the end of the file")")
        }
        position += 1
        return token.text
    }

    /// Skips to just past the next `text` at this depth of brackets.
    mutating func skip(past text: String) throws(Refusal) {
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
    static let directives: Set<String> = [
        "import", "include", "if", "ifdef", "ifndef", "elif", "else", "endif", "pragma", "warning",
    ]

    /// Names that declare nothing: nullability regions.
    static let markers: Set<String> = ["NS_ASSUME_NONNULL_BEGIN", "NS_ASSUME_NONNULL_END"]

    mutating func parse(into translator: inout ObjectiveCTranslator) throws(Refusal) {
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

    mutating func parseInterface(into translator: inout ObjectiveCTranslator) throws(Refusal) {
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
    func isPragma(_ token: ObjectiveCToken) -> Bool {
        let name = token.text.dropFirst().drop { $0 == " " || $0 == "\t" }
        // `#warning` and `#error`'s text is the compiler's, for the developer; a build that reached a phone
        // compiled past any `#warning` (an `#error` would have stopped it).
        return name.hasPrefix("pragma") || name.hasPrefix("warning")
    }

    mutating func parseInstanceVariables() throws(Refusal) {
        guard isAt("{") else { return }
        position += 1
        guard isAt("}") else { throw refusal("instance variables, which nse-bench does not translate") }
        position += 1
    }

    /// Types a cast may name beside the object types: C's numbers and classes a translation has no variable of.
    static let castTypes: Set<String> = [
        "unsigned", "signed", "int", "long", "short", "char", "float", "double", "NSInteger", "NSUInteger", "BOOL",
        "CGFloat", "void", "NSArray", "NSMutableArray", "NSMutableDictionary", "NSNumber", "NSMutableString",
    ]

    /// Words of a declaration that do not change its Swift type.
    static let qualifiers: Set<String> = [
        "_Nonnull", "_Nullable", "_Null_unspecified", "nonnull", "nullable", "null_unspecified", "const",
        "__strong", "__kindof",
    ]

    /// The property attributes that keep a property what a strong Swift `var` is; `copy` only for a block
    /// or a string (whose copy is the same value), not for mutable content (whose copy is immutable).
    static let attributes: Set<String> = [
        "nonatomic", "atomic", "strong", "retain", "readwrite", "readonly", "nullable", "nonnull",
        "null_unspecified", "null_resettable",
    ]

    mutating func parseProperty(into translator: inout ObjectiveCTranslator) throws(Refusal) {
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

    mutating func parseImplementation(into translator: inout ObjectiveCTranslator) throws(Refusal) {
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
}
