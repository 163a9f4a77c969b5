//
//  NotificationService.swift
//  DecryptPayload: an end-to-end encrypted app's extension.
//
//  The server encrypts the title and body with AES-256-GCM under a key it shares with the app; the
//  payload carries base64(nonce ‖ ciphertext ‖ tag) in `encrypted_data`. The app stores the key in its
//  App Group container, where the extension reads it. On any failure the original (placeholder)
//  content is delivered unchanged.
//

import CryptoKit
import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    static let appGroup = "group.com.example.messenger"

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent,
              let encrypted = request.content.userInfo["encrypted_data"] as? String,
              let combined = Data(base64Encoded: encrypted),
              let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: NotificationService.appGroup),
              let keyData = try? Data(contentsOf: container.appendingPathComponent("payload.key")) else {
            contentHandler(request.content)
            return
        }
        do {
            let box = try AES.GCM.SealedBox(combined: combined)
            let plaintext = try AES.GCM.open(box, using: SymmetricKey(data: keyData))
            let message = try JSONDecoder().decode(Message.self, from: plaintext)
            content.title = message.title
            content.body = message.body
            contentHandler(content)
        } catch {
            contentHandler(request.content)
        }
    }

    struct Message: Decodable {
        var title: String
        var body: String
    }
}
