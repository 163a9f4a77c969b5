public import Foundation

/// The error domain of every ``UNError``, as on Apple platforms.
public let UNErrorDomain: String = "UNErrorDomain"

/// An error from the UserNotifications framework, shaped like the struct Swift imports for Apple's
/// `NS_ERROR_ENUM(UNErrorDomain)`, so that iOS code catches it unchanged:
///
/// ```swift
/// do {
///     let attachment = try UNNotificationAttachment(identifier: "image", url: fileURL)
/// } catch UNError.attachmentUnrecognizedType {
///     // rename the download with the right extension and try again
/// } catch let error as UNError where error.code == .attachmentInvalidFileSize {
///     // too big for its kind
/// }
/// ```
///
/// The value wraps an `NSError` (domain ``UNErrorDomain``), as Apple's does; nse-bench fills its
/// `userInfo` with a description that names the offending file and the reason (`NSLocalizedDescriptionKey`)
/// and, for attachment errors, the URL (`NSURLErrorKey`) and its path (`NSFilePathErrorKey`).
///
/// On Linux, `error as NSError` on an `any Error` works, but a lone `catch let error as NSError` clause crashes
/// for this and every other Swift error: the compiler treats the cast as always succeeding, as on Darwin, and
/// the Linux runtime cannot bridge. Extensions that use that spelling need `catch { let error = error as NSError }`.
public struct UNError: CustomNSError, Hashable {
    /// The error codes, with Apple's raw values.
    public enum Code: Int, Sendable, Hashable {
        case notificationsNotAllowed = 1
        case attachmentInvalidURL = 100
        case attachmentUnrecognizedType = 101
        case attachmentInvalidFileSize = 102
        case attachmentNotInDataStore = 103
        case attachmentMoveIntoDataStoreFailed = 104
        case attachmentCorrupt = 105
        case notificationInvalidNoDate = 1400
        case notificationInvalidNoContent = 1401
        case contentProvidingObjectNotAllowed = 1500
        case contentProvidingInvalid = 1501
        case badgeInputInvalid = 1600
    }

    /// The underlying error object, domain ``UNErrorDomain``.
    public let _nsError: NSError

    /// Wraps an `NSError`; its domain should be ``UNErrorDomain``.
    public init(_nsError: NSError) {
        self._nsError = _nsError
    }

    /// An error with the given code and user info.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self._nsError = NSError(domain: UNErrorDomain, code: code.rawValue, userInfo: userInfo)
    }

    /// The error code; ``Code/notificationsNotAllowed`` if the wrapped error's code is not one of Apple's.
    public var code: Code {
        Code(rawValue: _nsError.code) ?? .notificationsNotAllowed
    }

    /// ``UNErrorDomain``.
    public static var errorDomain: String { UNErrorDomain }

    /// The raw value of ``code``.
    public var errorCode: Int { _nsError.code }

    /// The user info of the wrapped `NSError`.
    public var errorUserInfo: [String: Any] { _nsError.userInfo }

    public static func == (lhs: UNError, rhs: UNError) -> Bool {
        lhs._nsError.isEqual(rhs._nsError)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(_nsError.code)
    }
}

extension UNError.Code {
    /// Lets a code stand as a pattern for an error: `catch UNError.attachmentInvalidURL { … }`, as the
    /// `_ErrorCodeProtocol` conformance of Apple's imported error codes does.
    public static func ~= (match: UNError.Code, error: any Error) -> Bool {
        guard let error = error as? UNError else { return false }
        return error.code == match
    }
}

// Apple's imported error struct repeats every code as a static member, which is what makes
// `catch UNError.attachmentInvalidURL` spell the same as on iOS.
extension UNError {
    /// Notifications are not allowed for the app.
    public static var notificationsNotAllowed: Code { .notificationsNotAllowed }
    /// The attachment's URL is not a file URL, or no file is there.
    public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
    /// The attachment's type is not one the system can show.
    public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
    /// The attachment's file is too big for its kind (or empty).
    public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
    /// The attachment is not in the system's attachment data store.
    public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
    /// Moving the attachment into the data store failed.
    public static var attachmentMoveIntoDataStoreFailed: Code { .attachmentMoveIntoDataStoreFailed }
    /// The attachment's file is corrupt.
    public static var attachmentCorrupt: Code { .attachmentCorrupt }
    /// A calendar trigger has no date.
    public static var notificationInvalidNoDate: Code { .notificationInvalidNoDate }
    /// A notification request has no content.
    public static var notificationInvalidNoContent: Code { .notificationInvalidNoContent }
    /// A content-providing object is not allowed.
    public static var contentProvidingObjectNotAllowed: Code { .contentProvidingObjectNotAllowed }
    /// A content-providing object is invalid.
    public static var contentProvidingInvalid: Code { .contentProvidingInvalid }
    /// The badge count is invalid.
    public static var badgeInputInvalid: Code { .badgeInputInvalid }
}
