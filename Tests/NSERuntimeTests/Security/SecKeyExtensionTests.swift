import Foundation
import Testing

@testable import NSERuntime

/// An extension that decrypts what its server encrypted to the device's RSA key, as end-to-end-encrypted
/// messengers' do: the private key from PKCS #1 data (`SecKeyCreateWithData`), then `SecKeyCreateDecryptedData` with
/// OAEP-SHA256 of a ciphertext `openssl pkeyutl` made, compiled unchanged in Swift 5 mode and run by the host.
@Suite("Security: an extension decrypting with SecKey", .timeLimit(.minutes(3)))
struct SecKeyExtensionTests {
    /// "Decrypted with SecKey" encrypted to ``RSAFixtures/privateA`` with OAEP-SHA256 (`openssl pkeyutl -encrypt`).
    static let ciphertext =
        "YQ7Xrr6DxYn28Rv3Ty8MBJiJrN51YqSH87e62aZ1mIyAxnAKsvoqJw+VLnz8TT+cvKeYtlCEDzhhHZuNdbrMbiWiAZ8n+ZwHYMKaAFUeEwUeAU"
        + "WpOpDXml9fdAL+GnXNg4lFXo466elQGfH1HDNVUhjiUcw5Ge6LIhR5SAdKjbM/c5ppVab3rwVBTHUA26i9trYcJz6XHTZczqn46dLRrExgkhO"
        + "PQc4n7kTvUmDYt0JaZQ+2FHQZJnD8Femx/TEOjJD5uhLoyXc0SQVrrIccjg7nbm4s1X9L9W24AS6r59kanuGPOon04V0zWYJwapDgxEXQjRUS6"
        + "kDczzGiGCX2hQ=="

    static let service = """
        import Foundation
        import Security
        import UserNotifications

        let privateKeyBase64 = "\(RSAFixtures.privateAText.filter { !$0.isWhitespace })"

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.title = decrypt(content.title) ?? "undecryptable"
                contentHandler(content)
            }

            func decrypt(_ text: String) -> String? {
                guard let keyData = Data(base64Encoded: privateKeyBase64), let ciphertext = Data(base64Encoded: text) else {
                    return nil
                }
                let attributes: [String: Any] = [
                    kSecAttrKeyType as String: kSecAttrKeyTypeRSA,
                    kSecAttrKeyClass as String: kSecAttrKeyClassPrivate,
                    kSecAttrKeySizeInBits as String: 2048,
                ]
                var error: Unmanaged<CFError>?
                guard let key = SecKeyCreateWithData(keyData as CFData, attributes as CFDictionary, &error) else {
                    return "key: \\(error!.takeRetainedValue())"
                }
                let algorithm: SecKeyAlgorithm = .rsaEncryptionOAEPSHA256
                guard SecKeyIsAlgorithmSupported(key, .decrypt, algorithm),
                    let plaintext = SecKeyCreateDecryptedData(key, algorithm, ciphertext as CFData, &error) as Data?
                else { return "decrypt: \\(String(describing: error?.takeRetainedValue()))" }
                return String(data: plaintext, encoding: .utf8)
            }
        }
        """

    @Test("the ciphertext decrypts to its text")
    func decrypts() async throws {
        let record = try await CompiledExamples.record(
            of: ["NotificationService.swift": Self.service], title: Self.ciphertext)
        #expect(record.outcome == .enriched)
        let folder = try CompiledExamples.folder(["NotificationService.swift": Self.service])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(folder.path)
        #expect(
            source.untimedCalls.contains { $0.contains("RSA runs over OpenSSL") },
            "the scan names the call not faithful")
        #expect(record.visible.title == "Decrypted with SecKey")
    }
}
