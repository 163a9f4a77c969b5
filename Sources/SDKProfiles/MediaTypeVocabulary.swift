import UserNotifications

/// The words a push SDK takes for the media's type in the key beside its URL (``SDKProfile/mediaTypeHint``),
/// which a run writes for the media's file extension.
public enum MediaTypeVocabulary: String, Sendable, Hashable, Codable {
    /// The type identifier iOS takes for the extension (`public.jpeg`), as Batch's `t`.
    case uniformType
    /// The kind, as CleverTap's `ct_mediaType`: `image`, `gif` for a GIF, `video`, `audio`; `image` for an
    /// extension iOS takes no attachment of, or none (CleverTap's dashboard names the kind whatever the URL).
    case mediaKind

    /// The word for a file extension (without the dot, any case); nil for one iOS does not take as an
    /// attachment, but for ``mediaKind``.
    public func word(forFileExtension fileExtension: String) -> String? {
        guard let type = AttachmentKind.type(forFileExtension: fileExtension) else {
            return self == .mediaKind ? "image" : nil
        }
        switch self {
        case .uniformType: return type
        case .mediaKind:
            if type == "com.compuserve.gif" { return "gif" }
            switch AttachmentKind(type: type) {
            case .image: return "image"
            case .movie: return "video"
            case .audio: return "audio"
            case nil: return nil
            }
        }
    }
}
