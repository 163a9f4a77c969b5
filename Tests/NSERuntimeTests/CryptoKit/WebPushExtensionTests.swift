import Foundation
import NSEBenchCore
import Testing

@testable import NSERuntime

/// A Web Push extension (RFC 8291's aes128gcm, as Mastodon's and IceCubes' extensions decrypt): P-256 key
/// agreement, HKDF<SHA256> and AES-128-GCM from CryptoKit, compiled unchanged and run by the host on RFC
/// 8291 Appendix A's message.
@Suite("CryptoKit: a Web Push extension", .timeLimit(.minutes(3)))
struct WebPushExtensionTests {
    /// RFC 8291 Appendix A: the message, in base64url, sealed for the user agent's key below.
    static let message =
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_"
        + "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"

    /// The extension: the subscription's private key and auth secret (an app keeps them in its keychain
    /// or App Group; here, RFC 8291's), the message from the payload's `p`.
    static let service = """
        import CryptoKit
        import Foundation
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                guard let text = request.content.userInfo["p"] as? String, let body = Self.base64URL(text),
                    let plaintext = try? Self.decrypt(body)
                else {
                    contentHandler(content)
                    return
                }
                content.body = String(decoding: plaintext, as: UTF8.self)
                contentHandler(content)
            }

            static func base64URL(_ text: String) -> Data? {
                var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
                return Data(base64Encoded: standard)
            }

            static func decrypt(_ body: Data) throws -> Data {
                let privateKey = try P256.KeyAgreement.PrivateKey(
                    rawRepresentation: base64URL("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")!)
                let auth = base64URL("BTBZMqHH6r4Tts7J_aSIgg")!
                let bytes = [UInt8](body)
                let salt = Data(bytes[0..<16])
                let keyEnd = 21 + Int(bytes[20])
                let serverKey = Data(bytes[21..<keyEnd])
                let sealed = Data(bytes[keyEnd...])
                let shared = try privateKey.sharedSecretFromKeyAgreement(
                    with: P256.KeyAgreement.PublicKey(x963Representation: serverKey))
                var info = Data("WebPush: info\\0".utf8)
                info.append(privateKey.publicKey.x963Representation)
                info.append(serverKey)
                let ikm = shared.hkdfDerivedSymmetricKey(
                    using: SHA256.self, salt: auth, sharedInfo: info, outputByteCount: 32)
                let key = HKDF<SHA256>.deriveKey(
                    inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm\\0".utf8),
                    outputByteCount: 16)
                let nonce = HKDF<SHA256>.deriveKey(
                    inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce\\0".utf8),
                    outputByteCount: 12)
                let box = try AES.GCM.SealedBox(
                    nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }), ciphertext: sealed.dropLast(16),
                    tag: sealed.suffix(16))
                var record = [UInt8](try AES.GCM.open(box, using: key))
                while record.last == 0 { record.removeLast() }
                guard record.popLast() == 2 else { throw CryptoKitError.authenticationFailure }
                return Data(record)
            }
        }
        """

    @Test("RFC 8291's message decrypts to its plaintext; with a flipped byte the original is shown")
    func decrypts() async throws {
        let folder = try CompiledExamples.folder(["NotificationService.swift": Self.service])
        defer { try? FileManager.default.removeItem(at: folder) }
        let factory = try UserExtensionLoader.load(folder.path, builder: try CompiledExamples.builder()).factory
        let harness = try HostHarness()
        defer { harness.remove() }

        func payload(_ message: String) -> NotificationPayload {
            var payload = TestPayloads.plain(title: "Mastodon", body: "New notification")
            payload.customFields["p"] = .string(message)
            return payload
        }
        let record = await harness.start(harness.input(payload(Self.message), extension: factory)).value
        #expect(record.outcome == .enriched)
        #expect(record.visible.body == "When I grow up, I want to be a watermelon")

        var tampered = Array(Self.message)
        tampered[120] = tampered[120] == "A" ? "B" : "A"
        let fallback = await harness.start(harness.input(payload(String(tampered)), extension: factory, id: 2)).value
        #expect(fallback.visible.body == "New notification")
    }
}
