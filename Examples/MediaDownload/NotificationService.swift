//
//  NotificationService.swift
//  MediaDownload: a rich-media Notification Service Extension as most apps write one.
//
//  Downloads `media_url` with URLSession.shared.downloadTask, renames the temporary file by the
//  response's type (a .tmp file is not an attachment), attaches it and delivers. On expiry it delivers
//  its best attempt: the text without the image.
//

import UserNotifications

class NotificationService: UNNotificationServiceExtension {

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }

        guard let text = request.content.userInfo["media_url"] as? String, let url = URL(string: text) else {
            contentHandler(bestAttemptContent)
            return
        }
        let task = URLSession.shared.downloadTask(with: url) { location, response, error in
            defer { contentHandler(bestAttemptContent) }
            guard let location = location, error == nil,
                  let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else { return }
            let fileExtension = NotificationService.fileExtension(for: url, mimeType: http.mimeType)
            let file = location.deletingPathExtension().appendingPathExtension(fileExtension)
            do {
                try FileManager.default.moveItem(at: location, to: file)
                let attachment = try UNNotificationAttachment(identifier: "media", url: file, options: nil)
                bestAttemptContent.attachments = [attachment]
            } catch {
                print("attachment failed: \(error)")
            }
        }
        task.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }

    static func fileExtension(for url: URL, mimeType: String?) -> String {
        switch mimeType {
        case "image/jpeg": return "jpg"
        case "image/png": return "png"
        case "image/gif": return "gif"
        case "video/mp4": return "mp4"
        case "audio/mpeg": return "mp3"
        default: return url.pathExtension.isEmpty ? "jpg" : url.pathExtension
        }
    }
}
