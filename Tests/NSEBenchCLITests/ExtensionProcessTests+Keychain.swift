import Foundation
import NSEBenchCore
import NSEBenchTestSupport
import Testing

/// `run --keychain FILE`: the items the app added, in the keychain every worker process of the run shares.
extension ExtensionProcessTests {
    static let keychainSeed = """
        [{"kSecClass": "kSecClassGenericPassword", "kSecAttrService": "com.example.push", "kSecAttrAccount": "key",
          "kSecAttrAccessible": "kSecAttrAccessibleAfterFirstUnlock", "kSecValueData": "s3cret"},
         {"kSecClass": "kSecClassGenericPassword", "kSecAttrService": "com.example.push", "kSecAttrAccount": "token",
          "kSecValueData": "t0ken"}]
        """

    @Test func theKeychainTheAppFilledIsSharedByEveryWorkerAndLockedAsAPhoneInAPocket() async throws {
        // Crashes unless the key is there and the default-accessibility token is refused; then adds an item of
        // its own, which every later invocation, in whichever worker, must find among the others.
        let folder = try extensionFolder(
            "KeychainReader",
            """
            import Foundation
            import Security
            import UserNotifications
            class NotificationService: UNNotificationServiceExtension {
                func copy(_ account: String?) -> (OSStatus, AnyObject?) {
                    let service = account == nil ? "com.example.seen" : "com.example.push"
                    var query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
                    if let account { query[kSecAttrAccount as String] = account; query[kSecReturnData as String] = true }
                    else { query[kSecMatchLimit as String] = kSecMatchLimitAll; query[kSecReturnAttributes as String] = true }
                    var item: CFTypeRef?
                    let status = SecItemCopyMatching(query as CFDictionary, &item)
                    return (status, item)
                }
                override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                    let key = copy("key")
                    guard key.0 == errSecSuccess, (key.1 as? Data) == Data("s3cret".utf8) else { fatalError("no key: \\(key.0)") }
                    guard copy("token").0 == errSecInteractionNotAllowed else { fatalError("the token was readable on a locked phone") }
                    let added: [String: Any] = [
                        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "com.example.seen",
                        kSecAttrAccount as String: "seen-\\(UUID().uuidString)", kSecValueData as String: Data([1]),
                        kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlock,
                    ]
                    guard SecItemAdd(added as CFDictionary, nil) == errSecSuccess else { fatalError("add failed") }
                    // Rewritten only when this invocation sees the other worker's items too: with 2 in flight,
                    // the last to start sees 19 at least; one worker alone would need 19 of the 20 invocations.
                    let seen = (copy(nil).1 as? [Any])?.count ?? 0
                    let content = request.content.mutableCopy() as! UNMutableNotificationContent
                    content.title = "seen \\(seen)"
                    contentHandler(seen >= 19 ? content : request.content)
                }
            }
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: seed) }
        try Data(Self.keychainSeed.utf8).write(to: seed)
        let (result, out) = try await runWithOut([
            "--extension", folder.path, "-n", "20", "-c", "2", "--with-media", "0", "--encrypted", "0",
            "--extension-processes", "2", "--keychain", seed.path,
        ])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.contains(
                #"keychain: item 2 (kSecAttrService "com.example.push", kSecAttrAccount "token") is "#
                    + "kSecAttrAccessibleWhenUnlocked: readable only while the phone is unlocked"),
            "\(result.output)")
        let summary = try Self.table(out.appendingPathComponent("summary.csv")).first ?? [:]
        #expect(summary["crashed"] == "0", "\(summary)")
        #expect(summary["invocations"] == "20")
        #expect(Int(summary["enriched"] ?? "") ?? 0 >= 1, "an invocation saw both workers' items: \(summary)")
    }

    @Test func aKeychainFileThatCannotBeOneIsRefusedBeforeTheRun() async throws {
        let seed = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: seed) }
        func refusal(_ extra: [String]) async throws -> String {
            let result = try await ChildProcess.run(
                Self.executable.path, ["run", "--keychain", seed.path, "-n", "1"] + extra, currentDirectory: Self.root)
            #expect(result.status == 64, "\(result.output)")
            return result.output
        }
        let missing = try await refusal(["--extension", "Examples/XcodeTemplate"])
        #expect(missing.contains("--keychain") && missing.contains(seed.path), "\(missing)")
        try Data(#"[{"kSecClass": "kSecClassGenericPassword", "kSecAttrServise": "a"}]"#.utf8).write(to: seed)
        let misspelt = try await refusal(["--extension", "Examples/XcodeTemplate"])
        #expect(misspelt.contains("item 1: kSecAttrServise: not a Security attribute"), "\(misspelt)")
        try Data(Self.keychainSeed.utf8).write(to: seed)
        let builtIn = try await refusal(["--extension", "media"])
        #expect(builtIn.contains("--keychain is for your own extension"), "\(builtIn)")
    }
}
