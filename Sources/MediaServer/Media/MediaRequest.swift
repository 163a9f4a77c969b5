import NSEBenchCore

/// A parsed media URL: which synthetic file to serve and which `Content-Type` to send with it.
///
/// URL scheme:
/// - `/media/<size>.<ext>`, for example `/media/200KB.jpg`, `/media/8MB.gif`, `/media/1.5MB.mp4`;
///   the extension ignores case (`.JPG`).
/// - `/media/<size>?type=<type>` for a URL without an extension, for example `/media/1MB?type=png`.
///   With both, `type` decides the bytes (and the right `Content-Type`) and the extension is only
///   the URL's: `/media/1MB.jpg?type=png` serves PNG bytes under a `.jpg` name, to test sniffing.
/// - `content-type=right|wrong|missing` (default `right`): see ``MediaContentTypeMode``.
/// - `dims=WxH` (JPEG, PNG, GIF, MP4; 1 to 4096 a side) and `duration=10s` (MP4, M4A; 1 ms to
///   1 h): the file's ``MediaShape``. Without them a file is 1200×800 and 10 s, or the largest
///   halving of that which fits its size; with them the shape is exact, and a size too small for it
///   is truncated.
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
    /// The dimensions and duration asked for, or nil for the default.
    public var shape: MediaShape?
    /// The query parameters this parser did not consume, in order.
    public var otherParameters: [HTTPQueryItem]

    /// The path prefix of every media URL.
    public static let pathPrefix = "/media/"

    /// Creates a request from its parts.
    public init(
        type: MediaType, size: Int, contentTypeMode: MediaContentTypeMode = .right, shape: MediaShape? = nil,
        otherParameters: [HTTPQueryItem] = []
    ) {
        self.type = type
        self.size = size
        self.contentTypeMode = contentTypeMode
        self.shape = shape
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
        var dimsValue: String?
        var durationValue: String?
        var others: [HTTPQueryItem] = []
        for item in query {
            switch item.name {
            case "type":
                guard typeValue == nil else { throw .duplicateParameter(item.name) }
                typeValue = item.value
            case "content-type":
                guard modeValue == nil else { throw .duplicateParameter(item.name) }
                modeValue = item.value
            case "dims":
                guard dimsValue == nil else { throw .duplicateParameter(item.name) }
                dimsValue = item.value
            case "duration":
                guard durationValue == nil else { throw .duplicateParameter(item.name) }
                durationValue = item.value
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
        shape = try Self.shape(type: type, dims: dimsValue, duration: durationValue)
        otherParameters = others
    }

    private static func shape(type: MediaType, dims: String?, duration: String?) throws(MediaRequestError)
        -> MediaShape?
    {
        guard dims != nil || duration != nil else { return nil }
        var shape = MediaShape.standard
        if let dims {
            guard [.jpeg, .png, .gif, .mp4].contains(type) else { throw .shapeNotApplicable("dims", type) }
            guard let (width, height) = MediaShape.dimensions(parsing: dims) else { throw .invalidDimensions(dims) }
            shape.width = width
            shape.height = height
        }
        if let duration {
            guard [.mp4, .m4a].contains(type) else { throw .shapeNotApplicable("duration", type) }
            let nanoseconds: Int64
            do {
                nanoseconds = try DurationValue(parsing: duration).nanoseconds
            } catch {
                throw .invalidDuration(duration)
            }
            let milliseconds = nanoseconds / 1_000_000
            guard (1...Int64(MediaShape.maximumDurationMilliseconds)).contains(milliseconds) else {
                throw .invalidDuration(duration)
            }
            shape.durationMilliseconds = Int(milliseconds)
        }
        return shape
    }

    /// The `Content-Type` value to send, or `nil` for none.
    public var contentType: String? {
        contentTypeMode.contentType(for: type)
    }

    /// The file to serve (uncached; see ``SyntheticMediaCache``).
    public func makeFile() throws(SyntheticMediaError) -> SyntheticMediaFile {
        try SyntheticMediaFile(type: type, size: size, shape: shape)
    }
}
