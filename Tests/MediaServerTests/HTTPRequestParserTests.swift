import NSEBenchCore
import Testing

@testable import MediaServer

@Suite("HTTP request parser: heads, chunking, pipelining, keep-alive")
struct HTTPRequestParserTests {
    @Test func parsesACompleteGet() throws {
        let parsed = try head(
            "GET /media/200KB.jpg?content-type=wrong&ttfb=2s HTTP/1.1\r\nHost: bench.test\r\n"
                + "User-Agent: NSE/1.0\r\nAccept:  */* \r\n\r\n")
        #expect(parsed.method == .get)
        #expect(parsed.version == .http1_1)
        #expect(parsed.path == "/media/200KB.jpg")
        #expect(parsed.target == "/media/200KB.jpg?content-type=wrong&ttfb=2s")
        #expect(
            parsed.query == [
                HTTPQueryItem(name: "content-type", value: "wrong"), HTTPQueryItem(name: "ttfb", value: "2s"),
            ])
        #expect(parsed.queryValue("ttfb") == "2s")
        #expect(parsed.headers.count == 3)
        #expect(parsed.headers["accept"] == "*/*")
        #expect(
            Array(parsed.headers) == [
                HTTPHeaderField(name: "Host", value: "bench.test"),
                HTTPHeaderField(name: "User-Agent", value: "NSE/1.0"),
                HTTPHeaderField(name: "Accept", value: "*/*"),
            ])
        #expect(parsed.keepAlive)
        #expect(parsed.description == "GET /media/200KB.jpg?content-type=wrong&ttfb=2s HTTP/1.1")
    }

    @Test func parsesHead() throws {
        let parsed = try head("HEAD /media/1MB.mp4 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(parsed.method == .head)
        #expect(parsed.path == "/media/1MB.mp4")
        #expect(parsed.query.isEmpty)
    }

    @Test(arguments: ["host", "HOST", "Host", "hOsT"])
    func headerNamesIgnoreCase(name: String) throws {
        let parsed = try head("GET / HTTP/1.1\r\n\(name): x.test\r\nCONNECTION: Close\r\n\r\n")
        #expect(parsed.headers["Host"] == "x.test")
        #expect(parsed.headers["host"] == "x.test")
        #expect(parsed.headers.contains("HOST"))
        #expect(!parsed.headers.contains("Hos"))
        #expect(parsed.headers["Hostname"] == nil)
        #expect(!parsed.keepAlive)
    }

    @Test func repeatedFieldsKeepTheirOrder() throws {
        let parsed = try head(request("/", "Accept: a", "X-Empty:", "accept: b"))
        #expect(parsed.headers.values(forName: "ACCEPT") == ["a", "b"])
        #expect(parsed.headers["x-empty"] == "")
        #expect(parsed.headers.count == 4)
    }

    struct Stream: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var description: String { name }
    }

    static let streams: [Stream] = [
        Stream(name: "one GET", text: request("/media/1KB.jpg")),
        Stream(name: "HTTP/1.0 keep-alive", text: "GET /a?x=%41+b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
        Stream(
            name: "three pipelined",
            text: "\r\n" + request("/one") + request("/two", "Connection: close")
                + "HEAD /three HTTP/1.1\r\nHost: h\r\n\r\n"),
        Stream(
            name: "long field",
            text: request(
                "/media/8MB.gif", "Accept: image/*", "Accept-Encoding: gzip, deflate",
                "X-Long: " + String(repeating: "v", count: 3000))),
    ]

    @Test(arguments: streams, [1, 2, 3, 7, 64, 1000])
    func chunkingDoesNotChangeTheResult(stream: Stream, chunkSize: Int) throws {
        let whole = try heads(stream.text)
        let chunked = try heads(stream.text, chunkSize: chunkSize)
        #expect(!whole.isEmpty)
        #expect(chunked == whole)
    }

    @Test func pipelinedRequestsInOneChunkComeOutOneByOne() throws {
        let first = request("/1")
        let second = request("/2", "Connection: close")
        let third = "GET /3 HTTP/1.0\r\n\r\n"
        let bytes = Array((first + second + third).utf8)
        var parser = HTTPRequestParser()
        let one = try parser.parse(bytes[...])
        #expect(one.consumed == first.utf8.count)
        #expect(one.head?.path == "/1")
        let two = try parser.parse(bytes[one.consumed...])
        #expect(two.consumed == second.utf8.count)
        #expect(two.head?.path == "/2")
        #expect(two.head?.keepAlive == false)
        let three = try parser.parse(bytes[(one.consumed + two.consumed)...])
        #expect(three.consumed == third.utf8.count)
        #expect(three.head?.path == "/3")
        #expect(!parser.hasPartialHead)
    }

    @Test func aPartialPipelinedHeadWaitsForTheRest() throws {
        let bytes = Array((request("/1") + request("/2")).utf8)
        let split = request("/1").utf8.count + 10
        var parser = HTTPRequestParser()
        var paths: [String] = []
        try bytes[..<split].withUnsafeBytes { raw in
            try parser.parse(raw) { paths.append($0.path) }
        }
        #expect(paths == ["/1"])
        #expect(parser.hasPartialHead)
        try bytes[split...].withUnsafeBytes { raw in
            try parser.parse(raw) { paths.append($0.path) }
        }
        #expect(paths == ["/1", "/2"])
        #expect(!parser.hasPartialHead)
    }

    @Test func leadingEmptyLinesAreIgnored() throws {
        let parsed = try head("\r\n\r\n" + request("/x"))
        #expect(parsed.path == "/x")
        var parser = HTTPRequestParser()
        _ = try parser.parse(Array("\r\n".utf8)[...])
        #expect(parser.hasPartialHead)
    }

    struct KeepAliveCase: Sendable, CustomStringConvertible {
        var version: String
        var connection: [String]
        var keepAlive: Bool
        var description: String { "\(version) \(connection) → \(keepAlive)" }
    }

    static let keepAliveCases: [KeepAliveCase] = [
        KeepAliveCase(version: "HTTP/1.1", connection: [], keepAlive: true),
        KeepAliveCase(version: "HTTP/1.1", connection: ["close"], keepAlive: false),
        KeepAliveCase(version: "HTTP/1.1", connection: ["CLOSE"], keepAlive: false),
        KeepAliveCase(version: "HTTP/1.1", connection: ["keep-alive"], keepAlive: true),
        KeepAliveCase(version: "HTTP/1.1", connection: ["Upgrade, close"], keepAlive: false),
        KeepAliveCase(version: "HTTP/1.1", connection: ["keep-alive", "close"], keepAlive: false),
        KeepAliveCase(version: "HTTP/1.1", connection: ["closed"], keepAlive: true),
        KeepAliveCase(version: "HTTP/1.0", connection: [], keepAlive: false),
        KeepAliveCase(version: "HTTP/1.0", connection: ["keep-alive"], keepAlive: true),
        KeepAliveCase(version: "HTTP/1.0", connection: ["Keep-Alive"], keepAlive: true),
        KeepAliveCase(version: "HTTP/1.0", connection: [" TE ,keep-alive "], keepAlive: true),
        KeepAliveCase(version: "HTTP/1.0", connection: ["keep-alive, close"], keepAlive: false),
        KeepAliveCase(version: "HTTP/1.0", connection: ["keep-alive", "close"], keepAlive: false),
        KeepAliveCase(version: "HTTP/1.0", connection: ["keepalive"], keepAlive: false),
    ]

    @Test(arguments: keepAliveCases)
    func keepAliveFollowsRFC9112(testCase: KeepAliveCase) throws {
        let fields = testCase.connection.map { "Connection: \($0)" }
        let text = "GET / \(testCase.version)\r\nHost: h\r\n" + fields.map { $0 + "\r\n" }.joined() + "\r\n"
        #expect(try head(text).keepAlive == testCase.keepAlive)
    }

    @Test func http10WithoutHostIsAccepted() throws {
        let parsed = try head("GET / HTTP/1.0\r\n\r\n")
        #expect(parsed.version == .http1_0)
        #expect(parsed.headers.isEmpty)
    }

    @Test func hostCanBeOptional() throws {
        let parsed = try heads("GET / HTTP/1.1\r\n\r\n", limits: HTTPParserLimits(requiresHost: false))
        #expect(parsed.count == 1)
    }

    @Test func acceptsAZeroContentLength() throws {
        #expect(try head(request("/", "Content-Length: 0")).headers["content-length"] == "0")
        #expect(try head(request("/", "Content-Length: 000")).path == "/")
    }

    @Test func afterAnErrorTheParserStaysFailed() throws {
        var parser = HTTPRequestParser()
        #expect(throws: HTTPParseError.missingHost) {
            _ = try parser.parse(Array("GET / HTTP/1.1\r\n\r\n".utf8)[...])
        }
        #expect(parser.error == .missingHost)
        #expect(!parser.hasPartialHead)
        #expect(throws: HTTPParseError.missingHost) {
            _ = try parser.parse(Array(request().utf8)[...])
        }
    }

    @Test func emptyInputLeavesTheParserIdle() throws {
        var parser = HTTPRequestParser()
        #expect(try feed([], into: &parser).isEmpty)
        #expect(!parser.hasPartialHead)
        #expect(parser.error == nil)
    }

    @Test func perConnectionStateIsSmall() {
        // Between heads the parser holds no heap memory; inline it is a few machine words.
        #expect(MemoryLayout<HTTPRequestParser>.size <= 192)
    }
}
