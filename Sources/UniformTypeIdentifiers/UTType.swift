// Apple's UniformTypeIdentifiers on Linux: `UTType` as extensions use it, to name an attachment's type
// from its file extension or MIME type (`UNNotificationAttachmentOptionsTypeHintKey`) and to pick a file
// extension for a download. A table of the types push media and payloads come in (``UTTypeTable``),
// not the system's whole database.
public import Foundation

/// A uniform type, as UniformTypeIdentifiers' `UTType`: an identifier (`public.jpeg`), the file
/// extensions and MIME types that name it, and the types it conforms to.
///
/// Types the table does not hold are dynamic, as on iOS: `UTType(filenameExtension: "xyz")` is a type
/// whose identifier starts with `dyn.` and that conforms to the type asked for (`.data` by default).
public struct UTType: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The identifier (`public.jpeg`).
    public let identifier: String
    /// Whether the type was made up for an extension or MIME type no declared type has.
    public let isDynamic: Bool
    private let dynamicTags: [UTTagClass: [String]]
    private let dynamicSupertype: String?

    private init(declared identifier: String) {
        self.identifier = identifier
        isDynamic = false
        dynamicTags = [:]
        dynamicSupertype = nil
    }

    private init(dynamic tag: String, of tagClass: UTTagClass, conformingTo supertype: UTType) {
        let encoded = Data("\(tagClass.rawValue)=\(tag)".utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        identifier = "dyn.a\(encoded.lowercased())"
        isDynamic = true
        dynamicTags = [tagClass: [tag]]
        dynamicSupertype = supertype.identifier
    }

    /// The declared type `identifier` (compared without case); nil for one the table does not hold.
    public init?(_ identifier: String) {
        guard let row = UTTypeTable.row(identifier: identifier) else { return nil }
        self.init(declared: row.identifier)
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
        let wanted = supertype ?? .item
        if let row = UTTypeTable.row(tag: tag, of: tagClass, conformingTo: wanted.identifier) {
            self.init(declared: row.identifier)
        } else {
            guard !tag.isEmpty else { return nil }
            self.init(dynamic: UTTypeTable.normalised(tag, tagClass), of: tagClass, conformingTo: wanted)
        }
    }

    /// A type the app imports: the declared one of that identifier, else a type of its own.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        _ = parentType
        self.init(declared: UTTypeTable.row(identifier: identifier)?.identifier ?? identifier)
    }

    /// A type the app exports.
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self.init(importedAs: identifier, conformingTo: parentType)
    }

    private var row: UTTypeTable.Row? { isDynamic ? nil : UTTypeTable.row(identifier: identifier) }

    /// The file extensions and MIME types that name the type.
    public var tags: [UTTagClass: [String]] {
        guard let row else { return dynamicTags }
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
        var next = isDynamic ? dynamicSupertype.map { [$0] } ?? [] : row?.parents ?? []
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

    /// Whether the type is declared (in the table), not dynamic.
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
    public static let zip = UTType(declared: "public.zip-archive")
    public static let url = UTType(declared: "public.url")
    public static let fileURL = UTType(declared: "public.file-url")
    public static let image = UTType(declared: "public.image")
    public static let jpeg = UTType(declared: "public.jpeg")
    public static let png = UTType(declared: "public.png")
    public static let gif = UTType(declared: "com.compuserve.gif")
    public static let heic = UTType(declared: "public.heic")
    public static let heif = UTType(declared: "public.heif")
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
    public static let wav = UTType(declared: "com.microsoft.waveform-audio")
    public static let aiff = UTType(declared: "public.aiff-audio")
}
