import Foundation
import SimulatedDevice
import Testing

/// `--keychain FILE`: the items as the app added them, and every way such a file can be wrong, named.
@Suite("Keychain: the seed file")
struct KeychainSeedTests {
    @Test("items keyed by Security's names, data as a string or base64; the default accessibility is iOS's")
    func parses() throws {
        let json = """
            [{"kSecClass": "kSecClassGenericPassword", "kSecAttrService": "push", "kSecAttrAccount": "key",
              "kSecAttrAccessible": "kSecAttrAccessibleAfterFirstUnlock", "kSecValueData": {"base64": "AAEC"}},
             {"kSecClass": "kSecClassGenericPassword", "kSecAttrService": "push", "kSecAttrAccount": "token",
              "kSecAttrSynchronizable": false, "kSecAttrPort": 443, "kSecValueData": "t0k"}]
            """
        let items = try KeychainSeed.items(from: Data(json.utf8), path: "seed.json", now: 0)
        #expect(items.items.count == 2)
        #expect(items.items[0][KeychainKey.valueData.rawValue] == .data([0, 1, 2]))
        #expect(items.items[0][KeychainKey.attrAccessible.rawValue] == .string("ck"))
        #expect(items.items[1][KeychainKey.valueData.rawValue] == .data(Array("t0k".utf8)))
        #expect(items.items[1][KeychainKey.attrAccessible.rawValue] == .string("ak"))
        #expect(items.items[1][KeychainKey.attrPort.rawValue] == .number(443))
        #expect(items.items[1][KeychainKey.attrSynchronizable.rawValue] == .bool(false))
        #expect(
            KeychainSeed.unlockedOnly(items) == [
                #"item 2 (kSecAttrService "push", kSecAttrAccount "token") is kSecAttrAccessibleWhenUnlocked"#
            ])
        #expect(items.items[0][KeychainKey.attrCreationDate.rawValue] == .date(0), "added at the seed's time")
    }

    @Test(
        "a bad file names the item, the attribute and what is wrong",
        arguments: [
            (#"{"kSecClass": "kSecClassGenericPassword"}"#, "not a JSON array"),
            (#"[{"kSecAttrService": "a"}]"#, "item 1: no kSecClass"),
            (
                #"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrServise": "a"}]"#,
                "item 1: kSecAttrServise: not a Security attribute"
            ),
            (#"[{"kSecClass": "genp"}]"#, "item 1: kSecClass: kSecClassGenericPassword or kSecClassInternetPassword"),
            (#"[{"kSecClass": "kSecAttrAccessibleAlways"}]"#, "kSecClass: kSecClassGenericPassword or"),
            (#"[{"kSecClass": "kSecClassKey"}]"#, "keys, certificates and identities are not simulated"),
            (#"[1]"#, "item 1 is not a JSON object"),
            (
                #"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrAccessControl": "x"}]"#,
                "not an attribute a seeded item may hold"
            ),
            (
                #"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrSynchronizable": "kSecAttrSynchronizableAny"}]"#,
                "kSecAttrSynchronizable: true or false"
            ),
            (#"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrPort": "443"}]"#, "kSecAttrPort: a number"),
            (#"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrPort": true}]"#, "kSecAttrPort: a number"),
            (#"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrService": null}]"#, "kSecAttrService: a string"),
            (
                #"[{"kSecClass": "kSecClassGenericPassword", "kSecValueData": {"base64": "AA==", "x": 1}}]"#,
                "kSecValueData: a string"
            ),
            (
                #"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrAccessible": "kSecClassKey"}]"#,
                "kSecAttrAccessible..."
            ),
            (
                #"[{"kSecClass": "kSecClassGenericPassword", "kSecReturnData": true}]"#,
                "kSecReturnData: not an attribute a seeded"
            ),
            (#"[{"kSecClass": "kSecClassGenericPassword", "kSecValueData": 5}]"#, "kSecValueData: a string"),
            (#"[{"kSecClass": "kSecClassGenericPassword", "kSecValueData": {"base64": "%%"}}]"#, "not base64"),
            (
                #"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrAccount": "a"}, {"kSecClass": "kSecClassGenericPassword", "kSecAttrAccount": "a"}]"#,
                "item 2: it has the same primary key (its class's: service and account"
            ),
        ])
    func refuses(json: String, reason: String) {
        #expect {
            try KeychainSeed.items(from: Data(json.utf8), path: "/tmp/seed.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("/tmp/seed.json: ") && text.contains(reason)
        }
    }
}
