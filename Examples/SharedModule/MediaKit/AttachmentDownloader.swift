// A framework the app and its extension share: it downloads a push's media into an attachment. Its
// public API takes a URLSession, which nse-bench gives the simulated phone's in every module it compiles.
import Foundation
import PushModels
import UserNotifications

/// Downloads a push's media and makes it an attachment, named by its type so that iOS accepts it.
public final class AttachmentDownloader {
    /// The session the downloads run in.
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Calls `completion` with the attachment, or nil when the download or the file failed.
    public func attachment(for push: RichPush, completion: @escaping (UNNotificationAttachment?) -> Void) {
        session.downloadTask(with: push.mediaURL) { location, response, _ in
            guard let location else { return completion(nil) }
            let suffix = Self.fileExtension(forMIMEType: response?.mimeType)
            let file = location.deletingLastPathComponent().appendingPathComponent(UUID().uuidString + suffix)
            do {
                try FileManager.default.moveItem(at: location, to: file)
                completion(try UNNotificationAttachment(identifier: "media", url: file))
            } catch {
                completion(nil)
            }
        }.resume()
    }

    static func fileExtension(forMIMEType type: String?) -> String {
        switch type {
        case "image/png": ".png"
        case "image/gif": ".gif"
        case "video/mp4": ".mp4"
        default: ".jpg"
        }
    }
}
