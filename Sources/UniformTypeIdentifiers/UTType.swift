// Apple's UniformTypeIdentifiers on Linux: `UTType` as extensions use it, to name an attachment's type
// from its file extension or MIME type (`UNNotificationAttachmentOptionsTypeHintKey`) and to pick a file
// extension for a download. A table of the types push media and payloads come in (``UTTypeTable``),
// not the system's whole database.
@_exported public import Foundation

/// A uniform type, as UniformTypeIdentifiers' `UTType`: an identifier (`public.jpeg`), the file
/// extensions and MIME types that name it, and the types it conforms to.
///
/// Types the table does not hold are dynamic, as on iOS: `UTType(filenameExtension: "xyz")` is a type
/// whose identifier starts with `dyn.` and that conforms to the type asked for (`.data` by default). The
/// identifier encodes the tag, its class and that type (not as Apple encodes them: no code should read
/// one), so `UTType(identifier)` gives the same type back.
public struct UTType: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The identifier (`public.jpeg`).
    public let identifier: String
    /// Whether the type was made up for an extension or MIME type no declared type has.
    public let isDynamic: Bool
    private let ownTags: [UTTagClass: [String]]
    /// The type it conforms to when the table does not say: a dynamic or imported type's.
    private let ownSupertype: String?

    private init(declared identifier: String) {
        self.identifier = identifier
        isDynamic = false
        ownTags = [:]
        ownSupertype = nil
    }

    private init(dynamic tag: String, of tagClass: UTTagClass, conformingTo supertype: String) {
        let fields = [tagClass.rawValue, tag, supertype].joined(separator: "\u{0}")
        identifier =
            Self.dynamicPrefix
            + fields.utf8.map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        isDynamic = true
        ownTags = [tagClass: [tag]]
        ownSupertype = supertype
    }

    private init(imported identifier: String, conformingTo supertype: String?) {
        self.identifier = identifier
        isDynamic = false
        ownTags = [:]
        ownSupertype = supertype
    }

    /// How this module's dynamic identifiers begin.
    private static let dynamicPrefix = "dyn.a"

    /// The declared type `identifier` (compared without case), or the dynamic type a `dyn.` identifier of
    /// this module's names; nil for another.
    public init?(_ identifier: String) {
        if let row = UTTypeTable.row(identifier: identifier) {
            self.init(declared: row.identifier)
            return
        }
        guard identifier.hasPrefix(Self.dynamicPrefix) else { return nil }
        let hex = Array(identifier.dropFirst(Self.dynamicPrefix.count).utf8)
        guard hex.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\u{0}", omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        self.init(
            dynamic: String(fields[1]), of: UTTagClass(rawValue: String(fields[0])), conformingTo: String(fields[2]))
    }

    /// The type a file extension (without the dot, any case) names, conforming to `supertype`; a dynamic
    /// type when no declared one does.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        self.init(tag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
    }

    /// The type a MIME type (any case, parameters ignored) names, conforming to `supertype`; a dynamic
    /// type when no declared one does.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        self.init(tag: mimeType, tagClass: .mimeType, conformingTo: supertype)
    }

    /// The type `tag` of `tagClass` names, conforming to `supertype` (any type when nil); a dynamic type
    /// when no declared one does.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        guard let type = Self.types(tag: tag, tagClass: tagClass, conformingTo: supertype).first else { return nil }
        self = type
    }

    /// Every type `tag` of `tagClass` names, conforming to `supertype` (any type when nil): the declared
    /// ones, else one dynamic type; none for an empty tag.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        guard !tag.isEmpty else { return [] }
        let wanted = supertype ?? .item
        let declared = UTTypeTable.rows(tag: tag, of: tagClass).map { UTType(declared: $0.identifier) }
            .filter { $0.conforms(to: wanted) }
        if !declared.isEmpty { return declared }
        return [UTType(dynamic: UTTypeTable.normalised(tag, tagClass), of: tagClass, conformingTo: wanted.identifier)]
    }

    /// A type the app imports: the declared one of that identifier, else one of its own conforming to
    /// `parentType`.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        if let row = UTTypeTable.row(identifier: identifier) {
            self.init(declared: row.identifier)
        } else {
            self.init(imported: identifier, conformingTo: parentType?.identifier)
        }
    }

    /// A type the app exports.
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(importedAs: identifier, conformingTo: parentType)
    }

    /// The URL of a reference page for the type: none here.
    public var referenceURL: URL? { nil }

    /// The type's version: none here.
    public var version: Int? { nil }

    private var row: UTTypeTable.Row? { isDynamic ? nil : UTTypeTable.row(identifier: identifier) }

    /// The file extensions and MIME types that name the type.
    public var tags: [UTTagClass: [String]] {
        guard let row else { return ownTags }
        var tags: [UTTagClass: [String]] = [:]
        if !row.extensions.isEmpty { tags[.filenameExtension] = row.extensions }
        if !row.mimeTypes.isEmpty { tags[.mimeType] = row.mimeTypes }
        return tags
    }

    /// The file extension files of the type get (`jpeg`); nil for an abstract type.
    public var preferredFilenameExtension: String? { tags[.filenameExtension]?.first }

    /// The MIME type of the type (`image/jpeg`); nil when it has none.
    public var preferredMIMEType: String? { tags[.mimeType]?.first }

    /// The types it conforms to directly and through them.
    public var supertypes: Set<UTType> {
        var found: Set<UTType> = []
        var next = row?.parents ?? ownSupertype.map { [$0] } ?? []
        // An app's own supertype the table does not hold is one too, with nothing above it here.
        if let ownSupertype, row == nil, UTTypeTable.row(identifier: ownSupertype) == nil {
            found.insert(UTType(importedAs: ownSupertype))
        }
        while let identifier = next.popLast() {
            guard let parent = UTTypeTable.row(identifier: identifier) else { continue }
            if found.insert(UTType(declared: parent.identifier)).inserted { next += parent.parents }
        }
        return found
    }

    /// Whether the type is `type` or conforms to it.
    public func conforms(to type: UTType) -> Bool { self == type || supertypes.contains(type) }

    /// Whether the type conforms to `type` and is not it.
    public func isSubtype(of type: UTType) -> Bool { self != type && conforms(to: type) }

    /// Whether `type` conforms to this type and is not it.
    public func isSupertype(of type: UTType) -> Bool { type.isSubtype(of: self) }

    /// Whether the type is declared (in the table, or imported or exported by the app), not dynamic.
    public var isDeclared: Bool { !isDynamic }

    /// Whether the type is one of the system's `public.` types.
    public var isPublic: Bool { identifier.hasPrefix("public.") }

    /// A name for people.
    public var localizedDescription: String? { row?.description }

    public var description: String { identifier }
    public var debugDescription: String { "<UTType \(identifier)>" }
}

/// What kind of tag names a type, as `UTTagClass`.
public struct UTTagClass: RawRepresentable, Hashable, Sendable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A file extension (`jpg`).
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
    /// A MIME type (`image/jpeg`).
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")
}

extension UTType {
    public static let item = UTType(declared: "public.item")
    public static let content = UTType(declared: "public.content")
    public static let data = UTType(declared: "public.data")
    public static let text = UTType(declared: "public.text")
    public static let plainText = UTType(declared: "public.plain-text")
    public static let utf8PlainText = UTType(declared: "public.utf8-plain-text")
    public static let html = UTType(declared: "public.html")
    public static let xml = UTType(declared: "public.xml")
    public static let json = UTType(declared: "public.json")
    public static let propertyList = UTType(declared: "com.apple.property-list")
    public static let pdf = UTType(declared: "com.adobe.pdf")
    public static let archive = UTType(declared: "public.archive")
    public static let zip = UTType(declared: "public.zip-archive")
    public static let gzip = UTType(declared: "org.gnu.gnu-zip-archive")
    public static let commaSeparatedText = UTType(declared: "public.comma-separated-values-text")
    public static let rtf = UTType(declared: "public.rtf")
    public static let url = UTType(declared: "public.url")
    public static let fileURL = UTType(declared: "public.file-url")
    public static let image = UTType(declared: "public.image")
    public static let jpeg = UTType(declared: "public.jpeg")
    public static let png = UTType(declared: "public.png")
    public static let gif = UTType(declared: "com.compuserve.gif")
    public static let heic = UTType(declared: "public.heic")
    public static let heif = UTType(declared: "public.heif")
    public static let rawImage = UTType(declared: "public.camera-raw-image")
    public static let ico = UTType(declared: "com.microsoft.ico")
    public static let livePhoto = UTType(declared: "com.apple.live-photo")
    public static let webP = UTType(declared: "org.webmproject.webp")
    public static let tiff = UTType(declared: "public.tiff")
    public static let bmp = UTType(declared: "com.microsoft.bmp")
    public static let svg = UTType(declared: "public.svg-image")
    public static let audiovisualContent = UTType(declared: "public.audiovisual-content")
    public static let movie = UTType(declared: "public.movie")
    public static let video = UTType(declared: "public.video")
    public static let audio = UTType(declared: "public.audio")
    public static let quickTimeMovie = UTType(declared: "com.apple.quicktime-movie")
    public static let mpeg = UTType(declared: "public.mpeg")
    public static let mpeg2Video = UTType(declared: "public.mpeg-2-video")
    public static let mpeg4Movie = UTType(declared: "public.mpeg-4")
    public static let appleProtectedMPEG4Video = UTType(declared: "com.apple.protected-mpeg-4-video")
    public static let avi = UTType(declared: "public.avi")
    public static let mp3 = UTType(declared: "public.mp3")
    public static let mpeg4Audio = UTType(declared: "public.mpeg-4-audio")
    public static let appleProtectedMPEG4Audio = UTType(declared: "com.apple.protected-mpeg-4-audio")
    public static let midi = UTType(declared: "public.midi-audio")
    public static let mpeg2TransportStream = UTType(declared: "public.mpeg-2-transport-stream")
    public static let wav = UTType(declared: "com.microsoft.waveform-audio")
    public static let aiff = UTType(declared: "public.aiff-audio")
}

extension URL {
    /// The URL with the preferred file extension of `contentType` added (`file` → `file.jpeg`).
    public func appendingPathExtension(for contentType: UTType) -> URL {
        guard let pathExtension = contentType.preferredFilenameExtension else { return self }
        return appendingPathExtension(pathExtension)
    }

    /// The URL with `partialName` added, given `contentType`'s preferred extension unless it has one.
    public func appendingPathComponent(_ partialName: String, conformingTo contentType: UTType) -> URL {
        let added = appendingPathComponent(partialName)
        guard added.pathExtension.isEmpty else { return added }
        return added.appendingPathExtension(for: contentType)
    }
}
