/// A parsed media URL: which synthetic file to serve and which `Content-Type` to send with it.
///
/// URL scheme:
/// - `/media/<size>.<ext>`, for example `/media/200KB.jpg`, `/media/8MB.gif`, `/media/1.5MB.mp4`;
///   the extension ignores case (`.JPG`).
/// - `/media/<size>?type=<type>` for a URL without an extension, for example `/media/1MB?type=png`.
///   With both, `type` decides the bytes (and the right `Content-Type`) and the extension is only
///   the URL's: `/media/1MB.jpg?type=png` serves PNG bytes under a `.jpg` name, to test sniffing.
/// - `content-type=right|wrong|missing` (default `right`): see ``MediaContentTypeMode``.
/// - Every other query parameter (network conditions such as `ttfb=2s`) is kept, in order and
///   untouched, in ``otherParameters`` for others to interpret.
///
/// Sizes follow ``MediaSize``'s grammar, from 0 up to ``SyntheticMediaFile/maximumSize``. A name is
/// first read whole as a size (`1.5MB`); only if that fails is the part after its last dot taken as
/// the extension. The type is resolved before the size, so a bad extension is a 404 even when the
/// size is bad too.
public struct MediaRequest: Sendable, Hashable {
    /// The type of the bytes.
    public var type: MediaType
    /// The size in bytes.
    public var size: Int
    /// Which `Content-Type` to send.
    public var contentTypeMode: MediaContentTypeMode
    /// The query parameters this parser did not consume, in order.
    public var otherParameters: [HTTPQueryItem]

    /// The path prefix of every media URL.
    public static let pathPrefix = "/media/"

    /// Creates a request from its parts.
    public init(
        type: MediaType, size: Int, contentTypeMode: MediaContentTypeMode = .right,
        otherParameters: [HTTPQueryItem] = []
    ) {
        self.type = type
        self.size = size
        self.contentTypeMode = contentTypeMode
        self.otherParameters = otherParameters
    }

    /// Parses a request head's path and query.
    public init(_ head: HTTPRequestHead) throws(MediaRequestError) {
        try self.init(path: head.path, query: head.query)
    }

    /// Parses a decoded path and query.
    public init(path: String, query: [HTTPQueryItem]) throws(MediaRequestError) {
        guard path.hasPrefix(Self.pathPrefix) else { throw .notFound(path: path) }
        let name = path.dropFirst(Self.pathPrefix.count)
        guard !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else { throw .notFound(path: path) }
        var typeValue: String?
        var modeValue: String?
        var others: [HTTPQueryItem] = []
        for item in query {
            switch item.name {
            case "type":
                guard typeValue == nil else { throw .duplicateParameter(item.name) }
                typeValue = item.value
            case "content-type":
                guard modeValue == nil else { throw .duplicateParameter(item.name) }
                modeValue = item.value
            default:
                others.append(item)
            }
        }
        let maximum = SyntheticMediaFile.maximumSize
        var sizeText = name
        var fileExtension: Substring?
        if (try? MediaSize.parse(name, maximum: maximum)) == nil, let dot = name.lastIndex(of: ".") {
            sizeText = name[..<dot]
            fileExtension = name[name.index(after: dot)...]
        }
        if let typeValue {
            guard let named = MediaType(name: typeValue) else { throw .unknownType(typeValue) }
            type = named
        } else if let fileExtension {
            guard let named = MediaType(fileExtension: fileExtension) else { throw .unknownType(String(fileExtension)) }
            type = named
        } else {
            throw .missingType(path: path)
        }
        do {
            size = try MediaSize.parse(sizeText, maximum: maximum)
        } catch {
            throw .invalidSize(error)
        }
        if let modeValue {
            guard let mode = MediaContentTypeMode(rawValue: modeValue.lowercased()) else {
                throw .invalidContentTypeMode(modeValue)
            }
            contentTypeMode = mode
        } else {
            contentTypeMode = .right
        }
        otherParameters = others
    }

    /// The `Content-Type` value to send, or `nil` for none.
    public var contentType: String? {
        contentTypeMode.contentType(for: type)
    }

    /// The file to serve (uncached; see ``SyntheticMediaCache``).
    public func makeFile() throws(SyntheticMediaError) -> SyntheticMediaFile {
        try SyntheticMediaFile(type: type, size: size)
    }
}
