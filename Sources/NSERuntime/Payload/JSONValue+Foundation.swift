import Foundation

extension JSONValue {
    /// Reads what `JSONSerialization` produces (and what a `userInfo` dictionary holds): `NSNull`,
    /// strings, numbers and booleans (Swift values or `NSNumber`), arrays and dictionaries with string keys.
    /// Returns nil for anything else, such as a `Date` or a dictionary with a non-string key.
    ///
    /// `NSNumber` booleans (`objCType` `c`) become ``bool(_:)``; other numbers become ``integer(_:)`` when
    /// they are integral types that fit in `Int`, ``double(_:)`` otherwise.
    ///
    /// ```swift
    /// JSONValue(foundationObject: ["count": 3, "tags": ["a"]])
    /// // .object(["count": .integer(3), "tags": .array([.string("a")])])
    /// ```
    public init?(foundationObject object: Any) {
        switch object {
        case is NSNull:
            self = .null
        case let text as String:
            self = .string(text)
        case let flag as Bool where type(of: object) == Bool.self:
            self = .bool(flag)
        case let number as NSNumber:
            self = Self(number: number)
        case let elements as [Any]:
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = JSONValue(foundationObject: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let members as [String: Any]:
            guard let object = Self.object(members.map { (AnyHashable($0.key), $0.value) }) else { return nil }
            self = object
        case let members as [AnyHashable: Any]:
            guard let object = Self.object(members.map { ($0.key, $0.value) }) else { return nil }
            self = object
        default:
            return nil
        }
    }

    private init(number: NSNumber) {
        // Foundation on Linux reads long numbers (a negative integer of 19 digits, a double of 16 or more
        // digits) as NSDecimalNumber, whose doubleValue can differ from the text's nearest double:
        // read its exact text instead (found by Fuzz/run.sh). Its text no longer says whether the JSON
        // had a fraction or an exponent, so a whole value that fits is an integer, whichever way it was
        // written: the serialization then reads back as the same value.
        if let decimal = number as? NSDecimalNumber {
            let text = decimal.stringValue
            if let integer = Int(text) {
                self = .integer(integer)
            } else if let value = Double(text), value.rounded() == value, let integer = Int(exactly: value) {
                self = .integer(integer)
            } else {
                self = .double(Double(text) ?? decimal.doubleValue)
            }
            return
        }
        switch String(cString: number.objCType) {
        case "c", "B": self = .bool(number.boolValue)
        case "d", "f": self = .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            let value = number.uint64Value
            self = value <= UInt64(Int.max) ? .integer(Int(value)) : .double(number.doubleValue)
        default: self = .integer(number.intValue)
        }
    }

    private static func object(_ members: [(AnyHashable, Any)]) -> JSONValue? {
        var values: [String: JSONValue] = [:]
        values.reserveCapacity(members.count)
        for (key, member) in members {
            guard let key = key.base as? String, let value = JSONValue(foundationObject: member) else { return nil }
            values[key] = value
        }
        return .object(values)
    }

    /// The Foundation object iOS would hand an extension for this value in `userInfo`: `NSNull`,
    /// `NSNumber` for numbers and booleans, `String`, `[Any]`, and `[String: Any]` for objects.
    ///
    /// ```swift
    /// let object = JSONValue.object(["badge": .integer(3)]).foundationObject as? [String: Any]
    /// object?["badge"] as? Int  // 3
    /// ```
    public var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        case .integer(let value): NSNumber(value: value)
        case .double(let value): NSNumber(value: value)
        case .string(let text): text
        case .array(let elements): elements.map(\.foundationObject)
        case .object(let members): members.mapValues(\.foundationObject) as [String: Any]
        }
    }
}
