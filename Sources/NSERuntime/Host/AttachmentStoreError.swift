/// Why a file could not be put into the ``AttachmentStore``; each case names the paths involved.
public enum AttachmentStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store's directory could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The attachment's file is gone or is not a regular file.
    case notARegularFile(path: String)
    /// Moving the file into the store failed (iOS: `attachmentMoveIntoDataStoreFailed`).
    case moveFailed(from: String, to: String, reason: String)
    /// A stored file could not be removed after the run counted it.
    case removeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the attachment store \(path): \(reason)"
        case .notARegularFile(let path):
            "the attachment file \(path) is missing or not a regular file"
        case .moveFailed(let from, let to, let reason):
            "could not move the attachment \(from) into the store as \(to): \(reason)"
        case .removeFailed(let path, let reason):
            "could not remove the stored attachment \(path): \(reason)"
        }
    }
}
