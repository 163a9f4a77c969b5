/// Which `Content-Type` a media response carries (`content-type=right|wrong|missing`).
public enum MediaContentTypeMode: String, Sendable, Hashable, CaseIterable {
    /// The type's MIME type (``MediaType/mimeType``); the default.
    case right
    /// A plausible but mismatched one (``MediaType/mismatchedMimeType``).
    case wrong
    /// No `Content-Type` field at all.
    case missing

    /// The `Content-Type` value to send for `type`, or `nil` for none.
    public func contentType(for type: MediaType) -> String? {
        switch self {
        case .right: type.mimeType
        case .wrong: type.mismatchedMimeType
        case .missing: nil
        }
    }
}
