/// The declared types ``UTType`` knows: identifier, the types it conforms to, file extensions and MIME
/// types (each first one preferred), as iOS declares them. Push media's types (the image, movie and audio
/// types iOS attaches) and what payloads and side calls carry (text, JSON, property lists, archives).
enum UTTypeTable {
    struct Row: Sendable {
        let identifier: String
        let parents: [String]
        let extensions: [String]
        let mimeTypes: [String]
        let description: String
    }

    static let rows: [Row] = [
        Row(identifier: "public.item", parents: [], extensions: [], mimeTypes: [], description: "item"),
        Row(identifier: "public.content", parents: [], extensions: [], mimeTypes: [], description: "content"),
        Row(identifier: "public.data", parents: ["public.item"], extensions: [], mimeTypes: [], description: "data"),
        Row(
            identifier: "public.text", parents: ["public.data", "public.content"], extensions: [],
            mimeTypes: [], description: "text"),
        Row(
            identifier: "public.plain-text", parents: ["public.text"], extensions: ["txt", "text"],
            mimeTypes: ["text/plain"], description: "plain text"),
        Row(
            identifier: "public.utf8-plain-text", parents: ["public.plain-text"], extensions: [], mimeTypes: [],
            description: "Unicode text, UTF-8"),
        Row(
            identifier: "public.html", parents: ["public.text"], extensions: ["html", "htm"], mimeTypes: ["text/html"],
            description: "HTML text"),
        Row(
            identifier: "public.xml", parents: ["public.text"], extensions: ["xml"],
            mimeTypes: ["application/xml", "text/xml"], description: "XML text"),
        Row(
            identifier: "public.json", parents: ["public.text"], extensions: ["json"], mimeTypes: ["application/json"],
            description: "JSON"),
        Row(
            identifier: "com.apple.property-list", parents: ["public.data"], extensions: ["plist"], mimeTypes: [],
            description: "property list"),
        Row(
            identifier: "com.adobe.pdf", parents: ["public.data", "public.content"], extensions: ["pdf"],
            mimeTypes: ["application/pdf"], description: "PDF document"),
        Row(
            identifier: "public.archive", parents: ["public.data"], extensions: [], mimeTypes: [],
            description: "archive"),
        Row(
            identifier: "public.zip-archive", parents: ["public.archive"], extensions: ["zip"],
            mimeTypes: ["application/zip"], description: "ZIP archive"),
        Row(
            identifier: "org.gnu.gnu-zip-archive", parents: ["public.archive"], extensions: ["gz", "gzip"],
            mimeTypes: ["application/gzip", "application/x-gzip"], description: "gzip archive"),
        Row(
            identifier: "public.comma-separated-values-text", parents: ["public.text"], extensions: ["csv"],
            mimeTypes: ["text/csv", "text/comma-separated-values"], description: "CSV text"),
        Row(
            identifier: "public.rtf", parents: ["public.text"], extensions: ["rtf"], mimeTypes: ["text/rtf"],
            description: "rich text"),
        Row(identifier: "public.url", parents: ["public.data"], extensions: [], mimeTypes: [], description: "URL"),
        Row(
            identifier: "public.file-url", parents: ["public.url"], extensions: [], mimeTypes: [],
            description: "file URL"),
        Row(
            identifier: "public.image", parents: ["public.data", "public.content"], extensions: [],
            mimeTypes: [], description: "image"),
        Row(
            identifier: "public.jpeg", parents: ["public.image"], extensions: ["jpeg", "jpg", "jpe"],
            mimeTypes: ["image/jpeg", "image/jpg"], description: "JPEG image"),
        Row(
            identifier: "public.png", parents: ["public.image"], extensions: ["png"], mimeTypes: ["image/png"],
            description: "PNG image"),
        Row(
            identifier: "com.compuserve.gif", parents: ["public.image"], extensions: ["gif"], mimeTypes: ["image/gif"],
            description: "GIF image"),
        Row(
            identifier: "public.heif-standard", parents: ["public.image"], extensions: [], mimeTypes: [],
            description: "HEIF-standard image"),
        Row(
            identifier: "public.heif", parents: ["public.heif-standard"], extensions: ["heif", "heifs"],
            mimeTypes: ["image/heif"], description: "HEIF image"),
        Row(
            identifier: "public.heic", parents: ["public.heif-standard"], extensions: ["heic", "heics"],
            mimeTypes: ["image/heic"], description: "HEIC image"),
        Row(
            identifier: "public.camera-raw-image", parents: ["public.image"], extensions: [], mimeTypes: [],
            description: "raw image"),
        Row(
            identifier: "com.microsoft.ico", parents: ["public.image"], extensions: ["ico"],
            mimeTypes: ["image/vnd.microsoft.icon", "image/x-icon"], description: "Windows icon image"),
        Row(
            identifier: "public.jpeg-2000", parents: ["public.image"], extensions: ["jp2"], mimeTypes: ["image/jp2"],
            description: "JPEG 2000 image"),
        Row(
            identifier: "com.apple.live-photo", parents: [], extensions: [], mimeTypes: [], description: "Live Photo"),
        Row(
            identifier: "org.webmproject.webp", parents: ["public.image"], extensions: ["webp"],
            mimeTypes: ["image/webp"], description: "WebP image"),
        Row(
            identifier: "public.tiff", parents: ["public.image"], extensions: ["tiff", "tif"],
            mimeTypes: ["image/tiff"], description: "TIFF image"),
        Row(
            identifier: "com.microsoft.bmp", parents: ["public.image"], extensions: ["bmp"], mimeTypes: ["image/bmp"],
            description: "Windows bitmap image"),
        Row(
            identifier: "public.svg-image", parents: ["public.image"], extensions: ["svg"],
            mimeTypes: ["image/svg+xml"], description: "SVG image"),
        Row(
            identifier: "public.audiovisual-content", parents: ["public.data", "public.content"], extensions: [],
            mimeTypes: [], description: "audiovisual content"),
        Row(
            identifier: "public.movie", parents: ["public.audiovisual-content"], extensions: [], mimeTypes: [],
            description: "movie"),
        Row(
            identifier: "public.video", parents: ["public.movie"], extensions: [], mimeTypes: [], description: "video"),
        Row(
            identifier: "public.audio", parents: ["public.audiovisual-content"], extensions: [],
            mimeTypes: [], description: "audio"),
        Row(
            identifier: "com.apple.quicktime-movie", parents: ["public.movie"], extensions: ["mov", "qt"],
            mimeTypes: ["video/quicktime"], description: "QuickTime movie"),
        Row(
            identifier: "public.mpeg", parents: ["public.movie"], extensions: ["mpg", "mpeg", "mpe"],
            mimeTypes: ["video/mpeg"], description: "MPEG movie"),
        Row(
            identifier: "public.mpeg-2-video", parents: ["public.video"], extensions: ["m2v"],
            mimeTypes: ["video/mpeg2"], description: "MPEG-2 video"),
        Row(
            identifier: "public.mpeg-4", parents: ["public.movie"], extensions: ["mp4", "mpeg4"],
            mimeTypes: ["video/mp4", "video/mp4v"], description: "MPEG-4 movie"),
        Row(
            identifier: "com.apple.m4v-video", parents: ["public.video"], extensions: ["m4v"],
            mimeTypes: ["video/x-m4v"], description: "MPEG-4 video"),
        Row(
            identifier: "com.apple.protected-mpeg-4-video", parents: ["com.apple.m4v-video"], extensions: [],
            mimeTypes: [], description: "protected MPEG-4 video"),
        Row(
            identifier: "public.avi", parents: ["public.movie"], extensions: ["avi"],
            mimeTypes: ["video/avi", "video/msvideo", "video/x-msvideo"], description: "AVI movie"),
        Row(
            identifier: "public.mp3", parents: ["public.audio"], extensions: ["mp3"],
            mimeTypes: ["audio/mpeg", "audio/mp3"], description: "MP3 audio"),
        Row(
            identifier: "public.mpeg-2-transport-stream", parents: ["public.movie"], extensions: ["ts", "m2ts"],
            mimeTypes: ["video/mp2t"], description: "MPEG-2 transport stream"),
        Row(
            identifier: "public.mpeg-4-audio", parents: ["public.mpeg-4", "public.audio"], extensions: [],
            mimeTypes: ["audio/mp4"], description: "MPEG-4 audio"),
        Row(
            identifier: "com.apple.m4a-audio", parents: ["public.mpeg-4-audio"], extensions: ["m4a"],
            mimeTypes: ["audio/x-m4a"], description: "Apple MPEG-4 audio"),
        Row(
            identifier: "com.apple.protected-mpeg-4-audio", parents: ["public.audio"], extensions: ["m4p"],
            mimeTypes: [], description: "protected MPEG-4 audio"),
        Row(
            identifier: "public.midi-audio", parents: ["public.audio"], extensions: ["mid", "midi"],
            mimeTypes: ["audio/midi", "audio/x-midi"], description: "MIDI audio"),
        Row(
            identifier: "public.aac-audio", parents: ["public.audio"], extensions: ["aac"],
            mimeTypes: ["audio/aac", "audio/x-aac"], description: "AAC audio"),
        Row(
            identifier: "com.microsoft.waveform-audio", parents: ["public.audio"], extensions: ["wav", "wave"],
            mimeTypes: ["audio/vnd.wave", "audio/wav", "audio/wave", "audio/x-wav"], description: "Waveform audio"),
        Row(
            identifier: "public.aiff-audio", parents: ["public.aifc-audio"], extensions: ["aiff", "aif"],
            mimeTypes: ["audio/aiff", "audio/x-aiff"], description: "AIFF audio"),
        Row(
            identifier: "public.aifc-audio", parents: ["public.audio"], extensions: ["aifc"],
            mimeTypes: ["audio/x-aifc"], description: "AIFF-C audio"),
    ]

    private static let byIdentifier: [String: Row] = Dictionary(
        uniqueKeysWithValues: rows.map { ($0.identifier.lowercased(), $0) })

    /// The row of `identifier`, in any case.
    static func row(identifier: String) -> Row? { byIdentifier[identifier.lowercased()] }

    /// The rows `tag` of `tagClass` names, in the table's order (file extensions and MIME types compared
    /// without case, a MIME type's parameters left out).
    static func rows(tag: String, of tagClass: UTTagClass) -> [Row] {
        let wanted = normalised(tag, tagClass)
        return rows.filter { row in
            let tags = tagClass == .mimeType ? row.mimeTypes : tagClass == .filenameExtension ? row.extensions : []
            return tags.contains(wanted)
        }
    }

    /// `tag` as the table holds tags of `tagClass`: lowercased, and a MIME type without its parameters.
    static func normalised(_ tag: String, _ tagClass: UTTagClass) -> String {
        switch tagClass {
        case .mimeType:
            tag.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        default: tag.lowercased()
        }
    }
}
