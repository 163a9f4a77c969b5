import Foundation
import NSEBenchCore
import SimulatedDevice
import Testing

@testable import NSERuntime

/// A user's extension reading its key from the keychain it shares with the app, compiled unchanged and run
/// by the host: the item the app added readable after first unlock is read; the one it added with the
/// default accessibility is refused on the locked phone, as on iOS.
@Suite("Security: an extension reading the shared keychain", .timeLimit(.minutes(3)))
struct KeychainExtensionTests {
    static let service = """
        import Foundation
        import Security
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.title = [Self.read("key"), Self.read("token")].joined(separator: " ")
                contentHandler(content)
            }

            static func read(_ account: String) -> String {
                let query: [String: Any] = [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: "com.example.push",
                    kSecAttrAccount as String: account,
                    kSecAttrAccessGroup as String: "TEAMID.com.example.shared",
                    kSecReturnData as String: true,
                    kSecMatchLimit as String: kSecMatchLimitOne,
                ]
                var item: CFTypeRef?
                let status = SecItemCopyMatching(query as CFDictionary, &item)
                guard status == errSecSuccess, let data = item as? Data else { return "\\(account)=\\(status)" }
                return "\\(account)=" + String(decoding: data, as: UTF8.self)
            }
        }
        """

    @Test("the after-first-unlock item is read; the default one is errSecInteractionNotAllowed")
    func reads() async throws {
        let seed = """
            [{"kSecClass": "kSecClassGenericPassword", "kSecAttrService": "com.example.push", "kSecAttrAccount": "key",
              "kSecAttrAccessible": "kSecAttrAccessibleAfterFirstUnlock", "kSecValueData": "s3cret"},
             {"kSecClass": "kSecClassGenericPassword", "kSecAttrService": "com.example.push", "kSecAttrAccount": "token",
              "kSecValueData": "t0ken"}]
            """
        let factory = try await CompiledExamples.factory(of: ["NotificationService.swift": Self.service])
        let harness = try HostHarness()
        defer { harness.remove() }
        try PhoneKeychain.write(
            try KeychainSeed.items(from: Data(seed.utf8), path: "seed"), to: harness.container.keychainFile)
        let record = await harness.start(harness.input(TestPayloads.plain(), extension: factory)).value
        #expect(record.outcome == .enriched)
        #expect(record.visible.title == "key=s3cret token=-25308")
    }
}
