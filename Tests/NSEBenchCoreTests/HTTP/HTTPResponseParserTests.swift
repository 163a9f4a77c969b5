import NSEBenchCore
import Testing

/// What a parse produced: the head, the body bytes, and how it ended.
private struct Parsed: Equatable {
    var head: HTTPResponseParser.Head?
    var heads = 0
    var body: [UInt8] = []
    var progress: HTTPResponseParser.Progress = .needMore
}

/// Feeds `response` to a parser in pieces of `pieceSize` bytes.
private func parse(
    _ response: String, pieceSize: Int = .max, parser: HTTPResponseParser = HTTPResponseParser(capturing: "X-Fault"),
    refuseBodyAfter: Int = .max
) throws(HTTPResponseParseError) -> (Parsed, HTTPResponseParser) {
    var parser = parser
    var parsed = Parsed()
    let bytes = Array(response.utf8)
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + max(1, min(pieceSize, bytes.count)))
        let piece = Array(bytes[offset..<end])
        let result = piece.withUnsafeBytes { raw in
            Result { () throws(HTTPResponseParseError) in
                try parser.parse(
                    raw,
                    head: { head in
                        parsed.head = head
                        parsed.heads += 1
                    },
                    body: { chunk in
                        guard parsed.body.count + chunk.count <= refuseBodyAfter else { return false }
                        parsed.body += chunk
                        return true
                    })
            }
        }
        parsed.progress = try result.get()
        if parsed.progress != .needMore { break }
        offset = end
    }
    return (parsed, parser)
}

@Suite("HTTP response parser: framing, interim responses, limits and ends")
struct HTTPResponseParserTests {
    static let chunked =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked\r\nX-FAULT: slow \r\n\r\n"
        + "5\r\nhello\r\na;name=value\r\n, world!!!\r\n0\r\nTrailer: yes\r\n\r\n"

    @Test(
        "a head and a Content-Length body come out whole however the bytes are split", arguments: [1, 2, 7, 64, .max])
    func lengthFramedBody(pieceSize: Int) throws {
        let response = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: 11\r\n\r\nhello world"
        let (parsed, parser) = try parse(response, pieceSize: pieceSize)
        #expect(parsed.progress == .complete)
        #expect(parsed.heads == 1)
        #expect(parsed.head == HTTPResponseParser.Head(status: 200, contentType: "image/png", contentLength: 11))
        #expect(parsed.body == Array("hello world".utf8))
        #expect(parser.bytesSeen == response.utf8.count)
        #expect(parser.bodyBytes == 11)
    }

    @Test("a chunked body with extensions and trailers decodes whatever the split", arguments: [1, 3, 16, .max])
    func chunkedBody(pieceSize: Int) throws {
        let (parsed, parser) = try parse(Self.chunked, pieceSize: pieceSize)
        #expect(parsed.progress == .complete)
        #expect(parsed.body == Array("hello, world!!!".utf8))
        #expect(parsed.head?.chunked == true)
        #expect(parsed.head?.captured == "slow", "the captured header's value, trimmed, whatever its name's case")
        #expect(parser.isComplete)
    }

    @Test("interim 1xx responses are skipped; the final head is reported once")
    func interimResponsesAreSkipped() throws {
        let response =
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
            + "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"
        for pieceSize in [1, 5, Int.max] {
            let (parsed, _) = try parse(response, pieceSize: pieceSize)
            #expect(parsed.heads == 1)
            #expect(parsed.head?.status == 201)
            #expect(parsed.body == Array("ok".utf8))
        }
    }

    @Test("204, 304 and a response to HEAD have no body whatever they announce")
    func responsesWithoutBodies() throws {
        for status in [204, 304] {
            let (parsed, _) = try parse("HTTP/1.1 \(status) X\r\nContent-Length: 20\r\n\r\n")
            #expect(parsed.progress == .complete)
            #expect(parsed.body.isEmpty)
            #expect(parsed.head?.contentLength == 0, "no body follows, as libcurl reports it")
        }
        let (head, _) = try parse(
            "HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n", parser: HTTPResponseParser(noBody: true))
        #expect(head.progress == .complete)
        #expect(head.head?.contentLength == 20)
    }

    @Test("a body without a length runs to the end of the connection")
    func bodyUntilClose() throws {
        var (parsed, parser) = try parse("HTTP/1.0 200 OK\nContent-Type: text/plain\n\nall of it", pieceSize: 4)
        #expect(parsed.progress == .needMore)
        #expect(parsed.body == Array("all of it".utf8))
        try parser.finishAtEndOfStream()
        #expect(parser.isComplete)
        parsed.progress = .complete
    }

    @Test(
        "a connection that ends early is an empty reply, a cut head or a cut body, with what was missing",
        arguments: [
            ("", HTTPResponseParseError.emptyReply),
            ("HTTP/1.1 100 Continue\r\n\r\n", .emptyReply),
            ("HTTP/1.1 200 OK\r\nContent-", .closedInHead),
            ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", .closedInBody(remaining: 7)),
            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", .closedInBody(remaining: nil)),
        ])
    func endsOfStream(response: String, expected: HTTPResponseParseError) throws {
        var (_, parser) = try parse(response)
        #expect(throws: expected) { try parser.finishAtEndOfStream() }
    }

    @Test(
        "malformed responses fail with what was wrong",
        arguments: [
            ("SSH-2.0-OpenSSH\r\n\r\n", HTTPResponseParseError.malformedStatusLine("SSH-2.0-OpenSSH")),
            ("HTTP/1.1 2000 OK\r\n\r\n", .malformedStatusLine("HTTP/1.1 2000 OK")),
            ("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", .malformedHeader("no colon here")),
            ("HTTP/1.1 200 OK\r\nContent-Length: 12a\r\n\r\n", .invalidContentLength("12a")),
            ("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", .invalidContentLength("1 and 2")),
            ("HTTP/1.1 200 OK\r\nContent-Length: 2, 3\r\n\r\n", .invalidContentLength("2 and 3")),
            (
                "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
                .invalidContentLength("99999999999999999999")
            ),
            (
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n8000000000000000\r\n",
                .malformedChunk("a chunk size beyond 9223372036854775807")
            ),
            (
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                .malformedChunk("a chunk size line that starts with 'z'")
            ),
            (
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc",
                .malformedChunk("chunk data longer than its size")
            ),
        ])
    func malformedResponses(response: String, expected: HTTPResponseParseError) {
        for pieceSize in [1, Int.max] {
            #expect(throws: expected) { _ = try parse(response, pieceSize: pieceSize) }
        }
    }

    @Test("a head at the limit is read; one byte past it fails, however it arrives")
    func headLimit() throws {
        let head = "HTTP/1.1 200 OK\r\nX-Pad: "
        let limit = 100
        let padding = String(repeating: "a", count: limit - head.utf8.count - 4)
        let atLimit = head + padding + "\r\n\r\n"
        #expect(atLimit.utf8.count == limit)
        for pieceSize in [1, 10, Int.max] {
            let (parsed, _) = try parse(
                atLimit, pieceSize: pieceSize, parser: HTTPResponseParser(maximumHeadBytes: limit))
            #expect(parsed.head?.status == 200)
            #expect(throws: HTTPResponseParseError.headTooLarge(limit: limit)) {
                _ = try parse(
                    head + padding + "a\r\n\r\n", pieceSize: pieceSize,
                    parser: HTTPResponseParser(maximumHeadBytes: limit))
            }
        }
    }

    @Test("what libcurl also reads: a repeated length, a length past 2^62, 16 hex digits, HTTP/2's status line, 101")
    func libcurlsLatitude() throws {
        let repeated = try parse("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\nok").0
        #expect(repeated.head?.contentLength == 2)
        #expect(repeated.body == Array("ok".utf8))
        let huge = try parse("HTTP/1.1 200 OK\r\nContent-Length: 9000000000000000000\r\n\r\nab").0
        #expect(huge.head?.contentLength == 9_000_000_000_000_000_000)
        let sixteen = try parse(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0000000000000002\r\nok\r\n0\r\n\r\n"
        ).0
        #expect(sixteen.progress == .complete)
        #expect(sixteen.body == Array("ok".utf8))
        let two = try parse("HTTP/2 404\r\ncontent-length: 1\r\n\r\nx").0
        #expect(two.head?.status == 404)
        var (switched, parser) = try parse("HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\nraw bytes")
        #expect(switched.body == Array("raw bytes".utf8), "the switched protocol's bytes are read as body")
        try parser.finishAtEndOfStream()
        switched.progress = .complete
    }

    @Test("the default head limit is 300 KiB, libcurl 8's")
    func defaultHeadLimit() throws {
        let line = "X-Pad: " + String(repeating: "a", count: 1_000) + "\r\n"
        let big = "HTTP/1.1 200 OK\r\n" + String(repeating: line, count: 150) + "Content-Length: 0\r\n\r\n"
        #expect(try parse(big).0.progress == .complete, "150 KB of headers, which libcurl 7.88 reads too")
        let tooBig = "HTTP/1.1 200 OK\r\n" + String(repeating: line, count: 310) + "\r\n"
        #expect(throws: HTTPResponseParseError.headTooLarge(limit: 300 * 1_024)) { _ = try parse(tooBig) }
    }

    @Test("a body handler that refuses stops the parse there")
    func refusedBody() throws {
        let (parsed, _) = try parse(
            "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789", pieceSize: 4, refuseBodyAfter: 5)
        #expect(parsed.progress == .refused)
        #expect(parsed.body.count <= 5)
    }

    @Test("bytes after a complete response are not taken")
    func stopsAtTheEnd() throws {
        let (parsed, parser) = try parse("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA")
        #expect(parsed.progress == .complete)
        #expect(parsed.body == Array("ok".utf8))
        #expect(parser.bytesSeen == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8.count)
    }

    @Test("keeping a redirect's fields keeps those of a 3xx only; keeping every field keeps all")
    func redirectFields() throws {
        let redirect = "HTTP/1.1 302 Found\r\nLocation: /cdn/pic.jpg\r\nContent-Length: 0\r\n\r\n"
        let ok = "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 2\r\n\r\nok"
        let redirects = HTTPResponseParser(keepingRedirectFields: true)
        #expect(
            try parse(redirect, parser: redirects).0.head?.fields == [
                HTTPHeaderField(name: "Location", value: "/cdn/pic.jpg"),
                HTTPHeaderField(name: "Content-Length", value: "0"),
            ])
        #expect(try parse(ok, parser: redirects).0.head?.fields == [], "a 200's fields make no strings")
        #expect(try parse(redirect).0.head?.fields == [], "kept by neither")
        #expect(try parse(ok, parser: HTTPResponseParser(keepingFields: true)).0.head?.fields.count == 2)
    }
}
