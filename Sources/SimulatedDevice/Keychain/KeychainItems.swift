/// One attribute value of a keychain item: what a Security dictionary holds, in a form that is
/// `Sendable` and written to the run's keychain file.
public enum KeychainValue: Sendable, Hashable, Codable {
    case string(String)
    case data([UInt8])
    case number(Double)
    case bool(Bool)
    /// A date, as seconds since 2001-01-01 (Foundation's reference date).
    case date(Double)
}

/// A keychain item, or a query: Security attribute keys (``KeychainKey`` raw values) to values.
public typealias KeychainAttributes = [String: KeychainValue]

/// Why a keychain call failed, with the `OSStatus` the Security framework returns for it.
public enum KeychainFailure: Error, Sendable, Hashable {
    /// `errSecParam` (-50): the query or attributes are malformed; carries what was wrong.
    case parameter(String)
    /// `errSecNoSuchAttr` (-25303): a key that is no Security attribute; carries it.
    case noSuchAttribute(String)
    /// `errSecItemNotFound` (-25300).
    case notFound
    /// `errSecDuplicateItem` (-25299): an item with the same primary key is there.
    case duplicate
    /// `errSecInteractionNotAllowed` (-25308): the item can be read only while the phone is unlocked,
    /// and an extension runs on a locked one.
    case interactionNotAllowed
    /// `errSecNotAvailable` (-25291): no keychain here (code run outside an invocation).
    case notAvailable
    /// `errSecIO` (-36): the run's keychain file could not be read or written; carries why.
    case io(String)

    /// The Security framework's status for the failure.
    public var status: Int32 {
        switch self {
        case .parameter: -50
        case .noSuchAttribute: -25303
        case .notFound: -25300
        case .duplicate: -25299
        case .interactionNotAllowed: -25308
        case .notAvailable: -25291
        case .io: -36
        }
    }
}

/// The items of a keychain and what `SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate` and
/// `SecItemDelete` do to them: pure, no file or lock (``PhoneKeychain`` keeps them).
///
/// As iOS's: a query matches items of its `kSecClass` whose attributes equal every attribute it names
/// (not the `kSecReturn...`, `kSecMatch...` and `kSecUse...` keys); an item is synchronizable only when
/// the query says so (`kSecAttrSynchronizableAny` matches both); a class's primary key decides what is a
/// duplicate; an item added without `kSecAttrAccessible` is `kSecAttrAccessibleWhenUnlocked`, and such
/// an item cannot be read or written on a locked phone. Each item gets a persistent reference and its
/// creation and modification dates when added.
public struct KeychainItems: Sendable, Hashable, Codable {
    /// The items, oldest first.
    public private(set) var items: [KeychainAttributes]

    /// A keychain holding `items`.
    public init(_ items: [KeychainAttributes] = []) { self.items = items }

    /// The first `limit` items `query` matches (all for nil), oldest first. Throws
    /// ``KeychainFailure/notFound`` when none does, and ``KeychainFailure/interactionNotAllowed`` when one of
    /// them is one a locked phone cannot read: iOS decrypts the items it hands back, and stops at the first
    /// it cannot.
    public func matching(_ query: KeychainAttributes, limit: Int?, phoneLocked: Bool) throws(KeychainFailure)
        -> [KeychainAttributes]
    {
        let found = try indexes(matching: query).prefix(limit ?? .max).map { items[$0] }
        guard !found.isEmpty else { throw .notFound }
        if phoneLocked, found.contains(where: Self.needsUnlockedPhone) { throw .interactionNotAllowed }
        return found
    }

    /// Adds an item of `attributes` (a `kSecValueData` among them), made at `now` (seconds since 2001);
    /// returns the item as stored.
    @discardableResult
    public mutating func add(_ attributes: KeychainAttributes, phoneLocked: Bool, now: Double)
        throws(KeychainFailure) -> KeychainAttributes
    {
        guard case .string = attributes[KeychainKey.class.rawValue] else { throw .parameter("no kSecClass") }
        var item = attributes.filter { key, _ in
            KeychainKey(rawValue: key).map { $0.isAttribute || $0 == .valueData } ?? false
        }
        if item[KeychainKey.attrAccessible.rawValue] == nil {
            item[KeychainKey.attrAccessible.rawValue] = .string(
                KeychainConstantValue.attrAccessibleWhenUnlocked.rawValue)
        }
        if item[KeychainKey.attrSynchronizable.rawValue]
            == .string(KeychainConstantValue.attrSynchronizableAny.rawValue)
        {
            throw .parameter("kSecAttrSynchronizableAny is for queries, not items")
        }
        if phoneLocked, Self.needsUnlockedPhone(item) { throw .interactionNotAllowed }
        if items.contains(where: { Self.primaryKey(of: $0) == Self.primaryKey(of: item) }) { throw .duplicate }
        item[KeychainKey.attrCreationDate.rawValue] = .date(now)
        item[KeychainKey.attrModificationDate.rawValue] = .date(now)
        var generator = SystemRandomNumberGenerator()
        item[KeychainKey.valuePersistentRef.rawValue] = .data(
            (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        items.append(item)
        return item
    }

    /// Sets `changes` (attributes and `kSecValueData`) on every item `query` matches, at `now`.
    public mutating func update(
        _ query: KeychainAttributes, with changes: KeychainAttributes, phoneLocked: Bool, now: Double
    ) throws(KeychainFailure) {
        guard changes[KeychainKey.class.rawValue] == nil else { throw .parameter("kSecClass cannot be changed") }
        if let key = changes.keys.first(where: {
            KeychainKey(rawValue: $0).map { !$0.isAttribute && $0 != .valueData } ?? true
        }) {
            throw .parameter("\(KeychainKey(rawValue: key)?.constantName ?? key) is not an attribute to change")
        }
        let found = try indexes(matching: query)
        guard !found.isEmpty else { throw .notFound }
        var updated = items
        for index in found {
            if phoneLocked, Self.needsUnlockedPhone(items[index]) { throw .interactionNotAllowed }
            updated[index].merge(changes) { _, new in new }
            updated[index][KeychainKey.attrModificationDate.rawValue] = .date(now)
        }
        let keys = updated.map(Self.primaryKey)
        guard Set(keys).count == keys.count else { throw .duplicate }
        items = updated
    }

    /// Removes every item `query` matches (iOS removes without decrypting: a locked phone may delete).
    public mutating func delete(_ query: KeychainAttributes) throws(KeychainFailure) {
        let found = Set(try indexes(matching: query))
        guard !found.isEmpty else { throw .notFound }
        items = items.enumerated().filter { !found.contains($0.offset) }.map(\.element)
    }

    private func indexes(matching query: KeychainAttributes) throws(KeychainFailure) -> [Int] {
        guard case .string(let itemClass) = query[KeychainKey.class.rawValue] else { throw .parameter("no kSecClass") }
        let anySync =
            query[KeychainKey.attrSynchronizable.rawValue]
            == .string(KeychainConstantValue.attrSynchronizableAny.rawValue)
        let reference = query[KeychainKey.valuePersistentRef.rawValue]
        let wanted = query.filter { key, _ in
            guard let known = KeychainKey(rawValue: key), known.isAttribute else { return false }
            return !(anySync && known == .attrSynchronizable)
        }
        return items.indices.filter { index in
            let item = items[index]
            guard item[KeychainKey.class.rawValue] == .string(itemClass) else { return false }
            if let reference, item[KeychainKey.valuePersistentRef.rawValue] != reference { return false }
            if !anySync, wanted[KeychainKey.attrSynchronizable.rawValue] == nil, Self.isSynchronizable(item) {
                return false
            }
            return wanted.allSatisfy { key, value in
                if key == KeychainKey.attrSynchronizable.rawValue {
                    return Self.isSynchronizable(item) == Self.truth(value)
                }
                // An item seeded without a group matches whichever group a query names: the run does not
                // know the app's default group (its first keychain-access-groups entitlement).
                if key == KeychainKey.attrAccessGroup.rawValue, item[key] == nil { return true }
                return item[key] == value
            }
        }
    }

    /// Whether `item` can be read or changed only while the phone is unlocked: its `kSecAttrAccessible`
    /// is one of the `WhenUnlocked` or `WhenPasscodeSet` values.
    static func needsUnlockedPhone(_ item: KeychainAttributes) -> Bool {
        guard case .string(let raw) = item[KeychainKey.attrAccessible.rawValue] else { return true }
        return KeychainConstantValue(rawValue: raw)?.needsUnlockedPhone ?? true
    }

    private static func isSynchronizable(_ item: KeychainAttributes) -> Bool {
        item[KeychainKey.attrSynchronizable.rawValue].map(truth) ?? false
    }

    private static func truth(_ value: KeychainValue) -> Bool {
        switch value {
        case .bool(let flag): flag
        case .number(let number): number != 0
        case .string(let text): text == "1" || text.lowercased() == "true"
        case .data, .date: false
        }
    }

    /// The attributes that make an item unique within its class, as iOS's keychain: a generic password's
    /// service and account, an internet password's server, protocol, port, path and account, a key's
    /// class, label, tag, type and size; each with its access group and synchronizability.
    static func primaryKey(of item: KeychainAttributes) -> [String: KeychainValue] {
        let shared: [KeychainKey] = [.class, .attrAccessGroup]
        let keys: [KeychainKey]
        switch item[KeychainKey.class.rawValue] {
        case .string(KeychainConstantValue.classGenericPassword.rawValue): keys = [.attrService, .attrAccount]
        case .string(KeychainConstantValue.classInternetPassword.rawValue):
            keys = [
                .attrServer, .attrProtocol, .attrPort, .attrPath, .attrAccount, .attrSecurityDomain,
                .attrAuthenticationType,
            ]
        case .string(KeychainConstantValue.classKey.rawValue):
            keys = [
                .attrKeyClass, .attrApplicationLabel, .attrApplicationTag, .attrKeyType, .attrKeySizeInBits,
                .attrEffectiveKeySize,
            ]
        default:
            return item.filter { key, _ in
                KeychainKey(rawValue: key).map {
                    $0.isAttribute && $0 != .attrCreationDate && $0 != .attrModificationDate
                } ?? false
            }
        }
        var primary: [String: KeychainValue] = [:]
        for key in shared + keys { primary[key.rawValue] = item[key.rawValue] }
        primary[KeychainKey.attrSynchronizable.rawValue] = .bool(isSynchronizable(item))
        return primary
    }
}
