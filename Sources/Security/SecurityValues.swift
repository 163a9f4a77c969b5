import Foundation
import SimulatedDevice

/// Security dictionaries (Foundation objects, as `CFDictionary` is `NSDictionary` here) to and from the
/// keychain's ``KeychainAttributes``.
enum SecurityValues {
    /// The keys whose values are Booleans, so `true`, `1` and `kCFBooleanTrue` all match one another.
    private static let booleanKeys: Set<String> = [
        KeychainKey.attrSynchronizable, .attrIsPermanent, .returnData, .returnAttributes, .returnRef,
        .returnPersistentRef, .useDataProtectionKeychain,
    ].reduce(into: []) { $0.insert($1.rawValue) }

    /// `dictionary`'s entries as attributes. A key that is no Security key is `errSecNoSuchAttr`'s failure,
    /// as on iOS; a value that is neither a string, data, a number, a date nor a Boolean `errSecParam`'s.
    static func attributes(of dictionary: NSDictionary) throws(KeychainFailure) -> KeychainAttributes {
        var attributes: KeychainAttributes = [:]
        for (key, value) in dictionary {
            guard let name = (key as? String) ?? (key as? NSString).map({ String($0) }) else {
                throw .parameter("a key that is not a string: \(key)")
            }
            guard KeychainKey(rawValue: name) != nil else { throw .noSuchAttribute(name) }
            if name == KeychainKey.attrSynchronizable.rawValue, let text = string(value),
                text == KeychainConstantValue.attrSynchronizableAny.rawValue
            {
                attributes[name] = .string(text)
            } else if booleanKeys.contains(name), let flag = boolean(value) {
                attributes[name] = .bool(flag)
            } else if let converted = keychainValue(value) {
                attributes[name] = converted
            } else {
                throw .parameter("the value of \(name) is a \(type(of: value)), not a string, data, number or date")
            }
        }
        return attributes
    }

    /// How many items a call hands back: one unless `kSecMatchLimit` says `kSecMatchLimitAll` (nil: all) or
    /// a number.
    static func limit(of query: KeychainAttributes) -> Int? {
        switch query[KeychainKey.matchLimit.rawValue] {
        case .string(KeychainConstantValue.matchLimitAll.rawValue): nil
        case .number(let count) where count >= 1: Int(count)
        default: 1
        }
    }

    /// What `SecItemCopyMatching` and `SecItemAdd` hand back for `items`, as iOS: nothing unless `query` asks;
    /// the data (`kSecReturnData`) or the persistent reference (`kSecReturnPersistentRef`) alone when only it is
    /// asked, else a dictionary of what is asked (the attributes, and the data and reference under
    /// `kSecValueData` and `kSecValuePersistentRef`); one, or an array with `kSecMatchLimitAll` or a number.
    static func result(for items: [KeychainAttributes], query: KeychainAttributes) throws(KeychainFailure)
        -> AnyObject?
    {
        let asked = { (key: KeychainKey) in query[key.rawValue] == .bool(true) }
        if asked(.returnRef) { throw .parameter("kSecReturnRef is not simulated") }
        let values: [KeychainKey] = [KeychainKey.valueData, .valuePersistentRef].filter {
            asked($0 == .valueData ? .returnData : .returnPersistentRef)
        }
        let attributes = asked(.returnAttributes)
        guard attributes || !values.isEmpty else { return nil }
        let shaped: [AnyObject] = items.map { item in
            if !attributes, values.count == 1 { return value(item, values[0]) }
            let dictionary = NSMutableDictionary()
            if attributes {
                for (key, stored) in item
                where KeychainKey(rawValue: key).map({ $0.isAttribute && $0 != .class }) ?? true {
                    dictionary[NSString(string: key)] = object(stored)
                }
            }
            for key in values { dictionary[NSString(string: key.rawValue)] = value(item, key) }
            return dictionary
        }
        switch query[KeychainKey.matchLimit.rawValue] {
        case .string(KeychainConstantValue.matchLimitAll.rawValue), .number: return NSArray(array: shaped)
        default: return shaped.first
        }
    }

    private static func value(_ item: KeychainAttributes, _ key: KeychainKey) -> AnyObject {
        item[key.rawValue].map(object) ?? NSData()
    }

    private static func string(_ value: Any) -> String? {
        (value as? String) ?? (value as? NSString).map { String($0) }
    }

    private static func boolean(_ value: Any) -> Bool? {
        if let flag = value as? Bool { return flag }
        if let number = value as? NSNumber { return number.boolValue }
        return nil
    }

    /// A value's keychain form. Numbers come before Booleans: on Linux an `NSNumber` of 1 casts to `Bool`
    /// too, and a port of 1 must stay a number (the Boolean keys are told apart by name, above).
    private static func keychainValue(_ value: Any) -> KeychainValue? {
        switch value {
        case let text as String: .string(text)
        case let text as NSString: .string(String(text))
        case let data as Data: .data(Array(data))
        case let data as NSData: .data(Array(Data(referencing: data)))
        case let date as Date: .date(date.timeIntervalSinceReferenceDate)
        case let number as Int: .number(Double(number))
        case let number as Double: .number(number)
        case let number as NSNumber: .number(number.doubleValue)
        case let flag as Bool: .bool(flag)
        default: nil
        }
    }

    private static func object(_ value: KeychainValue) -> AnyObject {
        switch value {
        case .string(let text): NSString(string: text)
        case .data(let bytes): NSData(bytes: bytes, length: bytes.count)
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? NSNumber(value: Int(number)) : NSNumber(value: number)
        case .bool(let flag): NSNumber(value: flag)
        case .date(let seconds): NSDate(timeIntervalSinceReferenceDate: seconds)
        }
    }
}
