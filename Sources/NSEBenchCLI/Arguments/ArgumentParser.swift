/// Turns raw arguments into ``ParsedArguments`` for one command, checking every option against the
/// command's declarations.
///
/// Accepted forms: `--name VALUE`, `--name=VALUE`, `-n VALUE`, `--flag`, `-f`, and `--` to end
/// options. A value may begin with a single dash (`--offset -5`); an argument beginning with `--`
/// is never taken as a value.
public enum ArgumentParser {
    /// Checks `arguments` against `configuration`'s declarations; an unknown option, a missing value or
    /// a missing positional is a usage error naming it.
    public static func parse(_ arguments: [String], for configuration: CommandConfiguration) throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments(configuration: configuration)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (declaration, inlineValue) = try resolve(argument, in: configuration)
            guard declaration.takesValue else {
                if let inlineValue { throw .unexpectedValue(option: declaration.name, value: inlineValue) }
                parsed.flags.insert(declaration.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                guard case .value(let valueName, _) = declaration.kind else { continue }
                throw .missingValue(option: declaration.name, valueName: valueName)
            }
            // A second value of a single-value option would silently replace the first.
            if case .value(_, repeatable: false) = declaration.kind, let earlier = parsed.values[declaration.name] {
                throw .repeatedOption(declaration.name, values: earlier + [value])
            }
            parsed.values[declaration.name, default: []].append(value)
        }
        if !parsed.isSet("help") { try checkPositionals(parsed.positionals, against: configuration.positionals) }
        return parsed
    }

    /// Finds the declaration for `--name[=value]` or `-n`.
    private static func resolve(_ argument: String, in configuration: CommandConfiguration) throws(UsageError)
        -> (OptionDeclaration, String?)
    {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name: Substring
            let inlineValue: String?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                inlineValue = String(body[body.index(after: equals)...])
            } else {
                name = body
                inlineValue = nil
            }
            guard let declaration = configuration.option(named: String(name)) else {
                throw .unknownOption("--" + name, suggestion: nearestOption(to: String(name), in: configuration))
            }
            return (declaration, inlineValue)
        }
        let letters = argument.dropFirst()
        guard letters.count == 1, let letter = letters.first, let declaration = configuration.option(short: letter)
        else {
            throw .unknownOption(argument, suggestion: nearestOption(to: String(letters), in: configuration))
        }
        return (declaration, nil)
    }

    private static func checkPositionals(_ given: [String], against declared: [PositionalDeclaration])
        throws(UsageError)
    {
        if declared.last?.isVariadic != true, given.count > declared.count {
            throw .unexpectedArgument(given[declared.count])
        }
        for (index, positional) in declared.enumerated() where !positional.isOptional && index >= given.count {
            throw .missingArgument(valueName: positional.valueName)
        }
    }

    /// The declared option closest to a mistyped one (edit distance at most 2, or a prefix match).
    static func nearestOption(to name: String, in configuration: CommandConfiguration) -> String? {
        let candidates = configuration.options.filter { !$0.isHidden }.map(\.name)
        if let prefixed = candidates.first(where: { $0.hasPrefix(name) && name.count >= 3 }) { return prefixed }
        let scored = candidates.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = Swift.min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
