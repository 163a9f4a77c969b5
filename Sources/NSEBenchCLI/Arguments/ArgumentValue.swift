public import NSEBenchCore

/// Why a value did not convert: the form that was expected, for the usage message.
public struct ArgumentValueError: Error, Equatable {
    /// The form that was expected, as a phrase.
    public let expected: String
    /// An error expecting `expected`.
    public init(expected: String) { self.expected = expected }
}

/// A type an option's text converts to. Conformers say what form they expect, so every bad value
/// gets the same kind of message: `invalid value 'x' for '--concurrency': expected a whole number`.
public protocol ArgumentValue: Sendable {
    init(argument: String) throws(ArgumentValueError)
    /// The expected form, as a phrase: "a whole number", "one of text, json".
    static var expectedForm: String { get }
}

extension Int: ArgumentValue {
    /// Converts an option's text; a text not of ``expectedForm`` throws saying what was expected.
    public init(argument: String) throws(ArgumentValueError) {
        let digits = argument.filter { $0 != "_" }
        guard let value = Int(digits) else { throw ArgumentValueError(expected: Self.expectedForm) }
        self = value
    }
    /// The form the text must take, as usage errors say it.
    public static var expectedForm: String { "a whole number" }
}

extension UInt16: ArgumentValue {
    /// Converts an option's text; a text not of ``expectedForm`` throws saying what was expected.
    public init(argument: String) throws(ArgumentValueError) {
        guard let value = UInt16(argument) else { throw ArgumentValueError(expected: Self.expectedForm) }
        self = value
    }
    /// The form the text must take, as usage errors say it.
    public static var expectedForm: String { "a whole number from 0 to 65535" }
}

extension UInt64: ArgumentValue {
    /// Converts an option's text; a text not of ``expectedForm`` throws saying what was expected.
    public init(argument: String) throws(ArgumentValueError) {
        guard let value = UInt64(argument) else { throw ArgumentValueError(expected: Self.expectedForm) }
        self = value
    }
    /// The form the text must take, as usage errors say it.
    public static var expectedForm: String { "a non-negative whole number" }
}

extension Double: ArgumentValue {
    /// Converts an option's text; a text not of ``expectedForm`` throws saying what was expected.
    public init(argument: String) throws(ArgumentValueError) {
        guard let value = Double(argument), value.isFinite else {
            throw ArgumentValueError(expected: Self.expectedForm)
        }
        self = value
    }
    /// The form the text must take, as usage errors say it.
    public static var expectedForm: String { "a number" }
}

extension String: ArgumentValue {
    /// Converts an option's text; a text not of ``expectedForm`` throws saying what was expected.
    public init(argument: String) throws(ArgumentValueError) {
        guard !argument.isEmpty else { throw ArgumentValueError(expected: Self.expectedForm) }
        self = argument
    }
    /// The form the text must take, as usage errors say it.
    public static var expectedForm: String { "a non-empty string" }
}

/// Enums whose raw values are what the user types (`--format json`) convert for free.
extension ArgumentValue where Self: RawRepresentable<String> & CaseIterable {
    /// Converts an option's text; a text not of ``expectedForm`` throws saying what was expected.
    public init(argument: String) throws(ArgumentValueError) {
        guard let value = Self(rawValue: argument) else { throw ArgumentValueError(expected: Self.expectedForm) }
        self = value
    }
    /// The form the text must take, as usage errors say it.
    public static var expectedForm: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Durations as every option writes them: `250ms`, `1.5s`, `2m`.
extension DurationValue: ArgumentValue {
    /// Converts an option's text; a text not of ``expectedForm`` throws saying what was expected.
    public init(argument: String) throws(ArgumentValueError) {
        do {
            self = try DurationValue(parsing: argument)
        } catch {
            throw ArgumentValueError(expected: Self.expectedForm)
        }
    }
    /// The form the text must take, as usage errors say it.
    public static var expectedForm: String {
        "a number with a unit: 250ms, 1.5s, 2m, 500us (units ns, us, ms, s, m, h)"
    }
}
