import NSEBenchCore

/// A complete error (or injected-status) response: a head and a short plain-text body saying what
/// went wrong.
///
/// The body is `<code> <reason>\n`, or `<code> <reason>: <message>\n` with a message. A 405 carries
/// `Allow: GET, HEAD`. For a HEAD request, send ``head`` alone (``serialized(includingBody:)``
/// with `false`): its `Content-Length` is still the body's.
public struct HTTPErrorResponse: Sendable, Hashable {
    /// The head: the status, `Content-Type: text/plain; charset=utf-8`, the body's length.
    public var head: HTTPResponseHead
    /// The body's bytes.
    public var body: [UInt8]

    /// The `Content-Type` of every error body.
    public static let contentType = "text/plain; charset=utf-8"

    /// Builds the error response for `status`, with an optional one-line `message`.
    ///
    /// - Parameters:
    ///   - keepAlive: whether the connection stays open; `false` after a parse error, which leaves
    ///     the connection's framing in doubt.
    ///   - date: the `Date` value, or `nil` for none.
    /// A status that allows no content (204, 205, 304) gets none: no body and no `Content-Type`.
    public init(status: HTTPStatus, message: String? = nil, keepAlive: Bool, date: String? = nil) {
        var text = status.description
        if let message, !message.isEmpty {
            text += ": " + message
        }
        text += "\n"
        body = status.allowsContent ? Array(text.utf8) : []
        head = HTTPResponseHead(
            status: status,
            contentLength: body.count,
            contentType: status.allowsContent ? Self.contentType : nil,
            keepAlive: keepAlive,
            date: date,
            additionalHeaders: status == .methodNotAllowed ? [HTTPHeaderField(name: "Allow", value: "GET, HEAD")] : []
        )
    }

    /// The head followed by the body, or the head alone when `includingBody` is `false` (HEAD).
    public func serialized(includingBody: Bool = true) -> [UInt8] {
        var bytes = head.serialized()
        if includingBody {
            bytes.append(contentsOf: body)
        }
        return bytes
    }
}
