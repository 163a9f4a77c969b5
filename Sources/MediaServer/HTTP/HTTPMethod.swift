/// The request methods the media server serves.
///
/// Only `GET` and `HEAD` exist here: the server has nothing to accept a body into. Any other
/// syntactically valid method is answered `405 Method Not Allowed` with `Allow: GET, HEAD`
/// (``HTTPParseError/methodNotAllowed(_:)``), not `501`: the methods are well known, this resource
/// simply does not allow them, and 405 tells the client which ones it does allow.
/// Method names are case-sensitive (RFC 9110 §9.1): `get` is not `GET`.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: send the representation.
    case get = "GET"
    /// `HEAD`: send the response head of a `GET`, with no body.
    case head = "HEAD"

    /// Recognises a method token's bytes, or returns `nil` for any other method.
    init?(token: UnsafeRawBufferPointer) {
        switch token.count {
        case 3 where token[0] == 0x47 && token[1] == 0x45 && token[2] == 0x54:
            self = .get
        case 4 where token[0] == 0x48 && token[1] == 0x45 && token[2] == 0x41 && token[3] == 0x44:
            self = .head
        default:
            return nil
        }
    }
}
