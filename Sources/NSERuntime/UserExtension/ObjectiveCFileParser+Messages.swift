import Foundation
import SDKProfiles

/// The parser's primary expressions, literals, blocks and messages.
extension ObjectiveCFileParser {
    mutating func parsePrimary(into translator: inout ObjectiveCTranslator) throws(Refusal) -> Expression {
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
    mutating func read(_ name: String, _ local: Local) -> Expression {
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
    mutating func parseArrayLiteral(into translator: inout ObjectiveCTranslator) throws(Refusal) -> Expression {
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
    mutating func parseBlockLiteral(into translator: inout ObjectiveCTranslator, at start: Int) throws(Refusal)
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
    mutating func parseMessage(into translator: inout ObjectiveCTranslator) throws(Refusal) -> Expression {
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
    func throwing(
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
