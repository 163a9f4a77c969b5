//
//  NotificationService.swift
//  NoExpiryHandler: downloads its image and never implements serviceExtensionTimeWillExpire, as many
//  apps' extensions do. When the download outlasts the 30 s budget, nothing is delivered and iOS shows
//  the original notification (outcome expired_original).
//

import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else { return }
        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            contentHandler(content)
            return
        }
        URLSession.shared.downloadTask(with: url) { location, _, _ in
            if let location = location {
                let file = location.deletingPathExtension().appendingPathExtension(url.pathExtension)
                if (try? FileManager.default.moveItem(at: location, to: file)) != nil,
                   let attachment = try? UNNotificationAttachment(identifier: "media", url: file, options: nil) {
                    content.attachments = [attachment]
                }
            }
            contentHandler(content)
        }.resume()
    }
}
