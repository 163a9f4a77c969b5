import Foundation
import SimulatedDevice
import UserNotifications

/// Moving a downloaded temporary file to a name with the extension iOS recognises, the step every SDK
/// helper takes (a `.tmp` file is not an attachment), and the type lookups they use.
enum MediaFiles {
    /// The extension for a MIME type, as the SDKs' tables map the attachment types iOS accepts.
    static func fileExtension(forMIMEType type: String?) -> String? {
        switch type?.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
        case "image/jpeg", "image/jpg": "jpg"
        case "image/png": "png"
        case "image/gif": "gif"
        case "video/mp4": "mp4"
        case "video/mpeg": "mpeg"
        case "audio/mpeg", "audio/mp3": "mp3"
        case "audio/mp4", "audio/x-m4a": "m4a"
        case "audio/wav", "audio/x-wav": "wav"
        default: nil
        }
    }

    /// The value at `keys` (object keys from the top level) of a notification's `userInfo`, where a push
    /// SDK reads its media URL (``SDKProfile/mediaKeys``); nil when a key is missing or a value on the way
    /// is not a dictionary.
    static func value(in userInfo: [AnyHashable: Any], at keys: [String]) -> Any? {
        var current: Any? = userInfo
        for key in keys {
            guard let object = current as? [AnyHashable: Any] ?? (current as? [String: Any]).map({ $0 }) else {
                return nil
            }
            current = object[key]
        }
        return current
    }

    /// The URL in the string at `keys` of `userInfo`; nil when there is none.
    static func url(in userInfo: [AnyHashable: Any], at keys: [String]) -> URL? {
        (value(in: userInfo, at: keys) as? String).flatMap(URL.init(string:))
    }

    /// Firebase's and Notifee's rule (`fileExtensionForResponse:`): the extension of the response's
    /// `suggestedFilename`, else the subtype of an `image/` MIME type, else none ("").
    static func suggestedOrImageSubtype(_ response: URLResponse?) -> String {
        if let suggested = response?.suggestedFilename {
            let fileExtension = URL(fileURLWithPath: suggested).pathExtension
            if !fileExtension.isEmpty { return fileExtension }
        }
        guard let type = response?.mimeType, type.hasPrefix("image/") else { return "" }
        let subtype = String(type.dropFirst("image/".count))
        return subtype.contains("/") ? "" : subtype
    }

    /// The extension the first bytes of `file` show (JPEG, PNG, GIF, MP4 `ftyp`), as Airship's type check.
    static func fileExtension(sniffing file: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        let bytes = [UInt8](handle.readData(ofLength: 12))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "gif" }
        if bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) { return "mp4" }
        if bytes.starts(with: Array("ID3".utf8)) { return "mp3" }
        if bytes.starts(with: Array("RIFF".utf8)) { return "wav" }
        return nil
    }

    /// Downloads `url` with a download task on `session` and hands its file, moved to the extension
    /// `fileExtension` gives, to `completion` as an attachment; nil when the download or the attachment
    /// failed (the SDKs then deliver without it). No HTTP status check, as none of the SDKs makes one.
    @discardableResult
    static func downloadAttachment(
        _ url: URL, on session: URLSession, identifier: String = "",
        fileExtension: @escaping @Sendable (URLResponse?) -> String?,
        completion: @escaping @Sendable (UNNotificationAttachment?) -> Void
    ) -> URLSessionDownloadTask {
        let task = session.downloadTask(with: url) { location, response, error in
            guard error == nil, let location, let type = fileExtension(response) else { return completion(nil) }
            completion(attachment(from: location, fileExtension: type, identifier: identifier))
        }
        task.resume()
        return task
    }

    /// `location` moved to the same name with `fileExtension`, as an attachment; nil when the move or
    /// iOS's checks fail (the SDKs then deliver without it).
    static func attachment(from location: URL, fileExtension: String, identifier: String) -> UNNotificationAttachment? {
        let file = location.deletingPathExtension().appendingPathExtension(fileExtension)
        do {
            try FileManager.default.moveItem(at: location, to: file)
            return try UNNotificationAttachment(identifier: identifier, url: file, options: nil)
        } catch {
            return nil
        }
    }
}
