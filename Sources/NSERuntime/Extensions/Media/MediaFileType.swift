import Foundation
import NSEBenchSystem
import UserNotifications

/// The file extension a downloaded attachment needs before iOS accepts it.
///
/// A download task leaves a `.tmp` file, which `UNNotificationAttachment` refuses (nse-reference.md), so
/// every SDK renames it. This follows Airship's order: the URL's own extension when iOS knows it, then the
/// response's `Content-Type`, then the file's first bytes.
enum MediaFileType {
    /// The extension (without the dot) for a download of `url`, or nil when nothing identifies its type;
    /// the file at `filePath` is read (its first 16 bytes) only when neither the URL nor `contentType` says.
    ///
    /// - Throws: ``SystemError`` when the file had to be read and could not be.
    static func fileExtension(for url: URL, contentType: String?, filePath: String) throws(SystemError) -> String? {
        if let fromURL = fromURL(url) { return fromURL }
        if let contentType, let fromMIME = fromMIMEType(contentType) { return fromMIME }
        return fromMagicBytes(try Posix.leadingBytes(of: filePath, count: 16))
    }

    /// The URL path's extension, when iOS recognises it as an attachment type.
    static func fromURL(_ url: URL) -> String? {
        let fileExtension = pathExtension(of: url).lowercased()
        return AttachmentKind.type(forFileExtension: fileExtension) == nil ? nil : fileExtension
    }

    /// `url.pathExtension`, read from the path as written when it holds no `%` (then the decoded path
    /// is the same string) and its name does not start with a dot: `URL.pathExtension` decodes and
    /// validates the whole path on every call, 1.1% of case 1's CPU (perf, issue #18).
    static func pathExtension(of url: URL) -> String {
        let written = url.path(percentEncoded: true)
        guard !written.utf8.contains(UInt8(ascii: "%")) else { return url.pathExtension }
        // The last component is read without the slashes that end the path, as URL reads it.
        var end = written.utf8.endIndex
        while end > written.utf8.startIndex, written.utf8[written.utf8.index(before: end)] == UInt8(ascii: "/") {
            end = written.utf8.index(before: end)
        }
        let path = written[..<end]
        // A name that starts with a dot is left to Foundation, whose rules for those (`....png`) are its
        // own and have changed between releases.
        let nameStart = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
        guard path.utf8[nameStart...].first != UInt8(ascii: ".") else { return url.pathExtension }
        return String(FilePathExtension.of(String(path)))
    }

    /// The extension for a `Content-Type` (parameters and case ignored) of a type iOS can attach.
    static func fromMIMEType(_ contentType: String) -> String? {
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        return extensionsByMIMEType[essence.trimmingCharacters(in: .whitespaces).lowercased()]
    }

    /// The extension for the signature at the start of a file: JPEG, PNG, GIF, WAV, AVI, AIFF, MP3, AAC,
    /// MPEG-4 (by its `ftyp` brand), MPEG program streams.
    static func fromMagicBytes(_ bytes: [UInt8]) -> String? {
        func matches(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<(offset + signature.count)]) == signature
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        if matches([0xFF, 0xD8, 0xFF]) { return "jpg" }
        if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if matches(ascii("GIF87a")) || matches(ascii("GIF89a")) { return "gif" }
        if matches(ascii("RIFF")) && matches(ascii("WAVE"), at: 8) { return "wav" }
        if matches(ascii("RIFF")) && matches(ascii("AVI "), at: 8) { return "avi" }
        if matches(ascii("FORM")) && matches(ascii("AIFF"), at: 8) { return "aiff" }
        if matches(ascii("FORM")) && matches(ascii("AIFC"), at: 8) { return "aifc" }
        if matches(ascii("ftyp"), at: 4) {
            if matches(ascii("M4A "), at: 8) { return "m4a" }
            if matches(ascii("M4V "), at: 8) { return "m4v" }
            return "mp4"
        }
        if matches([0x00, 0x00, 0x01, 0xBA]) || matches([0x00, 0x00, 0x01, 0xB3]) { return "mpg" }
        if matches(ascii("ID3")) { return "mp3" }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0 {
            // Frame sync: layer bits 00 are AAC's ADTS header, anything else an MPEG audio frame.
            return bytes[1] & 0x06 == 0 ? "aac" : "mp3"
        }
        return nil
    }

    private static let extensionsByMIMEType: [String: String] = [
        "image/jpeg": "jpg", "image/jpg": "jpg", "image/pjpeg": "jpg", "image/png": "png", "image/gif": "gif",
        "audio/mpeg": "mp3", "audio/mp3": "mp3", "audio/mp4": "m4a", "audio/x-m4a": "m4a", "audio/m4a": "m4a",
        "audio/aac": "aac", "audio/wav": "wav", "audio/x-wav": "wav", "audio/wave": "wav", "audio/vnd.wave": "wav",
        "audio/aiff": "aiff", "audio/x-aiff": "aiff", "video/mp4": "mp4", "video/mpeg": "mpg", "video/x-m4v": "m4v",
        "video/avi": "avi", "video/x-msvideo": "avi", "video/msvideo": "avi",
    ]
}
