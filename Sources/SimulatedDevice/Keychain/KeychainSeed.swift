public import Foundation

/// The items a run's keychain starts with, as the app added them (`--keychain FILE`): a JSON array of
/// objects keyed by Security's constant names. A string attribute takes a string, a number attribute a
/// number, a Boolean one `true` or `false`; `kSecClass` and `kSecAttrAccessible` the name of one of
/// Security's constants; data (`kSecValueData`, `kSecAttrGeneric`, `kSecAttrApplicationTag`, ...) a string,
/// taken as its UTF-8 bytes, or `{"base64": "..."}`:
///
/// ```json
/// [{"kSecClass": "kSecClassGenericPassword", "kSecAttrService": "push", "kSecAttrAccount": "key",
///   "kSecAttrAccessible": "kSecAttrAccessibleAfterFirstUnlock", "kSecValueData": {"base64": "AAEC"}}]
/// ```
///
/// Generic and internet passwords only: keys, certificates and identities, and access control, are not
/// simulated.
public enum KeychainSeed {
    /// The keychain holding the items of the seed file `data` (read from `path`, named in errors), each
    /// added as `SecItemAdd` adds it on an unlocked phone at `now` (seconds since 2001): a default
    /// `kSecAttrAccessible` of `kSecAttrAccessibleWhenUnlocked`, and a duplicate refused.
    public static func items(from data: Data, path: String, now: Double = Date().timeIntervalSinceReferenceDate)
        throws(KeychainSeedError) -> KeychainItems
    {
        let entries: [Any]
        do {
            guard let array = try JSONSerialization.jsonObject(with: data) as? [Any] else {
                throw KeychainSeedError(path: path, reason: "not a JSON array of objects, one per item")
            }
            entries = array
        } catch let error as KeychainSeedError {
            throw error
        } catch {
            throw KeychainSeedError(path: path, reason: "not JSON: \(error.localizedDescription)")
        }
        var items = KeychainItems()
        for (index, entry) in entries.enumerated() {
            guard let object = entry as? [String: Any] else {
                throw KeychainSeedError(path: path, reason: "item \(index + 1) is not a JSON object")
            }
            let attributes = try attributes(of: object, item: index + 1, path: path)
            do {
                try items.add(attributes, phoneLocked: false, now: now)
            } catch {
                let reason =
                    error == .duplicate
                    ? "it has the same primary key (its class's: service and account for a generic password; "
                        + "server, protocol, port, path and account for an internet password; with the access "
                        + "group) as an earlier item"
                    : "\(error)"
                throw KeychainSeedError(path: path, reason: "item \(index + 1): \(reason)")
            }
        }
        return items
    }

    /// How each item that a locked phone cannot read names itself and its accessibility (`item 1
    /// (kSecAttrService "push", kSecAttrAccount "key") is kSecAttrAccessibleWhenUnlocked`), so the run can
    /// say why the extension will not read it.
    public static func unlockedOnly(_ items: KeychainItems) -> [String] {
        items.items.enumerated().compactMap { index, item in
            guard KeychainItems.needsUnlockedPhone(item) else { return nil }
            let named = [KeychainKey.attrService, .attrAccount, .attrServer, .attrAccessGroup].compactMap {
                key -> String? in
                guard case .string(let text) = item[key.rawValue] else { return nil }
                return "\(key.constantName) \"\(text)\""
            }
            var accessible = KeychainConstantValue.attrAccessibleWhenUnlocked.constantName
            if case .string(let raw) = item[KeychainKey.attrAccessible.rawValue],
                let value = KeychainConstantValue(rawValue: raw)
            {
                accessible = value.constantName
            }
            return "item \(index + 1)" + (named.isEmpty ? "" : " (\(named.joined(separator: ", ")))")
                + " is \(accessible)"
        }
    }

    /// What a seed file's value of each attribute must be.
    private enum Kind { case string, number, boolean, data }

    private static let kinds: [KeychainKey: Kind] = [
        .attrAccessGroup: .string, .attrService: .string, .attrAccount: .string, .attrLabel: .string,
        .attrDescription: .string, .attrComment: .string, .attrServer: .string, .attrPath: .string,
        .attrSecurityDomain: .string, .attrProtocol: .string, .attrAuthenticationType: .string,
        .attrCreator: .number, .attrPort: .number, .attrSynchronizable: .boolean, .attrGeneric: .data,
        .valueData: .data,
    ]

    private static let keysByName = Dictionary(uniqueKeysWithValues: KeychainKey.allCases.map { ($0.constantName, $0) })
    private static let valuesByName = Dictionary(
        uniqueKeysWithValues: KeychainConstantValue.allCases.map { ($0.constantName, $0) })
    private static let classes: [KeychainConstantValue] = [.classGenericPassword, .classInternetPassword]

    private static func attributes(of entry: [String: Any], item: Int, path: String) throws(KeychainSeedError)
        -> KeychainAttributes
    {
        var attributes: KeychainAttributes = [:]
        for (name, value) in entry.sorted(by: { $0.key < $1.key }) {
            func failure(_ reason: String) -> KeychainSeedError {
                KeychainSeedError(path: path, reason: "item \(item): \(name): \(reason)")
            }
            guard let key = keysByName[name] else {
                throw failure(
                    "not a Security attribute nse-bench knows (kSecClass, kSecAttrService, kSecAttrAccount, kSecAttrAccessGroup, kSecAttrAccessible, kSecValueData, ...)"
                )
            }
            switch key {
            case .class:
                guard let text = value as? String, let constant = valuesByName[text], classes.contains(constant) else {
                    throw failure(
                        "kSecClassGenericPassword or kSecClassInternetPassword (keys, certificates and identities are not simulated)"
                    )
                }
                attributes[key.rawValue] = .string(constant.rawValue)
            case .attrAccessible:
                guard let text = value as? String, let constant = valuesByName[text],
                    text.hasPrefix("kSecAttrAccessible")
                else {
                    throw failure(
                        "one of Security's kSecAttrAccessible... constants, such as kSecAttrAccessibleAfterFirstUnlock")
                }
                attributes[key.rawValue] = .string(constant.rawValue)
            default:
                guard let kind = kinds[key] else {
                    throw failure(
                        "not an attribute a seeded item may hold (\(kinds.keys.map(\.constantName).sorted().joined(separator: ", ")), kSecClass, kSecAttrAccessible)"
                    )
                }
                attributes[key.rawValue] = try typed(value, as: kind, failure: failure)
            }
        }
        guard attributes[KeychainKey.class.rawValue] != nil else {
            throw KeychainSeedError(
                path: path, reason: "item \(item): no kSecClass (such as \"kSecClassGenericPassword\")")
        }
        return attributes
    }

    private static func typed(_ value: Any, as kind: Kind, failure: (String) -> KeychainSeedError)
        throws(KeychainSeedError) -> KeychainValue
    {
        switch kind {
        case .string:
            guard let text = value as? String else { throw failure("a string") }
            return .string(text)
        case .number:
            guard !(value is String), let number = value as? NSNumber, !isBoolean(number) else {
                throw failure("a number")
            }
            return .number(number.doubleValue)
        case .boolean:
            guard let number = value as? NSNumber, isBoolean(number) else { throw failure("true or false") }
            return .bool(number.boolValue)
        case .data:
            if let text = value as? String { return .data(Array(text.utf8)) }
            guard let object = value as? [String: Any], object.count == 1, let text = object["base64"] as? String
            else { throw failure("a string (its UTF-8 bytes) or {\"base64\": \"...\"}") }
            guard let data = Data(base64Encoded: text) else { throw failure("\"\(text.prefix(40))\" is not base64") }
            return .data(Array(data))
        }
    }

    /// Whether JSON gave `number` as `true` or `false`.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        // Foundation's JSON reader gives a Boolean as the shared NSNumber of `true` or `false`.
        number === NSNumber(value: true) || number === NSNumber(value: false)
            || String(cString: number.objCType) == "c"
    }
}

/// A seed file that cannot be the keychain's: its path and what is wrong, naming the item and attribute.
public struct KeychainSeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The seed file.
    public let path: String
    /// What is wrong.
    public let reason: String

    /// `<path>: <reason>`.
    public var description: String { "\(path): \(reason)" }
}
