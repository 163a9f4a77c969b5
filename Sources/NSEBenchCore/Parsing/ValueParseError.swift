/// Why a value a user wrote (a flag, a query parameter, a profile field) could not be read.
///
/// Every parser in this module throws it. It carries the offending text and the form that was expected,
/// so its message says both and the user can fix the value without reading the source:
///
/// ```swift
/// do {
///     _ = try DurationValue(parsing: "20x")
/// } catch {
///     print(error)  // invalid duration "20x": expected a number with a unit: 250ms, 1.5s, 2m, 500us
/// }
/// ```
public struct ValueParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being read, such as `duration` or `latency distribution`.
    public var subject: String
    /// The text as the user wrote it.
    public var input: String
    /// The accepted form, with examples.
    public var expected: String
    /// What in particular was wrong, when the text had the right shape but a bad value
    /// (for example `the percentages add up to 103, more than 100`).
    public var reason: String?

    /// Creates an error for `input`, which should have been a `subject` of the `expected` form.
    ///
    /// ```swift
    /// let error = ValueParseError(subject: "duration", input: "20x", expected: "a number with a unit: 250ms")
    /// ```
    public init(subject: String, input: some StringProtocol, expected: String, reason: String? = nil) {
        self.subject = subject
        self.input = String(input)
        self.expected = expected
        self.reason = reason
    }

    /// The message for the user, such as
    /// `invalid duration "20x": expected a number with a unit: 250ms, 1.5s, 2m, 500us`.
    public var description: String {
        if let reason {
            "invalid \(subject) \"\(input)\": \(reason); expected \(expected)"
        } else {
            "invalid \(subject) \"\(input)\": expected \(expected)"
        }
    }
}
