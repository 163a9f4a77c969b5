// Code the app and its extension share by target membership: Chat.xcodeproj compiles this file into both
// targets, so the extension uses it with no import. nse-bench reads the project and compiles it in too.
import Foundation
import UserNotifications
#if !APP_EXTENSION
import UIKit
#endif

/// Downloads a push's media (`media_url`) and makes it an attachment named by its type, as iOS needs.
enum MediaAttachment {
    /// Calls `completion` with the attachment, or nil when the push names no media or the download failed.
    static func load(from userInfo: [AnyHashable: Any], completion: @escaping (UNNotificationAttachment?) -> Void) {
        guard let text = userInfo["media_url"] as? String, let url = URL(string: text) else { return completion(nil) }
        URLSession.shared.downloadTask(with: url) { location, response, _ in
            guard let location else { return completion(nil) }
            let suffix = response?.mimeType == "image/png" ? ".png" : response?.mimeType == "video/mp4" ? ".mp4" : ".jpg"
            let file = location.deletingLastPathComponent().appendingPathComponent(UUID().uuidString + suffix)
            do {
                try FileManager.default.moveItem(at: location, to: file)
                completion(try UNNotificationAttachment(identifier: "media", url: file))
            } catch {
                completion(nil)
            }
        }.resume()
    }

    #if !APP_EXTENSION
    /// The app alone shows a downloaded attachment in its own screen (UIKit's `UIApplication` is not an
    /// extension's): the extension's target sets `APP_EXTENSION`, so this is not compiled there.
    static func open(_ attachment: UNNotificationAttachment) {
        UIApplication.shared.open(attachment.url)
    }
    #endif
}
