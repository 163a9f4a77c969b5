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
    /// `400 Bad Request`.
    public static let badRequest = HTTPStatus(uncheckedCode: 400)
    /// `404 Not Found`.
    public static let notFound = HTTPStatus(uncheckedCode: 404)
    /// `405 Method Not Allowed`.
    public static let methodNotAllowed = HTTPStatus(uncheckedCode: 405)
    /// `408 Request Timeout`.
    public static let requestTimeout = HTTPStatus(uncheckedCode: 408)
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

    /// The reason phrase of RFC 9110 §15 for the codes above; for any other code, the generic
    /// phrase of its class (`"Client Error"`, `"Server Error"`, ...).
    public var reasonPhrase: String {
        switch code {
        case 200: "OK"
        case 206: "Partial Content"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 414: "URI Too Long"
        case 416: "Range Not Satisfiable"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        case 100..<200: "Informational"
        case 200..<300: "Success"
        case 300..<400: "Redirection"
        case 400..<500: "Client Error"
        default: "Server Error"
        }
    }

    /// `"404 Not Found"`.
    public var description: String { "\(code) \(reasonPhrase)" }

    /// `HTTP/1.1 <code> <reason>\r\n`, precomputed for the named statuses, built for the others.
    ///
    /// Responses are always labelled HTTP/1.1, also to HTTP/1.0 clients: a server sends its own
    /// highest conformant version (RFC 9110 §6.2).
    public var statusLineBytes: [UInt8] {
        HTTPStatus.precomputedStatusLines[code] ?? HTTPStatus.makeStatusLine(code)
    }

    private static let named: [HTTPStatus] = [
        .ok, .partialContent, .badRequest, .notFound, .methodNotAllowed, .requestTimeout, .uriTooLong,
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

    private static func makeStatusLine(_ code: Int) -> [UInt8] {
        Array("HTTP/1.1 \(code) \(HTTPStatus(uncheckedCode: code).reasonPhrase)\r\n".utf8)
    }
}
