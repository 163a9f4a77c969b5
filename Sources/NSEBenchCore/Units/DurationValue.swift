/// A non-negative span of time in whole nanoseconds, as written in flags: `250ms`, `1.5s`, `2m`, `500us`, `0`.
///
/// Units: `ns`, `us`, `ms`, `s`, `m` (minutes), `h`, in any letter case; a decimal number before the unit
/// is read exactly (`1.5s` is 1,500,000,000 ns). A bare `0` needs no unit. `description` writes the
/// shortest exact form, which parses back to the same value.
///
/// ```swift
/// let timeout = try DurationValue(parsing: "1.5s")
/// timeout.nanoseconds   // 1_500_000_000
/// timeout.description   // "1.5s"
/// DurationValue.milliseconds(250).description  // "250ms"
/// ```
public struct DurationValue: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The length in nanoseconds, never negative.
    public let nanoseconds: Int64

    /// A duration of `nanoseconds`; a negative count becomes zero.
    ///
    /// ```swift
    /// DurationValue(nanoseconds: 1_000).description  // "1us"
    /// ```
    public init(nanoseconds: Int64) {
        self.nanoseconds = max(0, nanoseconds)
    }

    /// No time at all.
    public static let zero = DurationValue(nanoseconds: 0)

    /// A duration of whole microseconds (saturating at the largest duration).
    ///
    /// ```swift
    /// DurationValue.microseconds(500).description  // "500us"
    /// ```
    public static func microseconds(_ count: Int64) -> DurationValue { scaled(count, by: 1_000) }

    /// A duration of whole milliseconds (saturating at the largest duration).
    ///
    /// ```swift
    /// DurationValue.milliseconds(1_500).description  // "1.5s"
    /// ```
    public static func milliseconds(_ count: Int64) -> DurationValue { scaled(count, by: 1_000_000) }

    /// A duration of whole seconds (saturating at the largest duration).
    ///
    /// ```swift
    /// DurationValue.seconds(120).description  // "2m"
    /// ```
    public static func seconds(_ count: Int64) -> DurationValue { scaled(count, by: 1_000_000_000) }

    private static func scaled(_ count: Int64, by factor: Int64) -> DurationValue {
        let (product, overflow) = count.multipliedReportingOverflow(by: factor)
        return DurationValue(nanoseconds: overflow ? (count < 0 ? 0 : .max) : product)
    }

    /// The same length as a standard library `Duration`, for clocks and `Task.sleep`.
    ///
    /// ```swift
    /// try await Task.sleep(for: DurationValue.milliseconds(5).duration)
    /// ```
    public var duration: Duration { .nanoseconds(nanoseconds) }

    /// The length in seconds, for arithmetic and display.
    ///
    /// ```swift
    /// DurationValue.milliseconds(250).seconds  // 0.25
    /// ```
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public static func < (lhs: DurationValue, rhs: DurationValue) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The shortest exact text that `init(parsing:)` reads back: `250ms`, `1.5s`, `2m`, `0`.
    public var description: String {
        guard nanoseconds > 0 else { return "0" }
        return shortestExactText(UInt64(nanoseconds), units: Self.displayUnits) ?? "\(nanoseconds)ns"
    }

    private static let displayUnits: [UnitScale] = [
        UnitScale(suffix: "h", multiplier: 3_600_000_000_000),
        UnitScale(suffix: "m", multiplier: 60_000_000_000),
        UnitScale(suffix: "s", multiplier: 1_000_000_000),
        UnitScale(suffix: "ms", multiplier: 1_000_000),
        UnitScale(suffix: "us", multiplier: 1_000),
        UnitScale(suffix: "ns", multiplier: 1),
    ]
}

extension DurationValue {
    /// The accepted form, quoted in error messages.
    static let expectedForm = "a number with a unit: 250ms, 1.5s, 2m, 500us (units ns, us, ms, s, m, h)"

    /// Reads a duration such as `250ms`, `1.5s`, `2m`, `500us`, `30s` or `0`.
    ///
    /// Throws for a missing or unknown unit, a negative or malformed number, a value finer than one
    /// nanosecond (`0.5ns`), or one too long for 64 bits of nanoseconds (about 292 years).
    ///
    /// ```swift
    /// try DurationValue(parsing: "2m").nanoseconds  // 120_000_000_000
    /// try DurationValue(parsing: "20x")  // throws: invalid duration "20x": expected a number with a unit: ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        let (numberText, unitText) = text.splitNumberAndUnit()
        func failure(_ reason: String? = nil) -> ValueParseError {
            ValueParseError(subject: "duration", input: text, expected: Self.expectedForm, reason: reason)
        }
        guard let number = DecimalNumber(numberText) else { throw failure() }
        let multiplier: UInt64
        switch unitText.lowercased() {
        case "" where number.significand == 0: multiplier = 1
        case "ns": multiplier = 1
        case "us": multiplier = 1_000
        case "ms": multiplier = 1_000_000
        case "s": multiplier = 1_000_000_000
        case "m": multiplier = 60_000_000_000
        case "h": multiplier = 3_600_000_000_000
        case "": throw failure("the unit is missing")
        default: throw failure("unknown unit \"\(unitText)\"")
        }
        switch number.scaled(by: multiplier) {
        case .value(let count) where count <= UInt64(Int64.max): self.init(nanoseconds: Int64(count))
        case .value, .tooLarge: throw failure("it is longer than the longest duration, about 292 years")
        case .notWhole: throw failure("it is finer than one nanosecond")
        }
    }
}
