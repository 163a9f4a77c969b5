public import Foundation

// `String(localized:)` (iOS 15), which Foundation on Linux does not have: extension code that localizes its
// notification text with it stopped at "extraneous argument label 'localized:'". Each user's module imports
// SimulatedDevice implicitly, so the unchanged call finds these. The key is the interpolation with Apple's
// format specifiers (`"Hello \(name)"` is the key `"Hello %@"`), looked up in the bundle's `Localizable`
// table (or `table`), as Xcode's string extraction writes it; the value found is formatted with the
// interpolated arguments, and without one the interpolation itself is the text.

extension String {
    /// A localizable string: its key (with format specifiers) and the values interpolated into it.
    public struct LocalizationValue: ExpressibleByStringInterpolation, Sendable, Hashable {
        /// The key: the literal text, each interpolation a format specifier (`%@`, `%lld`, `%lf`).
        public let key: String
        /// The text with the values in place: what a missing translation shows.
        let text: String
        /// The interpolated values, as `String(format:)` takes them.
        let arguments: [Argument]

        /// One interpolated value.
        enum Argument: Sendable, Hashable {
            case text(String)
            case integer(Int64)
            case number(Double)
        }

        public init(stringLiteral value: String) { (key, text, arguments) = (value, value, []) }

        public init(stringInterpolation: StringInterpolation) {
            (key, text, arguments) = (stringInterpolation.key, stringInterpolation.text, stringInterpolation.arguments)
        }

        /// The interpolation, building the key and the text together.
        public struct StringInterpolation: StringInterpolationProtocol, Sendable {
            var key = ""
            var text = ""
            var arguments: [Argument] = []

            public init(literalCapacity: Int, interpolationCount: Int) {}

            public mutating func appendLiteral(_ literal: String) {
                key += literal.replacingOccurrences(of: "%", with: "%%")
                text += literal
            }

            public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value) {
                key += "%lld"
                text += "\(value)"
                arguments.append(.integer(Int64(truncatingIfNeeded: value)))
            }

            public mutating func appendInterpolation<Value: BinaryFloatingPoint>(_ value: Value) {
                key += "%lf"
                text += "\(value)"
                arguments.append(.number(Double(value)))
            }

            public mutating func appendInterpolation(_ value: String) {
                key += "%@"
                text += value
                arguments.append(.text(value))
            }

            public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
                appendInterpolation(value.description)
            }
        }
    }

    /// `key`, localized from `bundle`'s (or the main bundle's) `table` (or `Localizable`), its values
    /// formatted in; the interpolation itself when no translation holds the key.
    public init(
        localized key: LocalizationValue, table: String? = nil, bundle: Bundle? = nil, locale: Locale = .current,
        comment: StaticString? = nil
    ) {
        self = Self.localized(key, defaultValue: key.text, table: table, bundle: bundle, locale: locale)
    }

    /// `keyAndValue` localized, `defaultValue` when no translation holds it.
    public init(
        localized keyAndValue: StaticString, defaultValue: LocalizationValue, table: String? = nil,
        bundle: Bundle? = nil, locale: Locale = .current, comment: StaticString? = nil
    ) {
        let key = LocalizationValue(stringLiteral: "\(keyAndValue)")
        let translated = (bundle ?? .main).localizedString(forKey: key.key, value: nil, table: table)
        self =
            translated == key.key
            ? defaultValue.text : Self.format(translated, defaultValue.arguments, locale: locale)
    }

    private static func localized(
        _ key: LocalizationValue, defaultValue: String, table: String?, bundle: Bundle?, locale: Locale
    ) -> String {
        let translated = (bundle ?? .main).localizedString(forKey: key.key, value: nil, table: table)
        guard translated != key.key else { return defaultValue }
        return format(translated, key.arguments, locale: locale)
    }

    private static func format(_ format: String, _ arguments: [LocalizationValue.Argument], locale: Locale) -> String {
        let values: [any CVarArg] = arguments.map { argument in
            switch argument {
            case .text(let text): NSString(string: text)
            case .integer(let integer): integer
            case .number(let number): number
            }
        }
        return String(format: format, locale: locale, arguments: values)
    }
}
