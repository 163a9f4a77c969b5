/// The media types the server synthesises, with their file extensions and MIME types.
///
/// These are the attachment types an iOS notification service extension can attach: images
/// (JPEG, PNG, GIF), audio (MP3, M4A, WAV) and movies (MP4).
public enum MediaType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// JPEG/JFIF image.
    case jpeg
    /// PNG image.
    case png
    /// GIF89a image.
    case gif
    /// MPEG-4 movie.
    case mp4
    /// MPEG-1 Layer III audio with an ID3v2 tag.
    case mp3
    /// MPEG-4 audio.
    case m4a
    /// RIFF/WAVE PCM audio.
    case wav

    /// The attachment kind, which decides the size limit iOS applies.
    public enum Kind: String, Sendable, Hashable {
        /// JPEG, PNG, GIF (iOS limit 10 MB).
        case image
        /// MP3, M4A, WAV (iOS limit 5 MB).
        case audio
        /// MP4 (iOS limit 50 MB).
        case movie
    }

    /// The type for a file extension, ignoring case: `jpg`/`jpeg`, `png`, `gif`, `mp4`, `mp3`,
    /// `m4a`, `wav`; `nil` for any other.
    public init?(fileExtension: some StringProtocol) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "gif": self = .gif
        case "mp4": self = .mp4
        case "mp3": self = .mp3
        case "m4a": self = .m4a
        case "wav": self = .wav
        default: return nil
        }
    }

    /// The type a `?type=` value names, ignoring case: the case names and the extensions above.
    public init?(name: some StringProtocol) {
        self.init(fileExtension: name)
    }

    /// The canonical extension, without the dot: `jpg`, `png`, `gif`, `mp4`, `mp3`, `m4a`, `wav`.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        default: rawValue
        }
    }

    /// The correct `Content-Type`. M4A is `audio/mp4`, the registered type (RFC 4337), rather than
    /// Apple's unregistered `audio/x-m4a`.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .mp4: "video/mp4"
        case .mp3: "audio/mpeg"
        case .m4a: "audio/mp4"
        case .wav: "audio/wav"
        }
    }

    /// A plausible but wrong `Content-Type`, for `content-type=wrong`: another registered type of
    /// the same kind where one exists (JPEG→PNG, PNG→GIF, GIF→JPEG, MP3→WAV, M4A→MPEG, WAV→MPEG),
    /// and `video/quicktime` for MP4. An SDK that trusts the header over the bytes picks the wrong
    /// extension; one that sniffs magic bytes does not.
    public var mismatchedMimeType: String {
        switch self {
        case .jpeg: "image/png"
        case .png: "image/gif"
        case .gif: "image/jpeg"
        case .mp4: "video/quicktime"
        case .mp3: "audio/wav"
        case .m4a: "audio/mpeg"
        case .wav: "audio/mpeg"
        }
    }

    /// Image, audio or movie.
    public var kind: Kind {
        switch self {
        case .jpeg, .png, .gif: .image
        case .mp3, .m4a, .wav: .audio
        case .mp4: .movie
        }
    }

    /// The case name, for example `jpeg`.
    public var description: String { rawValue }
}
