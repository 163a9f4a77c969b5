/// An interpolated log message, as `os`'s `OSLogMessage`: `"text \(value, privacy: .public)"`. Its values
/// are kept as the autoclosures they are given as, and evaluated (then dropped) only when the message is
/// logged at a level a phone keeps (``evaluate()``), as iOS evaluates them.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    let interpolation: OSLogInterpolation?

    public init(stringLiteral value: String) {
        _ = value
        interpolation = nil
    }

    public init(stringInterpolation: OSLogInterpolation) {
        interpolation = stringInterpolation
    }

    /// Evaluates every interpolated value, as logging the message on a phone does: a value that traps
    /// (a force cast, an index out of range) traps here too, and its CPU is spent. Nothing is written.
    func evaluate() {
        for value in interpolation?.values ?? [] { value() }
    }
}

/// What a log message's interpolation accepts: `os`'s overloads for strings, objects, integers,
/// floating-point numbers, booleans, errors and anything describable, each with its privacy and its
/// format, alignment and attribute options (the options are accepted and ignored: nothing is written).
public struct OSLogInterpolation: StringInterpolationProtocol {
    /// Each value's autoclosure, wrapped to evaluate it and drop the result.
    var values: [() -> Void] = []

    public init(literalCapacity: Int, interpolationCount: Int) {
        _ = literalCapacity
        values.reserveCapacity(interpolationCount)
    }

    public mutating func appendLiteral(_ literal: String) {
        _ = literal
    }

    private mutating func keep<T>(_ value: @escaping () -> T) {
        values.append { _ = value() }
    }

    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto, attributes: String = ""
    ) {
        _ = (align, privacy, attributes)
        keep(argumentString)
    }

    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto,
        attributes: String = ""
    ) {
        _ = (align, privacy, attributes)
        keep(value)
    }

    public mutating func appendInterpolation<T: FixedWidthInteger>(
        _ number: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto, attributes: String = ""
    ) {
        _ = (format, align, privacy, attributes)
        keep(number)
    }

    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Int32, format: OSLogInt32ExtendedFormat,
        privacy: OSLogPrivacy = .auto, attributes: String = ""
    ) {
        _ = (format, privacy, attributes)
        keep(number)
    }

    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto, attributes: String = ""
    ) {
        _ = (format, align, privacy, attributes)
        keep(number)
    }

    public mutating func appendInterpolation(
        _ number: @autoclosure @escaping () -> Float, format: OSLogFloatFormatting = .fixed,
        align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto, attributes: String = ""
    ) {
        _ = (format, align, privacy, attributes)
        keep(number)
    }

    public mutating func appendInterpolation(
        _ boolean: @autoclosure @escaping () -> Bool, format: OSLogBoolFormat = .truth, privacy: OSLogPrivacy = .auto,
        attributes: String = ""
    ) {
        _ = (format, privacy, attributes)
        keep(boolean)
    }

    public mutating func appendInterpolation(
        _ error: @autoclosure @escaping () -> any Error, privacy: OSLogPrivacy = .auto, attributes: String = ""
    ) {
        _ = (privacy, attributes)
        keep(error)
    }

    public mutating func appendInterpolation(
        _ value: @autoclosure @escaping () -> Any.Type, privacy: OSLogPrivacy = .auto, attributes: String = ""
    ) {
        _ = (privacy, attributes)
        keep(value)
    }

    /// Anything else (an optional, a struct): `os` takes fewer types, so code iOS compiles compiles here.
    @_disfavoredOverload
    public mutating func appendInterpolation<T>(
        _ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto,
        attributes: String = ""
    ) {
        _ = (align, privacy, attributes)
        keep(value)
    }
}

/// How a value is redacted in the log, as `os`'s `OSLogPrivacy`.
public struct OSLogPrivacy: Sendable, Hashable {
    /// What a redacted value shows instead.
    public enum Mask: Sendable, Hashable {
        /// A hash of the value.
        case hash
        /// Nothing.
        case none
    }

    private var level: UInt8
    private var mask: Mask

    /// Public for scalars, private for strings and objects.
    public static let auto = OSLogPrivacy(level: 0, mask: .none)
    /// Shown.
    public static let `public` = OSLogPrivacy(level: 1, mask: .none)
    /// Redacted.
    public static let `private` = OSLogPrivacy(level: 2, mask: .none)
    /// Redacted, even where private data is shown.
    public static let sensitive = OSLogPrivacy(level: 3, mask: .none)

    /// ``auto`` with `mask`.
    public static func auto(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: 0, mask: mask) }
    /// ``private`` with `mask`.
    public static func `private`(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: 2, mask: mask) }
    /// ``sensitive`` with `mask`.
    public static func sensitive(mask: Mask) -> OSLogPrivacy { OSLogPrivacy(level: 3, mask: mask) }
}

/// How an interpolated string is padded, as `os`'s `OSLogStringAlignment`.
public struct OSLogStringAlignment: Sendable, Hashable {
    /// The side the padding goes on: -1 right (left-aligned), 1 left, 0 none; the width is not kept.
    private var side: Int8

    /// No padding.
    public static let none = OSLogStringAlignment(side: 0)

    /// Padded on the right to `columns`.
    public static func left(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
        _ = columns
        return OSLogStringAlignment(side: -1)
    }

    /// Padded on the left to `columns`.
    public static func right(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment {
        _ = columns
        return OSLogStringAlignment(side: 1)
    }
}

/// How an interpolated integer is written, as `os`'s `OSLogIntegerFormatting`.
public struct OSLogIntegerFormatting: Sendable, Hashable {
    private var radix: Int

    /// Decimal.
    public static let decimal = OSLogIntegerFormatting(radix: 10)
    /// Hexadecimal.
    public static let hex = OSLogIntegerFormatting(radix: 16)
    /// Octal.
    public static let octal = OSLogIntegerFormatting(radix: 8)
    /// A count of bytes (`1.2 MB`).
    public static let byteCount = OSLogIntegerFormatting(radix: 0)

    /// Decimal, with a `+` before positives and at least `minDigits` digits.
    public static func decimal(
        explicitPositiveSign: Bool = false, minDigits: @autoclosure @escaping () -> Int = 0
    ) -> OSLogIntegerFormatting {
        _ = (explicitPositiveSign, minDigits)
        return .decimal
    }

    /// Hexadecimal, with its options.
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: @autoclosure @escaping () -> Int = 0
    ) -> OSLogIntegerFormatting {
        _ = (explicitPositiveSign, includePrefix, uppercase, minDigits)
        return .hex
    }

    /// Octal, with its options.
    public static func octal(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
        minDigits: @autoclosure @escaping () -> Int = 0
    ) -> OSLogIntegerFormatting {
        _ = (explicitPositiveSign, includePrefix, uppercase, minDigits)
        return .octal
    }
}

/// How an interpolated floating-point number is written, as `os`'s `OSLogFloatFormatting`.
public struct OSLogFloatFormatting: Sendable, Hashable {
    private var style: UInt8

    /// Fixed-point.
    public static let fixed = OSLogFloatFormatting(style: 0)
    /// Hexadecimal.
    public static let hex = OSLogFloatFormatting(style: 1)
    /// Exponential.
    public static let exponential = OSLogFloatFormatting(style: 2)
    /// Fixed or exponential, whichever is shorter.
    public static let hybrid = OSLogFloatFormatting(style: 3)

    /// Fixed-point with `precision` digits after the point.
    public static func fixed(
        precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false
    ) -> OSLogFloatFormatting {
        _ = (precision, explicitPositiveSign, uppercase)
        return .fixed
    }

    /// Fixed-point, with its options.
    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        _ = (explicitPositiveSign, uppercase)
        return .fixed
    }

    /// Exponential, with its options.
    public static func exponential(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting
    {
        _ = (explicitPositiveSign, uppercase)
        return .exponential
    }

    /// Hybrid, with its options.
    public static func hybrid(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        _ = (explicitPositiveSign, uppercase)
        return .hybrid
    }

    /// Hexadecimal, with its options.
    public static func hex(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting {
        _ = (explicitPositiveSign, uppercase)
        return .hex
    }

    /// Exponential with `precision` digits after the point.
    public static func exponential(
        precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false
    ) -> OSLogFloatFormatting {
        _ = (precision, explicitPositiveSign, uppercase)
        return .exponential
    }

    /// Hybrid with `precision` digits after the point.
    public static func hybrid(
        precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false
    ) -> OSLogFloatFormatting {
        _ = (precision, explicitPositiveSign, uppercase)
        return .hybrid
    }
}

/// How an interpolated boolean is written, as `os`'s `OSLogBoolFormat`.
public enum OSLogBoolFormat: Sendable, Hashable {
    /// `true` / `false`.
    case truth
    /// `YES` / `NO`.
    case answer
}

/// How an `Int32` is written as a Darwin value, as `os`'s `OSLogInt32ExtendedFormat`.
public enum OSLogInt32ExtendedFormat: Sendable, Hashable {
    /// An `errno` value, named (`ENOENT`).
    case darwinErrno
    /// A file mode (`-rw-r--r--`).
    case darwinMode
    /// A signal, named (`SIGSEGV`).
    case darwinSignal
    /// An IPv4 address.
    case ipv4Address
}
