import Testing

@testable import MediaServer

/// A POST of `target` with `body` framed by `Content-Length`.
func post(_ target: String, body: String, method: String = "POST", _ extra: String...) -> String {
    "\(method) \(target) HTTP/1.1\r\nHost: bench.test\r\nContent-Length: \(body.utf8.count)\r\n"
        + extra.map { $0 + "\r\n" }.joined() + "\r\n" + body
}

@Suite("HTTP request parser: request bodies read and discarded")
struct HTTPRequestBodyTests {
    static let receipt = #"{"app_id":"a1b2","player_id":"c3d4","device_type":0}"#

    @Test(arguments: [nil, 1, 2, 7, 64])
    func aBodySplitAcrossReadsIsReadWhole(chunkSize: Int?) throws {
        let parsed = try heads(post("/receipts/n1", body: Self.receipt), chunkSize: chunkSize)
        try #require(parsed.count == 1)
        #expect(parsed[0].method == .post)
        #expect(parsed[0].path == "/receipts/n1")
        #expect(parsed[0].bodyLength == Self.receipt.utf8.count)
    }

    @Test func theHeadWaitsForTheLastBodyByte() throws {
        var parser = HTTPRequestParser()
        let bytes = Array(post("/metrics", body: Self.receipt).utf8)
        let result = try parser.parse(bytes.dropLast())
        #expect(result.head == nil && result.consumed == bytes.count - 1)
        #expect(parser.hasPartialHead, "a timeout now is a 408: the request is incomplete")
        let last = try parser.parse(bytes.suffix(1))
        #expect(last.head?.bodyLength == Self.receipt.utf8.count && last.consumed == 1)
        #expect(!parser.hasPartialHead)
    }

    @Test(arguments: [nil, 1, 5, 33])
    func aBodyThenAPipelinedRequest(chunkSize: Int?) throws {
        // The body's bytes look like a request line: only the framing says they are a body.
        let body = "GET /not-a-request HTTP/1.1\r\n\r\n"
        let text =
            post("/receipts", body: body) + request("/media/1KB.jpg") + post("/metrics", body: "{}", method: "PUT")
        let parsed = try heads(text, chunkSize: chunkSize)
        #expect(
            parsed.map(\.description) == [
                "POST /receipts HTTP/1.1", "GET /media/1KB.jpg HTTP/1.1", "PUT /metrics HTTP/1.1",
            ])
        #expect(parsed.map(\.bodyLength) == [body.utf8.count, 0, 2])
        #expect(parsed.map(\.keepAlive) == [true, true, true])
    }

    @Test func aGetMayCarryABodyToo() throws {
        let parsed = try heads(post("/media/1KB.jpg", body: "xyz", method: "GET") + request("/health"))
        #expect(parsed.map(\.path) == ["/media/1KB.jpg", "/health"])
        #expect(parsed.map(\.bodyLength) == [3, 0])
    }

    @Test func anEmptyBodyNeedsNoBytes() throws {
        let parsed = try head(post("/receipts", body: ""))
        #expect(parsed.method == .post && parsed.bodyLength == 0)
    }

    @Test func aDeleteWithoutContentLengthHasNoBody() throws {
        let parsed = try heads(request("/receipts").replacing("GET", with: "DELETE") + request("/health"))
        #expect(parsed.map(\.method) == [.delete, .get])
    }

    @Test func aBodyAtTheLimitIsReadOnePastItIs413() throws {
        let limits = HTTPParserLimits(maxBodyLength: 16)
        let atLimit = String(repeating: "b", count: 16)
        #expect(try heads(post("/receipts", body: atLimit), chunkSize: 3, limits: limits).first?.bodyLength == 16)
        let error = try #require(parseError(post("/receipts", body: atLimit + "b"), limits: limits))
        #expect(error == .bodyTooLarge(length: "17", limit: 16))
        #expect(error.status == .contentTooLarge)
        #expect(!error.errorResponse.head.keepAlive, "the body is not read: the connection closes after the 413")
    }

    @Test func tooLargeIsAnsweredBeforeTheBodyArrives() throws {
        var parser = HTTPRequestParser(limits: HTTPParserLimits(maxBodyLength: 100))
        let head = Array("POST /metrics HTTP/1.1\r\nHost: h\r\nContent-Length: 101\r\n".utf8)
        #expect(throws: HTTPParseError.bodyTooLarge(length: "101", limit: 100)) { try parser.parse(head[...]) }
    }

    @Test func aPostWithoutContentLengthIs411() throws {
        // A body sent without framing cannot be told from the next request: the server asks for a length.
        let error = try #require(parseError("POST /receipts HTTP/1.1\r\nHost: h\r\n\r\n{\"id\":1}"))
        #expect(error == .lengthRequired("POST"))
        #expect(error.status == .lengthRequired)
        #expect(error.errorResponse.head.status.code == 411)
    }

    @Test func aChunkedUploadIs411() throws {
        let text = "POST /receipts HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
        let error = try #require(parseError(text))
        #expect(error == .transferEncodingNotSupported("chunked"))
        #expect(error.status.code == 411)
    }

    @Test func equalContentLengthsRepeatedAreOneLength() throws {
        let text = "POST /receipts HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}"
        #expect(try head(text).bodyLength == 2)
    }
}
