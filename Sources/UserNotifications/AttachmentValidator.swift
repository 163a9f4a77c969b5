import Foundation

@_implementationOnly import NSEBenchSystem

/// The checks iOS makes when an attachment is created, in iOS's order: URL, file, type, size.
enum AttachmentValidator {
    /// Returns the file's type identifier (UTI) and its path, or throws the error iOS would.
    static func validate(url: URL, options: [AnyHashable: Any]) throws(UNError) -> (type: String, path: String) {
        guard url.isFileURL else {
            throw error(.attachmentInvalidURL, url, "\(url.absoluteString) is not a file URL")
        }
        // The path once, for the size and the type: each URL accessor builds a new string.
        let path = url.path
        let size = try fileSize(atPath: path, url)
        let type = try fileType(ofPath: path, url, hint: options[UNNotificationAttachmentOptionsTypeHintKey])
        guard let kind = AttachmentKind(type: type) else {
            throw error(
                .attachmentUnrecognizedType, url,
                "the type hint \"\(type)\" for \(url.path) is not an attachment type (a UTI such as public.jpeg)"
            )
        }
        guard size > 0 else {
            throw error(.attachmentInvalidFileSize, url, "\(url.path) is empty")
        }
        guard size <= kind.maximumFileSize else {
            throw error(
                .attachmentInvalidFileSize, url,
                "\(url.path) is \(size) bytes; \(kind.rawValue) attachments (\(type)) may have at most "
                    + "\(kind.maximumFileSize) bytes"
            )
        }
        return (type, path)
    }

    /// The size of the regular file at `path` (`url`'s); `attachmentInvalidURL` if there is none.
    private static func fileSize(atPath path: String, _ url: URL) throws(UNError) -> Int {
        // One stat: FileManager's fileExists plus attributesOfItem (which also looks up the owner's
        // names) took 3.5% of the harness's CPU at 3,000 attachments a second, resourceValues more (perf).
        guard let status = Posix.fileStatus(path) else {
            throw error(.attachmentInvalidURL, url, "no file at \(path)")
        }
        guard !status.isDirectory else {
            throw error(.attachmentInvalidURL, url, "\(path) is a directory")
        }
        return status.size
    }

    /// The type from the hint when one is given, otherwise from the extension of `path` (`url`'s), read as
    /// `url.pathExtension` would.
    private static func fileType(ofPath path: String, _ url: URL, hint: Any?) throws(UNError) -> String {
        if let hint {
            guard let type = hint as? String else {
                throw error(.attachmentUnrecognizedType, url, "the type hint \(hint) for \(path) is not a string")
            }
            return type
        }
        let fileExtension = String(FilePathExtension.of(path))
        guard let type = AttachmentKind.type(forFileExtension: fileExtension) else {
            let which = fileExtension.isEmpty ? "no extension" : "the unrecognised extension .\(fileExtension)"
            throw error(.attachmentUnrecognizedType, url, "\(path) has \(which) and no type hint")
        }
        return type
    }

    private static func error(_ code: UNError.Code, _ url: URL, _ reason: String) -> UNError {
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: "\(summary(of: code)): \(reason)",
            NSURLErrorKey: url,
        ]
        if url.isFileURL {
            userInfo[NSFilePathErrorKey] = url.path
        }
        return UNError(code, userInfo: userInfo)
    }

    /// Apple's localized description for each attachment error.
    private static func summary(of code: UNError.Code) -> String {
        switch code {
        case .attachmentInvalidURL: "Invalid attachment file URL"
        case .attachmentUnrecognizedType: "Unrecognized attachment file type"
        case .attachmentInvalidFileSize: "Invalid attachment file size"
        default: "Invalid attachment"
        }
    }
}
