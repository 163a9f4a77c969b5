public import NSEBenchCore

/// How an option's text becomes a value: the one conversion an ``Option`` applies to what was given
/// and to its default. A bad text is a usage error naming the option and the form expected.
///
/// ```swift
/// let steps: OptionParser<Int> = .within(2...50)
/// try steps.parse("60", "steps")  // invalid value '60' for '--steps': expected a whole number from 2 to 50
/// ```
public struct OptionParser<Value: Sendable>: Sendable {
    /// Converts `text`, given to the option named `option`.
    public let parse: @Sendable (_ text: String, _ option: String) throws(UsageError) -> Value

    /// A parser of `parse`.
    public init(_ parse: @escaping @Sendable (_ text: String, _ option: String) throws(UsageError) -> Value) {
        self.parse = parse
    }

    /// This parser's value checked by `check`, which returns what was expected when it fails.
    ///
    /// ```swift
    /// OptionParser<Double>.converted.checking { $0 > 0 ? nil : "a number above 0" }
    /// ```
    public func checking(_ check: @escaping @Sendable (Value) -> String?) -> OptionParser {
        OptionParser { (text, option) throws(UsageError) in
            let value = try self.parse(text, option)
            if let expected = check(value) { throw .invalidValue(option: option, value: text, expected: expected) }
            return value
        }
    }

    /// This parser's value transformed by `transform`.
    public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> OptionParser<Other> {
        OptionParser<Other> { (text, option) throws(UsageError) in transform(try self.parse(text, option)) }
    }
}

extension OptionParser where Value: ArgumentValue {
    /// The text converted by `Value`'s ``ArgumentValue`` conformance.
    public static var converted: OptionParser {
        OptionParser { (text, option) throws(UsageError) in
            do throws(ArgumentValueError) {
                return try Value(argument: text)
            } catch {
                throw .invalidValue(option: option, value: text, expected: error.expected)
            }
        }
    }
}

extension OptionParser where Value: ArgumentValue & Comparable {
    /// The converted value, which must lie in `range`.
    public static func within(_ range: ClosedRange<Value>) -> OptionParser {
        converted.checking { value in
            range.contains(value) ? nil : "\(Value.expectedForm) from \(range.lowerBound) to \(range.upperBound)"
        }
    }
}

extension OptionParser {
    /// The text read by `parse`, one of the model's parsers (`ByteCount(parsing:)`, ...), whose
    /// error says what was expected.
    public static func parsing(_ parse: @escaping @Sendable (String) throws(ValueParseError) -> Value) -> OptionParser {
        OptionParser { (text, option) throws(UsageError) in
            do throws(ValueParseError) {
                return try parse(text)
            } catch {
                throw .invalidValue(option: option, value: text, expected: error.expected)
            }
        }
    }
}

extension OptionParser where Value == String {
    /// The text as given.
    public static var text: OptionParser { OptionParser { (text, _) in text } }
}

extension OptionParser where Value == DurationValue {
    /// A duration (`250ms`, `1.5s`, `2m`) of at least `minimum`: the one way options read durations.
    public static func duration(atLeast minimum: DurationValue = DurationValue(nanoseconds: 0)) -> OptionParser {
        converted.checking { value in value >= minimum ? nil : "a duration of at least \(minimum)" }
    }
}
