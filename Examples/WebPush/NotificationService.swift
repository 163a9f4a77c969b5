//
//  NotificationService.swift
//  WebPush: a fediverse client's extension (as Mastodon's and Ice Cubes' decrypt), Web Push over APNs.
//
//  The server encrypts each notification for the app's push subscription (RFC 8291, aes128gcm): an
//  ephemeral P-256 key agreed with the subscription's, HKDF-SHA256, AES-128-GCM. A relay puts the message
//  in the payload's `p`, base64url. The app keeps the subscription's private key and auth secret in a
//  keychain access group it shares with this extension, readable after first unlock, so that a locked
//  phone can decrypt. On any failure the original text is delivered; on expiry the best attempt.
//

import CryptoKit
import Foundation
import Security
import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    static let keychainService = "com.example.fediverse.push"

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        guard let content = bestAttemptContent,
              let encoded = request.content.userInfo["p"] as? String,
              let message = Self.base64URLDecoded(encoded),
              let privateKey = Self.keychainData(account: "private-key"),
              let auth = Self.keychainData(account: "auth"),
              let plaintext = try? Self.decrypt(message, privateKey: P256.KeyAgreement.PrivateKey(rawRepresentation: privateKey), auth: auth) else {
            contentHandler(request.content)
            return
        }
        content.body = String(decoding: plaintext, as: UTF8.self)
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

    /// The item of `account` in the shared keychain; nil when it is missing or the phone is locked and the
    /// item is readable only when unlocked.
    static func keychainData(account: String) -> Data? {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: keychainService,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
        ]
        var item: CFTypeRef?
        guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
        return item as? Data
    }

    /// RFC 8291 §3 and RFC 8188 §2: salt ‖ record size ‖ key length ‖ the server's key ‖ ciphertext ‖ tag.
    static func decrypt(_ message: Data, privateKey: P256.KeyAgreement.PrivateKey, auth: Data) throws -> Data {
        let bytes = [UInt8](message)
        guard bytes.count > 21 else { throw CryptoKitError.incorrectParameterSize }
        let salt = Data(bytes[0..<16])
        let keyEnd = 21 + Int(bytes[20])
        guard bytes.count > keyEnd + 16 else { throw CryptoKitError.incorrectParameterSize }
        let serverKey = Data(bytes[21..<keyEnd])
        let sealed = Data(bytes[keyEnd...])
        let shared = try privateKey.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(x963Representation: serverKey))
        var keyInfo = Data("WebPush: info\0".utf8)
        keyInfo.append(privateKey.publicKey.x963Representation)
        keyInfo.append(serverKey)
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm\0".utf8), outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce\0".utf8), outputByteCount: 12)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }), ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
        var record = [UInt8](try AES.GCM.open(box, using: key))
        // Padding: zeros after a delimiter, 2 for the last record.
        while record.last == 0 { record.removeLast() }
        guard record.popLast() == 2 else { throw CryptoKitError.authenticationFailure }
        return Data(record)
    }

    static func base64URLDecoded(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
