/// A complete, validated request head, as ``HTTPRequestParser`` produces it.
///
/// The head keeps the bytes it was parsed from (moved from the parser, not copied); ``headers`` and
/// ``target`` read them on demand.
public struct HTTPRequestHead: Sendable, Equatable, CustomStringConvertible {
    /// The method: `GET` or `HEAD` for media, another of ``HTTPMethod`` for a side call.
    public let method: HTTPMethod
    /// HTTP/1.0 or HTTP/1.1.
    public let version: HTTPVersion
    /// The target's path, percent-decoded (`+` stays `+`). For an absolute-form target
    /// (`http://host/path`) the path alone; an empty path is `/`. Dot segments are not removed.
    public let path: String
    /// The target's query pairs, in order, percent-decoded with `+` as space; empty without a query.
    public let query: [HTTPQueryItem]
    /// The field lines.
    public let headers: HTTPHeaders
    /// Whether the connection may carry another request after this one's response (RFC 9112 §9.3):
    /// for HTTP/1.1 unless a `Connection` field lists `close`; for HTTP/1.0 only if one lists
    /// `keep-alive` and none lists `close`. Tokens compare ignoring case.
    public let keepAlive: Bool
    /// The body's length in bytes (its `Content-Length`; 0 without one). The parser read and dropped
    /// the body before it returned the head.
    public let bodyLength: Int

    /// The raw bytes of the head; `targetRange` locates the request target in them.
    private let storage: [UInt8]
    private let targetRange: Range<Int>

    init(
        method: HTTPMethod,
        version: HTTPVersion,
        path: String,
        query: [HTTPQueryItem],
        keepAlive: Bool,
        storage: [UInt8],
        targetRange: Range<Int>,
        fieldRange: Range<Int>,
        headerCount: Int,
        bodyLength: Int = 0
    ) {
        self.bodyLength = bodyLength
        self.method = method
        self.version = version
        self.path = path
        self.query = query
        self.keepAlive = keepAlive
        self.storage = storage
        self.targetRange = targetRange
        self.headers = HTTPHeaders(storage: storage, fieldRange: fieldRange, count: headerCount)
    }

    /// The request target exactly as received (not decoded), for access logs.
    public var target: String {
        String(decoding: storage[targetRange], as: UTF8.self)
    }

    /// The value of the first query pair named `name`, or `nil`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// `GET /media/1KB.jpg HTTP/1.1`.
    public var description: String { "\(method.rawValue) \(target) \(version)" }
}
