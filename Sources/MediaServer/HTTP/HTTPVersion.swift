/// The HTTP versions the parser accepts: HTTP/1.0 and HTTP/1.1.
///
/// Any other well-formed `HTTP/x.y` is answered `505 HTTP Version Not Supported`
/// (``HTTPParseError/unsupportedVersion(_:)``); anything not of that form is a `400`.
public enum HTTPVersion: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// HTTP/1.0: connections close after each response unless the client asks for keep-alive.
    case http1_0
    /// HTTP/1.1: connections stay open unless either side says `Connection: close`.
    case http1_1

    /// The version as it appears on the wire, for example `HTTP/1.1`.
    public var description: String {
        switch self {
        case .http1_0: "HTTP/1.0"
        case .http1_1: "HTTP/1.1"
        }
    }
}
