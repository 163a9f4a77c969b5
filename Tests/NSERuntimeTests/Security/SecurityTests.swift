import Foundation
import Security
import SimulatedDevice
import Testing

/// A network that is never asked: the Security calls use only the phone's keychain.
private struct NoNetwork: PhoneNetwork {
    func load(_ request: PhoneRequest) async -> PhoneResponse { PhoneResponse(status: 0, failure: .cancelled) }
    func track(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never>? { Task { await work() } }
    func removeBody(_ file: URL) {}
}

/// Security's keychain API as extension code calls it, on a simulated phone: Foundation dictionaries in,
/// statuses and Foundation objects out, as on iOS.
@Suite("Security: SecItem on a simulated phone")
struct SecurityTests {
    /// Runs `body` on a phone (locked unless said) whose keychain is a fresh file.
    private func onPhone(locked: Bool = true, _ body: () -> Void) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-\(UUID().uuidString).json")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(atPath: file.path + ".lock")
        }
        let phone = SimulatedPhone(
            network: NoNetwork(), appGroupContainer: nil, timeScale: 1, keychain: PhoneKeychain.at(file),
            isLocked: locked)
        phone.bind(body)
    }

    private func add(
        service: String, account: String, data: Data, accessible: CFString? = kSecAttrAccessibleAfterFirstUnlock
    )
        -> OSStatus
    {
        var attributes: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service,
            kSecAttrAccount as String: account, kSecValueData as String: data,
        ]
        if let accessible { attributes[kSecAttrAccessible as String] = accessible }
        return SecItemAdd(attributes as CFDictionary, nil)
    }

    @Test("add, then read back the data, the attributes, or all of them; a second add is a duplicate")
    func addAndRead() {
        onPhone {
            #expect(add(service: "push", account: "key", data: Data([1, 2, 3])) == errSecSuccess)
            #expect(add(service: "push", account: "key", data: Data([9])) == errSecDuplicateItem)
            #expect(add(service: "push", account: "token", data: Data("t".utf8)) == errSecSuccess)

            var item: CFTypeRef?
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "push",
                kSecAttrAccount as String: "key", kSecReturnData as String: kCFBooleanTrue!,
                kSecMatchLimit as String: kSecMatchLimitOne,
            ]
            #expect(SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess)
            #expect(item as? Data == Data([1, 2, 3]))

            var attributes: AnyObject?
            let both =
                [
                    kSecClass: kSecClassGenericPassword, kSecAttrAccount: "token", kSecReturnAttributes: true,
                    kSecReturnData: true,
                ] as CFDictionary
            #expect(SecItemCopyMatching(both, &attributes) == errSecSuccess)
            let dictionary = attributes as? [String: Any]
            #expect(dictionary?[kSecAttrService as String] as? String == "push")
            #expect(dictionary?[kSecValueData as String] as? Data == Data("t".utf8))

            var all: CFTypeRef?
            let every: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecMatchLimit as String: kSecMatchLimitAll,
                kSecReturnAttributes as String: true,
            ]
            #expect(SecItemCopyMatching(every as CFDictionary, &all) == errSecSuccess)
            #expect((all as? [Any])?.count == 2)

            var none: CFTypeRef?
            let missing =
                [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "nope", kSecReturnData: true] as CFDictionary
            #expect(SecItemCopyMatching(missing, &none) == errSecItemNotFound)
            #expect(none == nil)
        }
    }

    @Test("a locked phone refuses an item readable only when unlocked, the default; an unlocked one reads it")
    func lockState() {
        let query = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "key", kSecReturnData: true] as CFDictionary
        onPhone(locked: true) {
            #expect(
                add(service: "push", account: "key", data: Data([1]), accessible: nil) == errSecInteractionNotAllowed)
        }
        onPhone(locked: false) {
            #expect(add(service: "push", account: "key", data: Data([1]), accessible: nil) == errSecSuccess)
            var item: CFTypeRef?
            #expect(SecItemCopyMatching(query, &item) == errSecSuccess)
        }
    }

    @Test("update and delete; bad input is errSecParam; messages are Apple's")
    func updateDeleteAndErrors() {
        onPhone {
            #expect(add(service: "push", account: "key", data: Data([1])) == errSecSuccess)
            let query = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "key"] as CFDictionary
            #expect(SecItemUpdate(query, [kSecValueData: Data([7])] as CFDictionary) == errSecSuccess)
            var item: CFTypeRef?
            let read =
                [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "key", kSecReturnData: true] as CFDictionary
            #expect(SecItemCopyMatching(read, &item) == errSecSuccess)
            #expect(item as? Data == Data([7]))
            #expect(SecItemDelete(query) == errSecSuccess)
            #expect(SecItemDelete(query) == errSecItemNotFound)
            #expect(SecItemCopyMatching([kSecAttrAccount: "key"] as CFDictionary, nil) == errSecParam, "no kSecClass")
            let byRef = [kSecClass: kSecClassGenericPassword, kSecReturnRef: true] as CFDictionary
            #expect(add(service: "s", account: "a", data: Data([1])) == errSecSuccess)
            #expect(SecItemCopyMatching(byRef, &item) == errSecParam, "references are not simulated")
        }
        #expect(
            SecCopyErrorMessageString(errSecItemNotFound, nil) as String?
                == "The specified item could not be found in the keychain.")
        #expect(SecCopyErrorMessageString(12345, nil) == nil)
        var bytes = [UInt8](repeating: 0, count: 32)
        #expect(SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes) == errSecSuccess)
        #expect(bytes != [UInt8](repeating: 0, count: 32))
    }

    @Test("a locked phone: limit one hands back the first match if readable; limit all stops at the locked one")
    func lockedMatchLimits() {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        // One keychain, first unlocked to fill it, then locked to read it.
        for locked in [false, true] {
            SimulatedPhone(
                network: NoNetwork(), appGroupContainer: nil, timeScale: 1, keychain: PhoneKeychain.at(file),
                isLocked: locked
            ).bind {
                if !locked {
                    #expect(add(service: "push", account: "a", data: Data([1])) == errSecSuccess)
                    #expect(add(service: "push", account: "b", data: Data([2]), accessible: nil) == errSecSuccess)
                    return
                }
                var item: CFTypeRef?
                let one =
                    [kSecClass: kSecClassGenericPassword, kSecAttrService: "push", kSecReturnData: true] as CFDictionary
                #expect(SecItemCopyMatching(one, &item) == errSecSuccess)
                #expect(item as? Data == Data([1]))
                let all =
                    [
                        kSecClass: kSecClassGenericPassword, kSecAttrService: "push", kSecReturnData: true,
                        kSecMatchLimit: kSecMatchLimitAll,
                    ] as CFDictionary
                #expect(SecItemCopyMatching(all, &item) == errSecInteractionNotAllowed)
                #expect(SecItemDelete([kSecClass: kSecClassGenericPassword] as CFDictionary) == errSecSuccess)
            }
        }
    }

    @Test("numbers stay numbers, dates come back as dates, refs find their item; no class in the attributes")
    func valuesAndReferences() {
        onPhone {
            let added: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "s",
                kSecAttrAccount as String: "a", kSecAttrCreator as String: 1, kSecValueData as String: Data([5]),
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
                kSecReturnPersistentRef as String: true,
            ]
            var reference: CFTypeRef?
            #expect(SecItemAdd(added as CFDictionary, &reference) == noErr)
            let ref = reference as? Data
            #expect(ref?.count == 16)

            var found: CFTypeRef?
            let byCreator =
                [kSecClass: kSecClassGenericPassword, kSecAttrCreator: 1, kSecReturnAttributes: true] as CFDictionary
            #expect(SecItemCopyMatching(byCreator, &found) == errSecSuccess, "1 is a number, not true")
            let attributes = found as? [String: Any]
            #expect(attributes?[kSecAttrCreationDate as String] is Date)
            #expect(attributes?[kSecClass as String] == nil, "iOS adds the class only with kSecReturnRef")

            var byReference: CFTypeRef?
            let query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecValuePersistentRef as String: ref ?? Data(),
                kSecReturnData as String: true,
            ]
            #expect(SecItemCopyMatching(query as CFDictionary, &byReference) == errSecSuccess)
            #expect(byReference as? Data == Data([5]))
        }
    }

    @Test("an unknown key is errSecNoSuchAttr; an update of a key that steers a query is errSecParam")
    func unknownKeys() {
        onPhone {
            #expect(add(service: "s", account: "a", data: Data([1])) == errSecSuccess)
            #expect(SecItemCopyMatching(["class": "genp", "svc": "s"] as CFDictionary, nil) == errSecNoSuchAttr)
            let query = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"] as CFDictionary
            #expect(SecItemUpdate(query, [kSecReturnData: true] as CFDictionary) == errSecParam)
            var bytes = [UInt8](repeating: 0, count: 4)
            #expect(SecRandomCopyBytes(kSecRandomDefault, -1, &bytes) == errSecParam)
        }
    }
}
