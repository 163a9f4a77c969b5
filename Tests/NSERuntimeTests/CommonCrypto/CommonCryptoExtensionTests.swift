import Foundation
import Testing

@testable import NSERuntime

/// An end-to-end-encrypted messenger's extension, as Rocket.Chat's and others decrypt with CommonCrypto: the payload
/// is IV ‖ AES-256-CBC ciphertext (PKCS #7), made by `openssl enc`, decrypted with `CCCrypt` and checked with
/// `CC_SHA256`, compiled unchanged in Swift 5 mode and run by the host.
@Suite("CommonCrypto: an extension decrypting with CCCrypt", .timeLimit(.minutes(3)))
struct CommonCryptoExtensionTests {
    /// The key, base64 (bytes 0 to 31).
    static let key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="

    /// "Decrypted with CommonCrypto" under ``key``, IV first: `openssl enc -aes-256-cbc -K 0001…1f -iv f0e0…00`.
    static let payload = "8ODQwLCgkIBwYFBAMCAQAAx5fhIvOI4OhfKMiPgVilU5RSlptnkEN76cwMWJ7ihn"

    static let service = """
        import CommonCrypto
        import Foundation
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            let key = Data(base64Encoded: "\(key)")!

            override func didReceive(
                _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
            ) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                if let payload = Data(base64Encoded: content.title), let text = decrypt(payload) {
                    content.title = text
                } else {
                    content.title = "undecryptable"
                }
                contentHandler(content)
            }

            func decrypt(_ payload: Data) -> String? {
                let iv = payload.prefix(kCCBlockSizeAES128)
                let ciphertext = payload.dropFirst(kCCBlockSizeAES128)
                var buffer = Data(count: ciphertext.count + kCCBlockSizeAES128)
                var numBytesDecrypted: size_t = 0
                let bufferSize = buffer.count
                let cryptStatus = buffer.withUnsafeMutableBytes { bufferBytes in
                    ciphertext.withUnsafeBytes { dataBytes in
                        iv.withUnsafeBytes { ivBytes in
                            key.withUnsafeBytes { keyBytes in
                                CCCrypt(
                                    CCOperation(kCCDecrypt), CCAlgorithm(kCCAlgorithmAES128),
                                    CCOptions(kCCOptionPKCS7Padding), keyBytes.baseAddress, kCCKeySizeAES256,
                                    ivBytes.baseAddress, dataBytes.baseAddress, ciphertext.count,
                                    bufferBytes.baseAddress, bufferSize, &numBytesDecrypted)
                            }
                        }
                    }
                }
                guard cryptStatus == CCCryptorStatus(kCCSuccess) else { return nil }
                buffer.removeSubrange(numBytesDecrypted..<buffer.count)
                var digest = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
                buffer.withUnsafeBytes { _ = CC_SHA256($0.baseAddress, CC_LONG(buffer.count), &digest) }
                return String(data: buffer, encoding: .utf8).map { "\\($0) (\\(digest.count)-byte digest)" }
            }
        }
        """

    @Test("the payload decrypts to its text, and the extension's SHA-256 is 32 bytes")
    func decrypts() async throws {
        let record = try await CompiledExamples.record(
            of: ["NotificationService.swift": Self.service], title: Self.payload)
        #expect(record.outcome == .enriched)
        let folder = try CompiledExamples.folder(["NotificationService.swift": Self.service])
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try UserExtensionSource.locate(folder.path)
        #expect(
            source.untimedCalls.contains { $0.contains("CommonCrypto's AES runs over OpenSSL") },
            "the scan names the call not faithful")
        #expect(record.visible.title == "Decrypted with CommonCrypto (32-byte digest)")
    }
}
