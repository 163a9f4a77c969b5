public import Foundation

/// Option key: the type identifier (UTI, a `String` such as `"public.jpeg"`) of the file, for a file whose
/// extension does not say it. A MIME type (`"image/jpeg"`) is not a UTI and is not recognised.
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"

/// Option key: whether to hide the attachment's thumbnail (a `Bool`). Accepted and not used on Linux.
public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String =
    "UNNotificationAttachmentOptionsThumbnailHiddenKey"

/// Option key: the normalized clipping rectangle of the thumbnail. Accepted and not used on Linux.
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey: String =
    "UNNotificationAttachmentOptionsThumbnailClippingRectKey"

/// Option key: the time in a movie to take the thumbnail from. Accepted and not used on Linux.
public let UNNotificationAttachmentOptionsThumbnailTimeKey: String = "UNNotificationAttachmentOptionsThumbnailTimeKey"

/// A media file shown with a notification, validated as iOS validates it when it is created.
///
/// Immutable; `@unchecked Sendable` because every stored property is a `let` of a Sendable type
/// (the class is `open`, as Apple's is, so the compiler cannot check it).
open class UNNotificationAttachment: NSObject, NSCopying, @unchecked Sendable {
    /// The attachment's identifier.
    public let identifier: String
    /// The file's URL.
    public let url: URL
    /// The file's type identifier (UTI), such as `"public.jpeg"`.
    public let type: String
    /// ``url``'s path, as validated: the host moves the file by it when the content is delivered, and
    /// each `URL.path` builds its string anew (three per attachment were 1% of a run's CPU, perf).
    package let path: String

    init(validatedIdentifier identifier: String, url: URL, path: String, type: String) {
        self.identifier = identifier
        self.url = url
        self.path = path
        self.type = type
        super.init()
    }

    /// Creates an attachment for a file on disk, checking it as iOS does.
    ///
    /// - Parameters:
    ///   - identifier: the attachment's identifier; an empty string gets a generated unique one.
    ///   - url: a file URL; the file must exist.
    ///   - options: ``UNNotificationAttachmentOptionsTypeHintKey`` gives the type when the extension does
    ///     not; the thumbnail keys are accepted and ignored.
    /// - Throws: ``UNError`` (`throws` untyped, as Apple's initializer): `attachmentInvalidURL` for a URL
    ///   that is not a file URL or names no regular file; `attachmentUnrecognizedType` when neither the
    ///   type hint nor the extension names a supported type; `attachmentInvalidFileSize` for an empty file or
    ///   one over its kind's cap (``AttachmentKind/maximumFileSize``).
    ///
    /// Untyped `throws` on purpose: with typed throws, the common iOS idiom
    /// `catch { let code = (error as NSError).code }` would cast a concrete `UNError`, which crashes on Linux,
    /// where only an `any Error` bridges to `NSError`.
    public convenience init(identifier: String, url: URL, options: [AnyHashable: Any]? = nil) throws {
        let (type, path) = try AttachmentValidator.validate(url: url, options: options ?? [:])
        let identifier = identifier.isEmpty ? UUID().uuidString : identifier
        self.init(validatedIdentifier: identifier, url: url, path: path, type: type)
    }

    /// Returns the attachment itself: it is immutable.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    /// The identifier, URL and type, for logs.
    open override var description: String {
        "<UNNotificationAttachment identifier: \(identifier), url: \(url.absoluteString), type: \(type)>"
    }
}
