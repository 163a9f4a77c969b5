//
//  NotificationService.swift
//  CrashOnVideo: a media extension with a bug that ships: it force-unwraps a lookup of image types, so
//  every push with a video (.mp4) traps. iOS runs the extension in a process of its own; the crash
//  loses that notification's changes (the user sees the original) and nothing else.
//

import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    static let imageTypes = ["jpg": "jpg", "jpeg": "jpg", "png": "png", "gif": "gif"]

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent,
              let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            contentHandler(request.content)
            return
        }
        let fileExtension = NotificationService.imageTypes[url.pathExtension]!  // the bug: nil for .mp4
        URLSession.shared.downloadTask(with: url) { location, _, _ in
            if let location = location {
                let file = location.deletingPathExtension().appendingPathExtension(fileExtension)
                if (try? FileManager.default.moveItem(at: location, to: file)) != nil,
                   let attachment = try? UNNotificationAttachment(identifier: "media", url: file, options: nil) {
                    bestAttemptContent.attachments = [attachment]
                }
            }
            contentHandler(bestAttemptContent)
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
