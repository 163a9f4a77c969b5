/// Why a request head was rejected. Each case carries the offending input (escaped and cut to a
/// readable length) or the limit it broke, and maps to the status to answer with (``status``).
///
/// After any of these the parser stays failed and the server answers and closes the connection.
public enum HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 400: the request line is not `method SP request-target SP HTTP-version`; carries the line.
    case invalidRequestLine(String)
    /// 400: the method is not a token, or garbage arrived where a method should start; carries it.
    case invalidMethod(String)
    /// 405: a valid method other than those of ``HTTPMethod``; carries the method.
    case methodNotAllowed(String)
    /// 400: the request target holds a byte outside RFC 3986, or has a form the server does not
    /// serve (asterisk-form, authority-form); carries the target.
    case invalidTarget(String)
    /// 400: a `%` not followed by two hex digits, or a decoded NUL or invalid UTF-8; carries the
    /// raw path or query component.
    case invalidPercentEncoding(String)
    /// 400: the version is not of the form `HTTP/DIGIT.DIGIT`; carries it.
    case invalidVersion(String)
    /// 505: a well-formed version other than HTTP/1.0 and HTTP/1.1; carries it.
    case unsupportedVersion(String)
    /// 414: the request line grew past its limit before its CRLF arrived; carries the start of the
    /// line and the limit in bytes.
    case requestLineTooLong(prefix: String, limit: Int)
    /// 400: a line ended in a bare LF (no CR before it); carries the line. Bare CR inside a line is
    /// rejected by the check of the element it appears in.
    case bareLineFeed(String)
    /// 400: a field line starts with whitespace (obsolete line folding, RFC 9112 §5.2); carries it.
    case obsoleteLineFolding(String)
    /// 400: a field line with no colon, an empty name or a name that is not a token; carries it.
    case invalidHeaderLine(String)
    /// 400: whitespace between a field name and its colon (RFC 9112 §5.1); carries the line.
    case whitespaceBeforeColon(String)
    /// 400: a field value holds a control byte (NUL, CR, DEL, ...); carries the name and value.
    case invalidHeaderValue(name: String, value: String)
    /// 431: one field line grew past its limit; carries the start of the line and the limit.
    case headerLineTooLong(prefix: String, limit: Int)
    /// 431: the head (request line, field lines and their CRLFs) grew past its limit in bytes.
    case headTooLarge(limit: Int)
    /// 431: more field lines than the limit.
    case tooManyHeaders(limit: Int)
    /// 400: an HTTP/1.1 request without `Host` (RFC 9112 §3.2).
    case missingHost
    /// 400: more than one `Host` field line; carries the second value.
    case multipleHosts(String)
    /// 400: `Content-Length` is not a decimal number; carries it.
    case invalidContentLength(String)
    /// 400: two `Content-Length` field lines that disagree (RFC 9112 §6.3); carries the second.
    case conflictingContentLengths(String)
    /// 411: a body framed by `Transfer-Encoding` (chunked): the server reads bodies whose length
    /// `Content-Length` announces, and 411 asks the client for one (RFC 9110 §15.5.12); carries the
    /// field's value.
    case transferEncodingNotSupported(String)
    /// 411: a `POST`, `PUT` or `PATCH` without `Content-Length` (``HTTPMethod/requiresContentLength``);
    /// carries the method.
    case lengthRequired(String)
    /// 413: a `Content-Length` above ``HTTPParserLimits/maxBodyLength``, answered before the body is
    /// read; carries the announced length and the limit in bytes.
    case bodyTooLarge(length: String, limit: Int)

    /// The status to answer with.
    public var status: HTTPStatus {
        switch self {
        case .methodNotAllowed: .methodNotAllowed
        case .transferEncodingNotSupported, .lengthRequired: .lengthRequired
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedVersion: .httpVersionNotSupported
        case .requestLineTooLong: .uriTooLong
        case .headerLineTooLong, .headTooLarge, .tooManyHeaders: .requestHeaderFieldsTooLarge
        default: .badRequest
        }
    }

    /// The error response for this rejection: ``status``, a one-line body, `Connection: close`,
    /// and for a 405 `Allow: GET, HEAD`.
    public var errorResponse: HTTPErrorResponse {
        HTTPErrorResponse(status: status, message: description, keepAlive: false)
    }

    /// One line saying what was wrong, with the offending input.
    public var description: String {
        switch self {
        case .invalidRequestLine(let line): "malformed request line \"\(line)\""
        case .invalidMethod(let method): "malformed method \"\(method)\""
        case .methodNotAllowed(let method):
            "method \(method) not allowed; only "
                + HTTPMethod.allCases.map(\.rawValue).joined(separator: ", ")
        case .invalidTarget(let target): "unsupported request target \"\(target)\""
        case .invalidPercentEncoding(let text): "invalid percent-encoding in \"\(text)\""
        case .invalidVersion(let version): "malformed HTTP version \"\(version)\""
        case .unsupportedVersion(let version): "HTTP version \(version) not supported; only HTTP/1.0 and HTTP/1.1"
        case .requestLineTooLong(let prefix, let limit): "request line longer than \(limit) bytes: \"\(prefix)\""
        case .bareLineFeed(let line): "line ends in a bare LF, CRLF required: \"\(line)\""
        case .obsoleteLineFolding(let line): "obsolete line folding not allowed: \"\(line)\""
        case .invalidHeaderLine(let line): "malformed header line \"\(line)\""
        case .whitespaceBeforeColon(let line): "whitespace before the colon in header line \"\(line)\""
        case .invalidHeaderValue(let name, let value): "invalid byte in the value of \(name): \"\(value)\""
        case .headerLineTooLong(let prefix, let limit): "header line longer than \(limit) bytes: \"\(prefix)\""
        case .headTooLarge(let limit): "request head larger than \(limit) bytes"
        case .tooManyHeaders(let limit): "more than \(limit) header lines"
        case .missingHost: "HTTP/1.1 request without a Host header"
        case .multipleHosts(let value): "more than one Host header (another is \"\(value)\")"
        case .invalidContentLength(let value): "invalid Content-Length \"\(value)\""
        case .conflictingContentLengths(let value): "a second, different Content-Length \"\(value)\""
        case .transferEncodingNotSupported(let value):
            "Transfer-Encoding \"\(value)\" not supported; send the body with a Content-Length"
        case .lengthRequired(let method): "\(method) without a Content-Length"
        case .bodyTooLarge(let length, let limit): "request body of \(length) bytes, larger than \(limit)"
        }
    }
}
