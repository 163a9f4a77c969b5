import Foundation
import SDKProfiles

/// The parser's expressions, operators and arguments.
extension ObjectiveCFileParser {
    // MARK: Expressions

    /// The first escape of a string literal's text that Swift does not read as Objective-C does (`\\012`
    /// is a newline in C, `\\0` and "12" in Swift; `\\x41`, `\\u1234` and `\\a` are errors); nil for none.
    static func untranslatedEscape(in text: String) -> String? {
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
    func condition(_ expression: Expression) throws(Refusal) -> String {
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

    mutating func parseExpression(into translator: inout ObjectiveCTranslator) throws(Refusal) -> Expression {
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
    static let logicalOperators = ["||", "&&"]

    /// Operands joined by the first of `operators` (each operand joined by the next ones), each operand a
    /// BOOL, or an object or block true when not nil.
    mutating func parseLogical(
        _ operators: ArraySlice<String>, into translator: inout ObjectiveCTranslator
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

    mutating func parseEquality(into translator: inout ObjectiveCTranslator) throws(Refusal) -> Expression {
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
    mutating func parseRelational(into translator: inout ObjectiveCTranslator) throws(Refusal) -> Expression {
        let left = try parseUnary(into: &translator)
        guard let comparison = ["<", ">", "<=", ">="].first(where: { isAt($0) }) else { return left }
        position += 1
        let right = try parseUnary(into: &translator)
        guard left.type == .integer, right.type == .integer else {
            throw refusal("`\(comparison)` of `\(left.swift)` and `\(right.swift)`: nse-bench compares integers only")
        }
        return Expression(swift: "(\(left.swift) \(comparison) \(right.swift))", type: .bool)
    }

    mutating func parseUnary(into translator: inout ObjectiveCTranslator) throws(Refusal) -> Expression {
        guard isAt("!") else { return try parsePostfix(into: &translator) }
        position += 1
        let operand = try parseUnary(into: &translator)
        guard operand.type != .bool else { return Expression(swift: "!\(operand.swift)", type: .bool) }
        if operand.type == .integer { return Expression(swift: "(\(operand.swift) == 0)", type: .bool) }
        _ = try condition(operand)
        return Expression(swift: "(\(operand.swift) == nil)", type: .bool)
    }

    mutating func parsePostfix(into translator: inout ObjectiveCTranslator) throws(Refusal) -> Expression {
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
    func applying(
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
    func argument(
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
    func nilTerminatedList(_ list: [Expression], sent: String, at: Int) throws(Refusal) -> Expression {
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
    func formatted(_ argument: Expression, for sent: String) throws(Refusal) -> String {
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

    func propertyRead(_ name: String, of expression: Expression, translator: ObjectiveCTranslator) throws(Refusal)
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
}
