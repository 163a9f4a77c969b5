/// The three kinds of attachment iOS accepts, with their types and size caps.
///
/// nse-bench specific: Apple has no such type. The host uses it to classify a downloaded file and to
/// report attachments that iOS would refuse; ``UNNotificationAttachment`` validates with the same table.
///
/// | kind | types (UTI: file extensions) | cap |
/// |---|---|---|
/// | audio | `public.aiff-audio`: aif, aiff; `public.aifc-audio`: aifc; `com.microsoft.waveform-audio`: wav, wave; `public.mp3`: mp3; `com.apple.m4a-audio`: m4a; `public.aac-audio`: aac; `public.mpeg-4-audio` (hint only) | 5 MB |
/// | image | `public.jpeg`: jpg, jpeg, jpe; `com.compuserve.gif`: gif; `public.png`: png | 10 MB |
/// | movie | `public.mpeg`: mpg, mpeg, mpe; `public.mpeg-2-video`: m2v; `public.mpeg-4`: mp4; `com.apple.m4v-video`: m4v; `public.avi`: avi | 50 MB |
///
/// A megabyte here is 1,000,000 bytes (see ``megabyte``).
public enum AttachmentKind: String, Sendable, Hashable, CaseIterable {
    case audio
    case image
    case movie

    /// The bytes in one of Apple's documented megabytes, as nse-bench reads them: 1,000,000.
    ///
    /// Apple documents the caps as "5 MB", "10 MB" and "50 MB" without saying which megabyte. Apple's
    /// platforms count file sizes in decimal units (Finder, `ByteCountFormatter`'s `.file` style), and
    /// the decimal reading is the stricter one: a file that passes here also passes if iOS means
    /// 1,048,576-byte megabytes, so the harness never reports an attachment as fine that a device
    /// could refuse. The cost is a false alarm for files between the two readings (5,000,001 to
    /// 5,242,880 bytes for audio), which vendors' advice (images of about 500 KB) keeps far away.
    public static let megabyte = 1_000_000

    /// The largest file iOS accepts for this kind, in bytes.
    public var maximumFileSize: Int {
        switch self {
        case .audio: 5 * Self.megabyte
        case .image: 10 * Self.megabyte
        case .movie: 50 * Self.megabyte
        }
    }

    /// The kind of a type identifier (UTI) such as `"public.jpeg"`, compared without regard to case;
    /// `nil` for a type iOS does not show as an attachment.
    public init?(type: String) {
        guard let kind = Self.kindsByType[type.lowercased()] else { return nil }
        self = kind
    }

    /// The type identifiers (UTIs) of this kind.
    public var types: [String] {
        Self.typeTable.filter { $0.kind == self }.map(\.type)
    }

    /// The type identifier (UTI) that a file extension (without the dot, any case) stands for, such as
    /// `"public.jpeg"` for `"JPG"`; `nil` for an extension iOS does not recognise as an attachment.
    public static func type(forFileExtension fileExtension: String) -> String? {
        typesByExtension[fileExtension.lowercased()]
    }

    /// One row per type: its UTI, its kind and the file extensions that map to it.
    private static let typeTable: [(type: String, kind: AttachmentKind, extensions: [String])] = [
        ("public.aiff-audio", .audio, ["aif", "aiff"]),
        ("public.aifc-audio", .audio, ["aifc"]),
        ("com.microsoft.waveform-audio", .audio, ["wav", "wave"]),
        ("public.mp3", .audio, ["mp3"]),
        ("com.apple.m4a-audio", .audio, ["m4a"]),
        ("public.aac-audio", .audio, ["aac"]),
        ("public.mpeg-4-audio", .audio, []),
        ("public.jpeg", .image, ["jpg", "jpeg", "jpe"]),
        ("com.compuserve.gif", .image, ["gif"]),
        ("public.png", .image, ["png"]),
        ("public.mpeg", .movie, ["mpg", "mpeg", "mpe"]),
        ("public.mpeg-2-video", .movie, ["m2v"]),
        ("public.mpeg-4", .movie, ["mp4"]),
        ("com.apple.m4v-video", .movie, ["m4v"]),
        ("public.avi", .movie, ["avi"]),
    ]

    private static let kindsByType: [String: AttachmentKind] = Dictionary(
        uniqueKeysWithValues: typeTable.map { ($0.type, $0.kind) }
    )

    private static let typesByExtension: [String: String] = Dictionary(
        uniqueKeysWithValues: typeTable.flatMap { row in row.extensions.map { ($0, row.type) } }
    )
}
