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

    /// The defaults: request line and each field line 8 KiB, head 16 KiB, 64 field lines, `Host`
    /// required for HTTP/1.1.
    public init(
        maxRequestLineLength: Int = 8192,
        maxHeaderLineLength: Int = 8192,
        maxHeadLength: Int = 16384,
        maxHeaderCount: Int = 64,
        requiresHost: Bool = true
    ) {
        self.maxRequestLineLength = maxRequestLineLength
        self.maxHeaderLineLength = maxHeaderLineLength
        self.maxHeadLength = maxHeadLength
        self.maxHeaderCount = maxHeaderCount
        self.requiresHost = requiresHost
    }
}
