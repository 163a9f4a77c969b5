/// An HTTP response status: a three-digit code with its reason phrase.
///
/// The statuses the media server sends are constants here, each with a precomputed status line
/// (``statusLineBytes``) so that writing a response head copies bytes instead of formatting them.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    /// The three-digit code, 100 through 599.
    public let code: Int

    private init(uncheckedCode code: Int) {
        self.code = code
    }

    /// A status from its code; `nil` outside 100...599.
    public init?(code: Int) {
        guard (100...599).contains(code) else { return nil }
        self.code = code
    }

    /// `200 OK`.
    public static let ok = HTTPStatus(uncheckedCode: 200)
    /// `206 Partial Content`.
    public static let partialContent = HTTPStatus(uncheckedCode: 206)
    /// `302 Found`: a redirect (``NetworkConditions/redirects``).
    public static let found = HTTPStatus(uncheckedCode: 302)
    /// `400 Bad Request`.
    public static let badRequest = HTTPStatus(uncheckedCode: 400)
    /// `404 Not Found`.
    public static let notFound = HTTPStatus(uncheckedCode: 404)
    /// `405 Method Not Allowed`.
    public static let methodNotAllowed = HTTPStatus(uncheckedCode: 405)
    /// `408 Request Timeout`.
    public static let requestTimeout = HTTPStatus(uncheckedCode: 408)
    /// `411 Length Required`: a body announced without `Content-Length` (chunked), or a POST, PUT or
    /// PATCH without one.
    public static let lengthRequired = HTTPStatus(uncheckedCode: 411)
    /// `413 Content Too Large`: a request body above the parser's limit.
    public static let contentTooLarge = HTTPStatus(uncheckedCode: 413)
    /// `414 URI Too Long`.
    public static let uriTooLong = HTTPStatus(uncheckedCode: 414)
    /// `416 Range Not Satisfiable`.
    public static let rangeNotSatisfiable = HTTPStatus(uncheckedCode: 416)
    /// `429 Too Many Requests`.
    public static let tooManyRequests = HTTPStatus(uncheckedCode: 429)
    /// `431 Request Header Fields Too Large`.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(uncheckedCode: 431)
    /// `500 Internal Server Error`.
    public static let internalServerError = HTTPStatus(uncheckedCode: 500)
    /// `502 Bad Gateway`.
    public static let badGateway = HTTPStatus(uncheckedCode: 502)
    /// `503 Service Unavailable`.
    public static let serviceUnavailable = HTTPStatus(uncheckedCode: 503)
    /// `504 Gateway Timeout`.
    public static let gatewayTimeout = HTTPStatus(uncheckedCode: 504)
    /// `505 HTTP Version Not Supported`.
    public static let httpVersionNotSupported = HTTPStatus(uncheckedCode: 505)

    /// The reason phrase RFC 9110 §15 gives the code (and RFC 6585 for 428, 429, 431 and 511), for
    /// every code the server can send, injected ones included; empty for codes no RFC defines (the
    /// phrase is optional, RFC 9112 §4, and a made-up one would mislead), and for 306 and 418, which
    /// RFC 9110 lists as unused.
    public var reasonPhrase: String { Self.reasonPhrases[code] ?? "" }

    private static let reasonPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 203: "Non-Authoritative Information", 204: "No Content",
        205: "Reset Content", 206: "Partial Content",
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        305: "Use Proxy", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
        408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required", 412: "Precondition Failed",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
        416: "Range Not Satisfiable", 417: "Expectation Failed", 421: "Misdirected Request",
        422: "Unprocessable Content", 426: "Upgrade Required", 428: "Precondition Required",
        429: "Too Many Requests", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 511: "Network Authentication Required",
    ]

    /// Whether a response with this status may carry content: not 1xx, 204 No Content, 205 Reset
    /// Content or 304 Not Modified (RFC 9110 §15.3.5, §15.3.6, §15.4.5, §6.4.1).
    public var allowsContent: Bool {
        !(100..<200).contains(code) && code != 204 && code != 205 && code != 304
    }

    /// Whether the head carries `Content-Length`: a server must not send one with 1xx or 204
    /// (RFC 9110 §8.6), and with 304 it could only repeat a 200's, which these responses have none of.
    public var sendsContentLength: Bool {
        !(100..<200).contains(code) && code != 204 && code != 304
    }

    /// `"404 Not Found"`.
    public var description: String { reasonPhrase.isEmpty ? String(code) : "\(code) \(reasonPhrase)" }

    /// `HTTP/1.1 <code> <reason>\r\n`, precomputed for the named statuses, built for the others.
    ///
    /// Responses are always labelled HTTP/1.1, also to HTTP/1.0 clients: a server sends its own
    /// highest conformant version (RFC 9110 §6.2).
    public var statusLineBytes: [UInt8] {
        HTTPStatus.precomputedStatusLines[code] ?? HTTPStatus.makeStatusLine(code)
    }

    private static let named: [HTTPStatus] = [
        .ok, .partialContent, .badRequest, .notFound, .methodNotAllowed, .requestTimeout, .lengthRequired,
        .contentTooLarge, .uriTooLong,
        .rangeNotSatisfiable, .tooManyRequests, .requestHeaderFieldsTooLarge, .internalServerError,
        .badGateway, .serviceUnavailable, .gatewayTimeout, .httpVersionNotSupported,
    ]

    private static let precomputedStatusLines: [Int: [UInt8]] = {
        var lines: [Int: [UInt8]] = [:]
        for status in named {
            lines[status.code] = makeStatusLine(status.code)
        }
        return lines
    }()

    /// The status line; with no reason phrase it still has the space after the code (RFC 9112 §4).
    private static func makeStatusLine(_ code: Int) -> [UInt8] {
        Array("HTTP/1.1 \(code) \(HTTPStatus(uncheckedCode: code).reasonPhrase)\r\n".utf8)
    }
}
