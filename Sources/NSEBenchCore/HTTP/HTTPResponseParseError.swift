/// Why an HTTP response could not be read; carries what was wrong.
public enum HTTPResponseParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first line is not `HTTP/1.x NNN ...`; carries it.
    case malformedStatusLine(String)
    /// A header line without a name and a colon; carries it.
    case malformedHeader(String)
    /// A `Content-Length` that is not a decimal, or two that differ; carries the value(s).
    case invalidContentLength(String)
    /// The head passed the parser's limit; carries the limit in bytes.
    case headTooLarge(limit: Int)
    /// The chunked framing broke; says where.
    case malformedChunk(String)
    /// The connection ended before any byte of a response.
    case emptyReply
    /// The connection ended in the middle of a head.
    case closedInHead
    /// The connection ended before the body was complete; carries the announced bytes still to come
    /// (nil for a chunked body).
    case closedInBody(remaining: Int?)

    public var description: String {
        switch self {
        case .malformedStatusLine(let line): "not an HTTP/1.x status line: \"\(line.prefix(80))\""
        case .malformedHeader(let line): "malformed response header: \"\(line.prefix(80))\""
        case .invalidContentLength(let value): "invalid Content-Length: \(value.prefix(80))"
        case .headTooLarge(let limit): "response head larger than \(limit) bytes"
        case .malformedChunk(let where_): "malformed chunked encoding: \(where_)"
        case .emptyReply: "empty reply from server"
        case .closedInHead: "the connection closed in the middle of the response head"
        case .closedInBody(let remaining?): "transfer closed with \(remaining) bytes remaining to read"
        case .closedInBody(nil): "transfer closed with outstanding read data remaining"
        }
    }
}
