/// The bounds an ``HTTPRequestParser`` enforces, so that one connection can hold at most a few
/// KiB of state whatever a client sends.
///
/// Lengths are in bytes. A line's length excludes its CRLF; the head's length counts everything from
/// the first byte (including empty lines ignored before the request line) through the CRLF of the
/// empty line that ends the head. A value exactly at a limit is accepted; one byte more is rejected
/// as soon as that byte arrives, without waiting for the line's end.
public struct HTTPParserLimits: Sendable, Hashable {
    /// The longest request line; past it, ``HTTPParseError/requestLineTooLong(prefix:limit:)`` (414).
    public var maxRequestLineLength: Int
    /// The longest field line; past it, ``HTTPParseError/headerLineTooLong(prefix:limit:)`` (431).
    public var maxHeaderLineLength: Int
    /// The largest whole head; past it, ``HTTPParseError/headTooLarge(limit:)`` (431).
    public var maxHeadLength: Int
    /// The most field lines; past it, ``HTTPParseError/tooManyHeaders(limit:)`` (431).
    public var maxHeaderCount: Int
    /// Whether an HTTP/1.1 request without `Host` is rejected (RFC 9112 §3.2 says it must be).
    public var requiresHost: Bool
    /// The largest request body (its `Content-Length`); above it,
    /// ``HTTPParseError/bodyTooLarge(length:limit:)`` (413), answered before any of the body is read.
    /// A body within it is read and discarded, never held: it costs no memory, only the time to read.
    public var maxBodyLength: Int

    /// The default body limit: 1 MiB, some hundred times the side calls SDKs send (a receipt or a
    /// delivered metric is a few hundred bytes of JSON).
    public static let defaultMaxBodyLength = 1 << 20

    /// The defaults: request line and each field line 8 KiB, head 16 KiB, 64 field lines, `Host`
    /// required for HTTP/1.1, bodies up to 1 MiB.
    public init(
        maxRequestLineLength: Int = 8192,
        maxHeaderLineLength: Int = 8192,
        maxHeadLength: Int = 16384,
        maxHeaderCount: Int = 64,
        requiresHost: Bool = true,
        maxBodyLength: Int = Self.defaultMaxBodyLength
    ) {
        self.maxBodyLength = maxBodyLength
        self.maxRequestLineLength = maxRequestLineLength
        self.maxHeaderLineLength = maxHeaderLineLength
        self.maxHeadLength = maxHeadLength
        self.maxHeaderCount = maxHeaderCount
        self.requiresHost = requiresHost
    }
}
