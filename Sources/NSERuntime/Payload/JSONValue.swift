/// A JSON value that is `Sendable`, `Hashable` and keeps integers apart from fractional numbers.
///
/// Payload fields an extension does not know (custom keys, unknown `aps` keys) are kept as `JSONValue`
/// so that a parsed payload can be compared, stored in `Sendable` values and written back unchanged.
/// ``foundationObject`` turns a value into the Foundation objects `UNNotificationContent.userInfo` holds.
///
/// ```swift
/// let value: JSONValue = .object(["order": .integer(48_213), "gift": .bool(true)])
/// value.compactJSONText  // {"gift":true,"order":48213}
/// ```
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in `Int`: `3`, `-12`.
    case integer(Int)
    /// Any other number: `1.5`, `2.0`, `1e3`.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; key order is not kept (serialisation sorts keys).
    case object([String: JSONValue])

    /// What kind of value this is, for error messages: `a string`, `an integer`, `an object`.
    ///
    /// ```swift
    /// JSONValue.string("1").kindDescription  // "a string"
    /// ```
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The integer, when this is an integer or a number with no fractional part that fits in `Int`
    /// (`3.0` is 3).
    ///
    /// ```swift
    /// JSONValue.double(3).integerValue    // 3
    /// JSONValue.double(3.5).integerValue  // nil
    /// ```
    public var integerValue: Int? {
        switch self {
        case .integer(let value): value
        case .double(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }
}
