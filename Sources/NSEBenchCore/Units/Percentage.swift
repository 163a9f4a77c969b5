/// A chance between 0 and 100 percent, as written in fault flags: `2`, `0.5`, `2%`, `100`.
///
/// Fault flags follow fortio and state percentages without a sign (`503:2` is a 2% chance of a 503);
/// a trailing `%` is accepted too. `description` writes the number without the sign and parses back.
///
/// ```swift
/// let chance = try Percentage(parsing: "2.5")
/// chance.probability  // 0.025
/// chance.description  // "2.5"
/// ```
public struct Percentage: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The percentage, in `0...100`.
    public let value: Double

    /// A percentage of `value`, clamped into `0...100` (NaN becomes 0).
    ///
    /// ```swift
    /// Percentage(clamping: 150).value  // 100
    /// ```
    public init(clamping value: Double) {
        self.value = value.isNaN ? 0 : min(100, max(0, value))
    }

    /// Never.
    public static let zero = Percentage(clamping: 0)

    /// The chance as a probability in `0...1`.
    ///
    /// ```swift
    /// Percentage(clamping: 5).probability  // 0.05
    /// ```
    public var probability: Double { value / 100 }

    public static func < (lhs: Percentage, rhs: Percentage) -> Bool { lhs.value < rhs.value }

    /// The number without a `%` sign, as short as it can be while parsing back exactly: `2`, `0.5`.
    public var description: String {
        plainDecimalText(value)
    }
}

extension Percentage {
    /// The accepted form, quoted in error messages.
    static let expectedForm = "a percentage from 0 to 100 such as 2, 0.5 or 2%"

    /// Reads a percentage such as `2`, `0.5`, `2%` or `100`.
    ///
    /// ```swift
    /// try Percentage(parsing: "2%").value  // 2
    /// try Percentage(parsing: "150")  // throws: invalid percentage "150": it is above 100; expected ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        func failure(_ reason: String? = nil) -> ValueParseError {
            ValueParseError(subject: "percentage", input: text, expected: Self.expectedForm, reason: reason)
        }
        let (numberText, unit) = text.splitNumberAndUnit()
        guard unit.isEmpty || unit == "%", DecimalNumber(numberText) != nil,
            let value = Double(String(numberText))
        else { throw failure() }
        guard value <= 100 else { throw failure("it is above 100") }
        self.init(clamping: value)
    }
}
