import Foundation
import NSEBenchCore
import SimulatedDevice
import Testing

@testable import NSERuntime

/// Examples/WebPush (RFC 8291's aes128gcm, as Mastodon's and Ice Cubes' extensions decrypt): P-256 key
/// agreement, HKDF<SHA256> and AES-128-GCM from CryptoKit, the subscription's keys from the keychain,
/// compiled unchanged and run by the host on the example's own payloads and keychain.
@Suite("CryptoKit: the Web Push example", .timeLimit(.minutes(3)))
struct WebPushExtensionTests {
    static let folder = CompiledExamples.examples.appendingPathComponent("WebPush")

    /// The example's payloads: RFC 8291 Appendix A's message, then the same with a byte changed.
    static func payloads() throws -> [NotificationPayload] {
        try PayloadReplay(contentsOf: folder.appendingPathComponent("payloads.jsonl")).payloads
    }

    @Test("RFC 8291's message decrypts to its plaintext; with a byte changed, or no keys, the original is shown")
    func decrypts() async throws {
        let factory = try await CompiledExamples.factory("WebPush")
        let (message, tampered) = try (Self.payloads()[0], Self.payloads()[1])
        let harness = try HostHarness()
        defer { harness.remove() }
        let keys = try Data(contentsOf: Self.folder.appendingPathComponent("keychain.json"))

        let locked = await harness.start(harness.input(message, extension: factory)).value
        #expect(locked.visible.body == message.alert.body, "no keys in the keychain: nothing decrypts")

        try PhoneKeychain.write(
            try KeychainSeed.items(from: keys, path: "keychain.json"), to: harness.container.keychainFile)
        let record = await harness.start(harness.input(message, extension: factory, id: 2)).value
        #expect(record.outcome == .enriched)
        #expect(record.visible.body == "When I grow up, I want to be a watermelon")
        let fallback = await harness.start(harness.input(tampered, extension: factory, id: 3)).value
        #expect(fallback.visible.body == message.alert.body)
    }
}
