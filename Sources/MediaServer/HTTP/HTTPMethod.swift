/// The request methods the media server reads.
///
/// `GET` and `HEAD` fetch media, avatars and `/health`; `POST`, `PUT`, `PATCH` and `DELETE` are what
/// an SDK's side calls send (a receipt, a delivered metric), answered on `/receipts` and `/metrics`
/// only (a 405 elsewhere). A request of any method may carry a body framed by `Content-Length`, which
/// the parser reads and discards (``HTTPRequestParser``). Any other syntactically valid method is
/// answered `405 Method Not Allowed` with `Allow: GET, HEAD` (``HTTPParseError/methodNotAllowed(_:)``),
/// not `501`: the methods are well known, this server simply does not allow them, and 405 names the
/// methods every resource allows. Method names are case-sensitive (RFC 9110 §9.1): `get` is not `GET`.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: send the representation.
    case get = "GET"
    /// `HEAD`: send the response head of a `GET`, with no body.
    case head = "HEAD"
    /// `POST`: a side call's report (a receipt, a metric).
    case post = "POST"
    /// `PUT`: a side call's report, as some SDKs send it.
    case put = "PUT"
    /// `PATCH`: a side call's partial update.
    case patch = "PATCH"
    /// `DELETE`: a side call that removes something.
    case delete = "DELETE"

    /// Whether the method fetches a representation (`GET`, `HEAD`): the only ones media is served to.
    public var isFetch: Bool { self == .get || self == .head }

    /// Whether a request of this method must say how long its body is (`Content-Length`, even 0):
    /// `POST`, `PUT` and `PATCH` define a meaning for content, and RFC 9110 §8.6 has a client send
    /// `Content-Length` for them; without one the server answers 411.
    public var requiresContentLength: Bool { self == .post || self == .put || self == .patch }

    /// Recognises a method token's bytes, or returns `nil` for any other method.
    init?(token: UnsafeRawBufferPointer) {
        for method in Self.allCases where method.rawValue.utf8.elementsEqual(token) {
            self = method
            return
        }
        return nil
    }
}
