public import NSEBenchCore

/// The options and positionals given to one command, checked against its declarations, with typed
/// access that turns a bad value into a ``UsageError`` naming the option and the expected form.
public struct ParsedArguments: Sendable {
    /// The command the arguments were checked against.
    public let configuration: CommandConfiguration
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// Positional arguments in order.
    public internal(set) var positionals: [String] = []

    init(configuration: CommandConfiguration) { self.configuration = configuration }

    /// These arguments with `defaults` filling every option that was not given (a scenario file's
    /// settings under the command line's flags). A flag's default is set by any value.
    public func withDefaults(_ defaults: [String: String]) -> ParsedArguments {
        var merged = self
        for (name, value) in defaults where !wasGiven(name) {
            guard let declaration = configuration.option(named: name) else { continue }
            if declaration.takesValue { merged.values[name] = [value] } else { merged.flags.insert(name) }
        }
        return merged
    }

    /// These arguments with `defaults` filling every repeatable option that was not given (a scenario
    /// file's lists, such as its thresholds).
    public func withDefaultLists(_ defaults: [String: [String]]) -> ParsedArguments {
        var merged = self
        for (name, list) in defaults where !wasGiven(name) && configuration.option(named: name)?.takesValue == true {
            merged.values[name] = list
        }
        return merged
    }

    /// Whether a switch was given.
    public func isSet(_ flag: String) -> Bool { flags.contains(flag) }

    /// Whether the option appeared on the command line (not merely defaulted).
    public func wasGiven(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

    /// The option's last value, or its declared default.
    public func string(_ name: String) -> String? {
        values[name]?.last ?? configuration.option(named: name)?.defaultValue
    }

    /// Every value of a repeatable option, in order (the default alone when none was given).
    public func strings(_ name: String) -> [String] {
        values[name] ?? configuration.option(named: name)?.defaultValue.map { [$0] } ?? []
    }

    /// The option's value converted to `T`, or nil when it was not given and has no default. Commands
    /// read typed ``Option``s (`arguments[option]`); this string-keyed reader is the parser's own.
    func value<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(UsageError) -> T? {
        guard let text = string(name) else { return nil }
        return try convert(text, option: name)
    }

    /// The option's value converted to `T` and checked against `range`.
    func value<T: ArgumentValue & Comparable>(_ name: String, as type: T.Type = T.self, in range: ClosedRange<T>)
        throws(UsageError) -> T?
    {
        guard let text = string(name) else { return nil }
        let value: T = try convert(text, option: name)
        guard range.contains(value) else {
            throw .invalidValue(
                option: name, value: text, expected: "\(T.expectedForm) from \(range.lowerBound) to \(range.upperBound)"
            )
        }
        return value
    }

    /// Every value of a repeatable option converted to `T`.
    func values<T: ArgumentValue>(_ name: String, as type: T.Type = T.self) throws(UsageError) -> [T] {
        var converted: [T] = []
        for text in strings(name) { converted.append(try convert(text, option: name)) }
        return converted
    }

    private func convert<T: ArgumentValue>(_ text: String, option: String) throws(UsageError) -> T {
        do {
            return try T(argument: text)
        } catch {
            throw .invalidValue(option: option, value: text, expected: error.expected)
        }
    }
}

extension ParsedArguments {
    /// These arguments with `name`'s value replaced by `value`, as if it alone had been given
    /// (commands that run others, such as `sweep`, vary one option this way).
    func replacing(_ name: String, with value: String) -> ParsedArguments {
        var changed = self
        changed.values[name] = [value]
        return changed
    }

    /// These arguments with the switch `name` cleared.
    func clearingFlag(_ name: String) -> ParsedArguments {
        var changed = self
        changed.flags.remove(name)
        return changed
    }

    /// These arguments with the switch `name` set.
    func settingFlag(_ name: String) -> ParsedArguments {
        var changed = self
        changed.flags.insert(name)
        return changed
    }
}
