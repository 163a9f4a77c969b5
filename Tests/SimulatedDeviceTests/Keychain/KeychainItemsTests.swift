import Foundation
import SimulatedDevice
import Testing

/// The keychain's semantics, as iOS's: what a query matches, what is a duplicate, what an update and a
/// delete touch, and what a locked phone may read.
@Suite("Keychain: items and queries")
struct KeychainItemsTests {
    static let genp = KeychainValue.string(KeychainConstantValue.classGenericPassword.rawValue)
    static let afterFirstUnlock = KeychainValue.string(KeychainConstantValue.attrAccessibleAfterFirstUnlock.rawValue)

    static func item(
        service: String, account: String, data: String = "secret", group: String? = nil,
        accessible: KeychainValue? = afterFirstUnlock
    ) -> KeychainAttributes {
        var item: KeychainAttributes = [
            KeychainKey.class.rawValue: genp, KeychainKey.attrService.rawValue: .string(service),
            KeychainKey.attrAccount.rawValue: .string(account), KeychainKey.valueData.rawValue: .data(Array(data.utf8)),
        ]
        item[KeychainKey.attrAccessGroup.rawValue] = group.map(KeychainValue.string)
        item[KeychainKey.attrAccessible.rawValue] = accessible
        return item
    }

    static func query(_ pairs: [KeychainKey: KeychainValue]) -> KeychainAttributes {
        var query: KeychainAttributes = [KeychainKey.class.rawValue: genp]
        for (key, value) in pairs { query[key.rawValue] = value }
        return query
    }

    @Test("a query matches every attribute it names, and ignores what it returns and how many")
    func matching() throws {
        var items = KeychainItems()
        try items.add(Self.item(service: "push", account: "key"), phoneLocked: false, now: 0)
        try items.add(Self.item(service: "push", account: "token", data: "t"), phoneLocked: false, now: 0)
        try items.add(Self.item(service: "other", account: "key"), phoneLocked: false, now: 0)
        let push = try items.matching(
            Self.query([.attrService: .string("push"), .returnData: .bool(true)]), limit: nil, phoneLocked: true)
        #expect(push.map { $0[KeychainKey.attrAccount.rawValue] } == [.string("key"), .string("token")])
        let one = try items.matching(
            Self.query([.attrService: .string("push"), .attrAccount: .string("token")]), limit: nil, phoneLocked: true)
        #expect(one.first?[KeychainKey.valueData.rawValue] == .data(Array("t".utf8)))
        #expect(throws: KeychainFailure.notFound) {
            try items.matching(Self.query([.attrService: .string("missing")]), limit: nil, phoneLocked: true)
        }
        #expect(throws: KeychainFailure.parameter("no kSecClass")) {
            try items.matching([KeychainKey.attrService.rawValue: .string("push")], limit: nil, phoneLocked: true)
        }
    }

    @Test("the same service and account is a duplicate; another access group or a synchronizable one is not")
    func duplicates() throws {
        var items = KeychainItems()
        try items.add(Self.item(service: "push", account: "key", group: "A"), phoneLocked: false, now: 0)
        #expect(throws: KeychainFailure.duplicate) {
            try items.add(
                Self.item(service: "push", account: "key", data: "other", group: "A"), phoneLocked: false, now: 0)
        }
        try items.add(Self.item(service: "push", account: "key", group: "B"), phoneLocked: false, now: 0)
        var synchronizable = Self.item(service: "push", account: "key", group: "A")
        synchronizable[KeychainKey.attrSynchronizable.rawValue] = .bool(true)
        try items.add(synchronizable, phoneLocked: false, now: 0)
        #expect(items.items.count == 3)
        // A query that does not name synchronizability sees only the items that are not.
        #expect(
            try items.matching(Self.query([.attrAccessGroup: .string("A")]), limit: nil, phoneLocked: false).count == 1)
        let any = Self.query([
            .attrAccessGroup: .string("A"),
            .attrSynchronizable: .string(KeychainConstantValue.attrSynchronizableAny.rawValue),
        ])
        #expect(try items.matching(any, limit: nil, phoneLocked: false).count == 2)
        #expect(
            try items.matching(Self.query([.attrSynchronizable: .bool(true)]), limit: nil, phoneLocked: false).count
                == 1)
    }

    @Test("an item without a group is in the app's default group: a query naming a group finds it")
    func defaultGroup() throws {
        var items = KeychainItems()
        try items.add(Self.item(service: "push", account: "key"), phoneLocked: false, now: 0)
        #expect(
            try items.matching(Self.query([.attrAccessGroup: .string("TEAM.group")]), limit: nil, phoneLocked: true)
                .count == 1)
    }

    @Test("a locked phone cannot read, add or change an item readable only when unlocked, the default")
    func locked() throws {
        var items = KeychainItems()
        let stored = try items.add(
            Self.item(service: "push", account: "key", accessible: nil), phoneLocked: false, now: 0)
        #expect(stored[KeychainKey.attrAccessible.rawValue] == .string("ak"), "kSecAttrAccessibleWhenUnlocked")
        let query = Self.query([.attrService: .string("push")])
        #expect(throws: KeychainFailure.interactionNotAllowed) {
            try items.matching(query, limit: nil, phoneLocked: true)
        }
        #expect(try items.matching(query, limit: nil, phoneLocked: false).count == 1)
        #expect(throws: KeychainFailure.interactionNotAllowed) {
            try items.add(Self.item(service: "new", account: "key", accessible: nil), phoneLocked: true, now: 0)
        }
        #expect(throws: KeychainFailure.interactionNotAllowed) {
            try items.update(query, with: [KeychainKey.attrLabel.rawValue: .string("x")], phoneLocked: true, now: 0)
        }
        try items.add(Self.item(service: "new", account: "key"), phoneLocked: true, now: 0)
        #expect(KeychainFailure.interactionNotAllowed.status == -25308)
    }

    @Test("update changes every match and refuses to make a duplicate; delete removes every match")
    func updateAndDelete() throws {
        var items = KeychainItems()
        try items.add(Self.item(service: "push", account: "a"), phoneLocked: false, now: 0)
        try items.add(Self.item(service: "push", account: "b"), phoneLocked: false, now: 0)
        let push = Self.query([.attrService: .string("push")])
        try items.update(push, with: [KeychainKey.valueData.rawValue: .data([9])], phoneLocked: true, now: 0)
        #expect(
            try items.matching(push, limit: nil, phoneLocked: true).allSatisfy {
                $0[KeychainKey.valueData.rawValue] == .data([9])
            })
        #expect(throws: KeychainFailure.duplicate) {
            try items.update(push, with: [KeychainKey.attrAccount.rawValue: .string("same")], phoneLocked: true, now: 0)
        }
        #expect(throws: KeychainFailure.parameter("kSecClass cannot be changed")) {
            try items.update(push, with: [KeychainKey.class.rawValue: .string("inet")], phoneLocked: true, now: 0)
        }
        try items.delete(Self.query([.attrAccount: .string("a")]))
        #expect(items.items.count == 1)
        try items.delete(push)
        #expect(items.items.isEmpty)
        #expect(throws: KeychainFailure.notFound) { try items.delete(push) }
    }

    @Test("constants read as Security's names")
    func names() {
        #expect(KeychainKey.attrService.constantName == "kSecAttrService")
        #expect(KeychainKey.class.constantName == "kSecClass")
        #expect(
            KeychainConstantValue.attrAccessibleAfterFirstUnlock.constantName == "kSecAttrAccessibleAfterFirstUnlock")
        #expect(Set(KeychainKey.allCases.map(\.rawValue)).count == KeychainKey.allCases.count)
    }
}
