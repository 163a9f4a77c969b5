import NSEBenchCore
import Testing

@testable import MediaServer

@Suite("HTTP request parser: rejected requests and their statuses")
struct HTTPParserRejectionTests {
    struct Rejection: Sendable, CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var error: HTTPParseError
        var status: Int

        init(_ name: String, _ text: String, _ error: HTTPParseError, _ status: Int) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.error = error
            self.status = status
        }

        init(_ name: String, bytes: [UInt8], _ error: HTTPParseError, _ status: Int) {
            self.name = name
            self.bytes = bytes
            self.error = error
            self.status = status
        }

        var description: String { name }
    }

    static let requestLine: [Rejection] = [
        Rejection("no spaces", "GET\r\nHost: h\r\n\r\n", .invalidRequestLine("GET"), 400),
        Rejection("no version", "GET /\r\n\r\n", .invalidRequestLine("GET /"), 400),
        Rejection("double space", "GET  / HTTP/1.1\r\n\r\n", .invalidRequestLine("GET  / HTTP/1.1"), 400),
        Rejection("leading space", " GET / HTTP/1.1\r\n\r\n", .invalidRequestLine(" GET / HTTP/1.1"), 400),
        Rejection("method not a token", "GE(T / HTTP/1.1\r\n\r\n", .invalidMethod("GE(T / HTTP/1.1"), 400),
        Rejection("OPTIONS", request().replacing("GET", with: "OPTIONS"), .methodNotAllowed("OPTIONS"), 405),
        Rejection("TRACE", request().replacing("GET", with: "TRACE"), .methodNotAllowed("TRACE"), 405),
        Rejection("lower-case post", request().replacing("GET", with: "post"), .methodNotAllowed("post"), 405),
        Rejection("CONNECT", "CONNECT / HTTP/1.1\r\n\r\n", .methodNotAllowed("CONNECT"), 405),
        Rejection("lower-case get", request().replacing("GET", with: "get"), .methodNotAllowed("get"), 405),
        Rejection("HTTP/2.0", request(version: "HTTP/2.0"), .unsupportedVersion("HTTP/2.0"), 505),
        Rejection("HTTP/1.2", request(version: "HTTP/1.2"), .unsupportedVersion("HTTP/1.2"), 505),
        Rejection("HTTP/0.9", request(version: "HTTP/0.9"), .unsupportedVersion("HTTP/0.9"), 505),
        Rejection("HTTP/2", request(version: "HTTP/2"), .invalidVersion("HTTP/2"), 400),
        Rejection("lower-case http", request(version: "http/1.1"), .invalidVersion("http/1.1"), 400),
        Rejection("HTTP/1.1 trailing space", request(version: "HTTP/1.1 "), .invalidVersion("HTTP/1.1 "), 400),
        Rejection("HTTP/11.1", request(version: "HTTP/11.1"), .invalidVersion("HTTP/11.1"), 400),
        Rejection("HTTP/1.x", request(version: "HTTP/1.x"), .invalidVersion("HTTP/1.x"), 400),
        Rejection("space in target", "GET /a b HTTP/1.1\r\n\r\n", .invalidVersion("b HTTP/1.1"), 400),
        Rejection("bare CR in request line", "GET / HTTP/1.1\rX\r\n\r\n", .invalidVersion("HTTP/1.1\\x0DX"), 400),
    ]

    static let framing: [Rejection] = [
        Rejection("bare LF after request line", "GET / HTTP/1.1\nHost: h\n\n", .bareLineFeed("GET / HTTP/1.1"), 400),
        Rejection("bare LF after a field", "GET / HTTP/1.1\r\nHost: h\n\r\n", .bareLineFeed("Host: h"), 400),
        Rejection("bare LF ending the head", "GET / HTTP/1.1\r\nHost: h\r\n\n", .bareLineFeed(""), 400),
        Rejection("bare LF before the request line", "\nGET / HTTP/1.1\r\n\r\n", .bareLineFeed(""), 400),
        Rejection(
            "obs-fold", request("/", "X-A: one", " two"), .obsoleteLineFolding(" two"), 400),
        Rejection("obs-fold with tab", request("/", "X-A: one", "\ttwo"), .obsoleteLineFolding("\\x09two"), 400),
        Rejection("space before colon", request("/", "X-A : v"), .whitespaceBeforeColon("X-A : v"), 400),
        Rejection("tab before colon", request("/", "X-A\t: v"), .whitespaceBeforeColon("X-A\\x09: v"), 400),
        Rejection("no colon", request("/", "X-A v"), .invalidHeaderLine("X-A v"), 400),
        Rejection("empty name", request("/", ": v"), .invalidHeaderLine(": v"), 400),
        Rejection("name not a token", request("/", "X(A): v"), .invalidHeaderLine("X(A): v"), 400),
        Rejection("space inside name", request("/", "X A: v"), .invalidHeaderLine("X A: v"), 400),
        Rejection(
            "NUL in value", request("/", "X-A: a\u{0}b"), .invalidHeaderValue(name: "X-A", value: "a\\x00b"), 400),
        Rejection(
            "DEL in value", request("/", "X-A: a\u{7F}b"), .invalidHeaderValue(name: "X-A", value: "a\\x7Fb"), 400),
        Rejection(
            "bare CR in value", request("/", "X-A: a\rb"), .invalidHeaderValue(name: "X-A", value: "a\\x0Db"), 400),
    ]

    static let semantics: [Rejection] = [
        Rejection("HTTP/1.1 without Host", "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", .missingHost, 400),
        Rejection("two Hosts", request("/", "host: other"), .multipleHosts("other"), 400),
        Rejection(
            "two different Content-Lengths", request("/", "Content-Length: 5", "Content-Length: 6"),
            .conflictingContentLengths("6"), 400),
        Rejection(
            "Content-Length past the body limit", request("/", "Content-Length: 1048577"),
            .bodyTooLarge(length: "1048577", limit: 1_048_576), 413),
        Rejection(
            "Content-Length of 30 digits", request("/", "Content-Length: " + String(repeating: "9", count: 30)),
            .bodyTooLarge(length: String(repeating: "9", count: 30), limit: 1_048_576), 413),
        Rejection(
            "POST without Content-Length", request().replacing("GET", with: "POST"), .lengthRequired("POST"), 411),
        Rejection(
            "PUT without Content-Length", request().replacing("GET", with: "PUT"), .lengthRequired("PUT"), 411),
        Rejection("Content-Length text", request("/", "Content-Length: abc"), .invalidContentLength("abc"), 400),
        Rejection("Content-Length negative", request("/", "Content-Length: -1"), .invalidContentLength("-1"), 400),
        Rejection("Content-Length empty", request("/", "Content-Length:"), .invalidContentLength(""), 400),
        Rejection("Content-Length list", request("/", "Content-Length: 0, 0"), .invalidContentLength("0, 0"), 400),
        Rejection(
            "Transfer-Encoding", request("/", "Transfer-Encoding: chunked"),
            .transferEncodingNotSupported("chunked"), 411),
        Rejection(
            "chunked POST", request("/receipts", "Transfer-Encoding: chunked").replacing("GET", with: "POST"),
            .transferEncodingNotSupported("chunked"), 411),
    ]

    static let targets: [Rejection] = [
        Rejection("asterisk-form", "OPTIONS * HTTP/1.1\r\n\r\n", .invalidTarget("*"), 400),
        Rejection("authority-form", "CONNECT example.com:443 HTTP/1.1\r\n\r\n", .invalidTarget("example.com:443"), 400),
        Rejection("relative path", request("media/1KB.jpg"), .invalidTarget("media/1KB.jpg"), 400),
        Rejection("absolute-form without authority", request("http:///x"), .invalidTarget("http:///x"), 400),
        Rejection("ftp scheme", request("ftp://h/x"), .invalidTarget("ftp://h/x"), 400),
        Rejection("fragment", request("/a#b"), .invalidTarget("/a#b"), 400),
        Rejection("NUL in target", request("/a\u{0}b"), .invalidTarget("/a\\x00b"), 400),
        Rejection("non-ASCII in target", request("/é"), .invalidTarget("/\\xC3\\xA9"), 400),
        Rejection("brace in query", request("/a?x={}"), .invalidTarget("/a?x={}"), 400),
        Rejection("bad escape", request("/a%zz"), .invalidPercentEncoding("/a%zz"), 400),
        Rejection("short escape", request("/a%4"), .invalidPercentEncoding("/a%4"), 400),
        Rejection("lone percent", request("/a?x=%"), .invalidPercentEncoding("%"), 400),
        Rejection("escaped NUL", request("/a%00"), .invalidPercentEncoding("/a%00"), 400),
        Rejection("escaped invalid UTF-8", request("/a?x=%FF"), .invalidPercentEncoding("%FF"), 400),
        Rejection("bad escape in a name", request("/a?%G1=1"), .invalidPercentEncoding("%G1"), 400),
    ]

    static let garbage: [Rejection] = [
        Rejection(
            "TLS ClientHello", bytes: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01],
            .invalidMethod("\\x16\\x03\\x01\\x02\\x00\\x01"), 400),
        Rejection("NUL first", bytes: [0x00, 0x47, 0x45, 0x54], .invalidMethod("\\x00GET"), 400),
        Rejection(
            "binary after a method", bytes: Array("GE".utf8) + [0xFF, 0xFE], .invalidMethod("GE\\xFF\\xFE"), 400),
        Rejection("binary with a line feed", bytes: [0x80, 0x0D, 0x0A], .invalidMethod("\\x80"), 400),
    ]

    @Test(arguments: requestLine + framing + semantics + targets)
    func rejectsWithTheRightErrorAndStatus(rejection: Rejection) {
        let error = parseError(rejection.bytes)
        #expect(error == rejection.error)
        #expect(error?.status.code == rejection.status)
    }

    @Test(arguments: garbage)
    func rejectsGarbageAsSoonAsItArrives(rejection: Rejection) {
        // No line end needed: the first byte that cannot belong to a method fails the parse.
        var parser = HTTPRequestParser()
        var caught: HTTPParseError?
        for byte in rejection.bytes where caught == nil {
            do {
                _ = try parser.parse([byte][...])
            } catch {
                caught = error
            }
        }
        #expect(caught?.status == .badRequest)
        #expect(parseError(rejection.bytes) == rejection.error)
    }

    @Test func methodNotAllowedAnswersWithAllow() throws {
        let response = try #require(parseError(request().replacing("GET", with: "OPTIONS"))).errorResponse
        #expect(response.head.status == .methodNotAllowed)
        #expect(response.head.additionalHeaders == [HTTPHeaderField(name: "Allow", value: "GET, HEAD")])
        #expect(!response.head.keepAlive)
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == "405 Method Not Allowed: method OPTIONS not allowed; only GET, HEAD, POST, PUT, PATCH, DELETE\n")
    }

    @Test func everyErrorDescribesItself() {
        let all = (Self.requestLine + Self.framing + Self.semantics + Self.targets + Self.garbage).map(\.error)
        for error in all {
            #expect(!error.description.isEmpty)
        }
    }
}
