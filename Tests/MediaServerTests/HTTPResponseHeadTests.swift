import NSEBenchCore
import Testing

@testable import MediaServer

@Suite("HTTP response head: golden bytes, reason phrases, error responses, dates")
struct HTTPResponseHeadTests {
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func okKeepAliveWithContentType() {
        let head = HTTPResponseHead(status: .ok, contentLength: 204_800, contentType: "image/jpeg", keepAlive: true)
        #expect(
            Self.text(head.serialized())
                == "HTTP/1.1 200 OK\r\nServer: nse-bench\r\nConnection: keep-alive\r\n"
                + "Content-Type: image/jpeg\r\nContent-Length: 204800\r\n\r\n")
    }

    @Test func closeWithoutContentTypeAndZeroLength() {
        let head = HTTPResponseHead(status: .notFound, contentLength: 0, keepAlive: false)
        #expect(
            Self.text(head.serialized())
                == "HTTP/1.1 404 Not Found\r\nServer: nse-bench\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func withDateAndAdditionalHeaders() {
        let head = HTTPResponseHead(
            status: .serviceUnavailable, contentLength: 7, contentType: "text/plain", keepAlive: true,
            date: "Sun, 06 Nov 1994 08:49:37 GMT",
            additionalHeaders: [HTTPHeaderField(name: "Retry-After", value: "2")])
        #expect(
            Self.text(head.serialized())
                == "HTTP/1.1 503 Service Unavailable\r\nServer: nse-bench\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                + "Connection: keep-alive\r\nContent-Type: text/plain\r\nRetry-After: 2\r\nContent-Length: 7\r\n\r\n")
    }

    @Test func headerValuesCannotSplitTheResponse() {
        let head = HTTPResponseHead(
            status: .ok, contentLength: 1, keepAlive: true,
            additionalHeaders: [HTTPHeaderField(name: "X-A", value: "a\r\nSet-Cookie: b\u{0}")])
        #expect(Self.text(head.serialized()).contains("X-A: a  Set-Cookie: b \r\n"))
    }

    @Test(arguments: [0, 1, 9, 10, 99, 100, 52_428_800, 200_000_000, Int.max])
    func contentLengthDigits(length: Int) {
        var bytes: [UInt8] = []
        HTTPResponseHead.appendDecimal(length, to: &bytes)
        #expect(Self.text(bytes) == String(length))
    }

    @Test func writesIntoARawBufferOrReportsItDoesNotFit() {
        let head = HTTPResponseHead(status: .ok, contentLength: 10, contentType: "video/mp4", keepAlive: true)
        let expected = head.serialized()
        var appended: [UInt8] = [1, 2]
        head.write(into: &appended)
        #expect(appended == [1, 2] + expected)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: expected.count, alignment: 1)
        defer { buffer.deallocate() }
        #expect(head.write(to: buffer) == expected.count)
        #expect(Array(buffer) == expected)
        #expect(head.write(to: UnsafeMutableRawBufferPointer(rebasing: buffer[1...])) == nil)
    }

    static let phrases: [(Int, String)] = [
        (200, "OK"), (206, "Partial Content"), (400, "Bad Request"), (404, "Not Found"),
        (405, "Method Not Allowed"), (408, "Request Timeout"), (414, "URI Too Long"),
        (416, "Range Not Satisfiable"), (429, "Too Many Requests"), (431, "Request Header Fields Too Large"),
        (500, "Internal Server Error"), (502, "Bad Gateway"), (503, "Service Unavailable"),
        (504, "Gateway Timeout"), (505, "HTTP Version Not Supported"), (204, "No Content"), (304, "Not Modified"),
        (301, "Moved Permanently"), (413, "Content Too Large"), (511, "Network Authentication Required"),
    ]

    @Test(arguments: phrases)
    func reasonPhrasesAndStatusLines(code: Int, phrase: String) throws {
        let status = try #require(HTTPStatus(code: code))
        #expect(status.reasonPhrase == phrase)
        #expect(Self.text(status.statusLineBytes) == "HTTP/1.1 \(code) \(phrase)\r\n")
    }

    @Test func everyInjectableCodeHasItsRealPhraseOrNone() throws {
        // --status and --fail-first accept 200...599.
        for code in 200...599 {
            let status = try #require(HTTPStatus(code: code))
            #expect(
                !["Success", "Redirection", "Client Error", "Server Error"].contains(status.reasonPhrase), "\(code)")
        }
        for code in [299, 418, 599] {
            let status = try #require(HTTPStatus(code: code))
            #expect(status.reasonPhrase.isEmpty)
            #expect(Self.text(status.statusLineBytes) == "HTTP/1.1 \(code) \r\n", "the space stays (RFC 9112 §4)")
            #expect(status.description == String(code))
        }
    }

    @Test(arguments: [204, 304])
    func statusesWithoutContentHaveNoBodyAndNoContentLength(code: Int) throws {
        let status = try #require(HTTPStatus(code: code))
        let response = HTTPErrorResponse(status: status, message: "injected fault", keepAlive: true)
        #expect(response.body.isEmpty)
        #expect(
            Self.text(response.serialized())
                == "HTTP/1.1 \(code) \(status.reasonPhrase)\r\nServer: nse-bench\r\nConnection: keep-alive\r\n\r\n")
    }

    @Test func resetContentHasNoBodyButAZeroLength() throws {
        let response = HTTPErrorResponse(status: try #require(HTTPStatus(code: 205)), keepAlive: false)
        #expect(response.body.isEmpty)
        #expect(Self.text(response.serialized()).hasSuffix("Connection: close\r\nContent-Length: 0\r\n\r\n"))
    }

    @Test func statusCodesOutsideTheRangeAreRefused() {
        #expect(HTTPStatus(code: 99) == nil)
        #expect(HTTPStatus(code: 600) == nil)
        #expect(HTTPStatus(code: 200) == .ok)
    }

    @Test func errorResponseGoldenBytes() {
        let response = HTTPErrorResponse(status: .notFound, message: "unknown media type \"tmp\"", keepAlive: true)
        let body = "404 Not Found: unknown media type \"tmp\"\n"
        #expect(Self.text(response.body) == body)
        #expect(
            Self.text(response.serialized())
                == "HTTP/1.1 404 Not Found\r\nServer: nse-bench\r\nConnection: keep-alive\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(response.serialized(includingBody: false) == response.head.serialized())
    }

    @Test func methodNotAllowedCarriesAllow() {
        let response = HTTPErrorResponse(status: .methodNotAllowed, keepAlive: false)
        #expect(Self.text(response.body) == "405 Method Not Allowed\n")
        #expect(
            Self.text(response.head.serialized())
                == "HTTP/1.1 405 Method Not Allowed\r\nServer: nse-bench\r\nConnection: close\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\nAllow: GET, HEAD\r\nContent-Length: 23\r\n\r\n")
    }

    static let dates: [(Int, String)] = [
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_709_251_199, "Thu, 29 Feb 2024 23:59:59 GMT"),
        (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ]

    @Test(arguments: dates)
    func imfFixdate(seconds: Int, expected: String) {
        #expect(HTTPDate.imfFixdate(secondsSince1970: seconds) == expected)
    }
}
