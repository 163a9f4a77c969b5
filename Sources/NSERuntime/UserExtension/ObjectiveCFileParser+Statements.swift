import Foundation
import SDKProfiles

/// The parser's methods, their bodies and statements.
extension ObjectiveCFileParser {
    // MARK: Methods

    /// The selectors Swift's classes already answer, which a method of the class's own would override.
    static let inheritedSelectors: Set<String> = [
        "dealloc", "description", "debugDescription", "hash", "copy", "mutableCopy", "isEqual:", "class", "self",
        "superclass", "respondsToSelector:", "conformsToProtocol:", "performSelector:", "isKindOfClass:",
        "isMemberOfClass:", "retain", "release", "autorelease", "retainCount", "zone", "finalize", "load",
        "initialize",
    ]

    /// Reads the signature of each method of the implementation (the parser then stands where it stood), so
    /// that a body may call one defined below it.
    mutating func readOwnMethods(into translator: inout ObjectiveCTranslator, of name: String) throws(Refusal) {
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
    mutating func parseDeclaredType() throws(Refusal) -> ObjectiveCDeclaredType? {
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
    mutating func parseSignature() throws(Refusal) -> (String, ObjectiveCOwnMethod) {
        let at = line
        try expect("(", "the method's return type")
        let result = try parseDeclaredType()
        var parts = [try identifier("the method's name")]
        var parameters: [(name: String, type: ObjectiveCDeclaredType)] = []
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
        return (selector, ObjectiveCOwnMethod(parts: parts, parameters: parameters, result: result ?? .void))
    }

    mutating func parseMethod(into translator: inout ObjectiveCTranslator, isClassMethod: Bool = false) throws(Refusal)
    {
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
    mutating func parseBlock(into translator: inout ObjectiveCTranslator, depth: Int) throws(Refusal) -> String {
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
    mutating func skipPragmas() {
        while let token = current, token.kind == .directive, isPragma(token) { position += 1 }
    }

    func located(_ statement: String, line: Int, depth: Int) -> String {
        ObjectiveCTranslation.located(statement, path: path, line: line, depth: depth)
    }

    mutating func parseStatement(into translator: inout ObjectiveCTranslator, depth: Int) throws(Refusal) -> String {
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
    func isCapture(_ name: String) -> Bool {
        locals[name].map { $0.blockDepth < blockDepth && !$0.isShared } ?? false
    }

    /// `NSString *url = ...;`, `NSError *error;`, `BOOL moved = ...;`: a Swift `var` of the Swift type, an
    /// optional, as an Objective-C object may be nil (one declared without a value is).
    /// `__weak typeof(self) weakSelf = self;` and `__strong typeof(weakSelf) strongSelf = weakSelf;`: a
    /// Swift `weak var` (a block's capture list keeps it weak) or a strong optional, of the class itself.
    mutating func parseSelfReference(into translator: inout ObjectiveCTranslator, depth: Int) throws(Refusal) -> String
    {
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

    mutating func parseDeclaration(
        into translator: inout ObjectiveCTranslator, depth: Int, shared: Bool = false
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
    func converted(_ value: Expression, to type: ValueType, holdsNil: Bool, at line: Int) throws(Refusal)
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
    mutating func parseBranch(into translator: inout ObjectiveCTranslator, depth: Int) throws(Refusal) -> String {
        skipPragmas()
        if isAt("{") { return try parseBlock(into: &translator, depth: depth) }
        return try parseStatement(into: &translator, depth: depth)
    }
}
