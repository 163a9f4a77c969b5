import Testing

@testable import MediaServer

@Suite("HTTP request parser: every limit at and one past its bound")
struct HTTPParserLimitTests {
    static let limitSets: [HTTPParserLimits] = [
        HTTPParserLimits(),
        HTTPParserLimits(maxRequestLineLength: 40, maxHeaderLineLength: 24, maxHeadLength: 90, maxHeaderCount: 5),
    ]

    /// `GET /aaa… HTTP/1.1`, exactly `length` bytes.
    static func requestLine(length: Int) -> String {
        "GET /" + String(repeating: "a", count: length - 14) + " HTTP/1.1"
    }

    /// `X:vvv…`, exactly `length` bytes.
    static func fieldLine(length: Int) -> String {
        "X:" + String(repeating: "v", count: length - 2)
    }

    /// A request whose head is exactly `length` bytes, its fields within the line and count limits.
    static func head(length: Int, limits: HTTPParserLimits) -> String {
        let base = "GET / HTTP/1.1\r\nHost: h\r\n"
        let fieldBytes = length - base.utf8.count - 2
        let perLine = limits.maxHeaderLineLength + 2
        let lineCount = (fieldBytes + perLine - 1) / perLine
        var fields = ""
        for index in 0..<lineCount {
            let total = fieldBytes / lineCount + (index < fieldBytes % lineCount ? 1 : 0)
            fields += fieldLine(length: total - 2) + "\r\n"
        }
        return base + fields + "\r\n"
    }

    @Test(arguments: limitSets)
    func requestLineAtTheLimitIsAccepted(limits: HTTPParserLimits) throws {
        let line = Self.requestLine(length: limits.maxRequestLineLength)
        #expect(try heads(line + "\r\nHost: h\r\n\r\n", limits: limits).count == 1)
        #expect(try heads(line + "\r\nHost: h\r\n\r\n", chunkSize: 1, limits: limits).count == 1)
    }

    @Test(arguments: limitSets)
    func requestLineOnePastTheLimitIs414(limits: HTTPParserLimits) throws {
        let line = Self.requestLine(length: limits.maxRequestLineLength + 1)
        let error = try #require(parseError(line + "\r\nHost: h\r\n\r\n", limits: limits))
        guard case .requestLineTooLong(let prefix, let limit) = error else {
            Issue.record("expected requestLineTooLong, got \(error)")
            return
        }
        #expect(limit == limits.maxRequestLineLength)
        #expect(prefix.hasPrefix("GET /aaa"))
        #expect(error.status == .uriTooLong)
    }

    @Test(arguments: limitSets)
    func anOverlongLineFailsBeforeItsEndArrives(limits: HTTPParserLimits) throws {
        let atLimit = Array(Self.requestLine(length: limits.maxRequestLineLength).utf8)
        var parser = HTTPRequestParser(limits: limits)
        // The limit's worth of bytes and the CR are fine: the CR may be half of the CRLF.
        _ = try feed(atLimit + [0x0D], chunkSize: 1, into: &parser)
        #expect(parser.hasPartialHead)
        var tooLong = HTTPRequestParser(limits: limits)
        #expect(throws: HTTPParseError.self) {
            _ = try feed(atLimit + [0x61], chunkSize: 1, into: &tooLong)
        }
        #expect(tooLong.error?.status == .uriTooLong)
    }

    @Test(arguments: limitSets)
    func headerLineAtTheLimitIsAcceptedAndOnePastIs431(limits: HTTPParserLimits) throws {
        let atLimit = request("/", Self.fieldLine(length: limits.maxHeaderLineLength))
        #expect(try heads(atLimit, limits: limits).count == 1)
        #expect(try heads(atLimit, chunkSize: 1, limits: limits).count == 1)
        let over = request("/", Self.fieldLine(length: limits.maxHeaderLineLength + 1))
        let error = try #require(parseError(over, limits: limits))
        guard case .headerLineTooLong(let prefix, let limit) = error else {
            Issue.record("expected headerLineTooLong, got \(error)")
            return
        }
        #expect(limit == limits.maxHeaderLineLength)
        #expect(prefix.hasPrefix("X:vvv"))
        #expect(error.status == .requestHeaderFieldsTooLarge)
    }

    @Test(arguments: limitSets)
    func headAtTheLimitIsAcceptedAndOnePastIs431(limits: HTTPParserLimits) throws {
        let atLimit = Self.head(length: limits.maxHeadLength, limits: limits)
        #expect(atLimit.utf8.count == limits.maxHeadLength)
        #expect(try heads(atLimit, limits: limits).count == 1)
        #expect(try heads(atLimit, chunkSize: 1, limits: limits).count == 1)
        let over = Self.head(length: limits.maxHeadLength + 1, limits: limits)
        #expect(over.utf8.count == limits.maxHeadLength + 1)
        #expect(parseError(over, limits: limits) == .headTooLarge(limit: limits.maxHeadLength))
        #expect(HTTPParseError.headTooLarge(limit: 1).status == .requestHeaderFieldsTooLarge)
    }

    @Test(arguments: limitSets)
    func headerCountAtTheLimitIsAcceptedAndOnePastIs431(limits: HTTPParserLimits) throws {
        let fields = (1..<limits.maxHeaderCount).map { "X\($0):" }
        let atLimit = "GET / HTTP/1.1\r\nHost: h\r\n" + fields.map { $0 + "\r\n" }.joined() + "\r\n"
        #expect(try heads(atLimit, limits: limits).first?.headers.count == limits.maxHeaderCount)
        let over = "GET / HTTP/1.1\r\nHost: h\r\n" + fields.map { $0 + "\r\n" }.joined() + "Y:\r\n\r\n"
        #expect(parseError(over, limits: limits) == .tooManyHeaders(limit: limits.maxHeaderCount))
    }

    @Test func leadingEmptyLinesCountTowardsTheHead() {
        let limits = HTTPParserLimits(maxHeadLength: 64)
        let flood = String(repeating: "\r\n", count: 33)
        #expect(parseError(flood, limits: limits) == .headTooLarge(limit: 64))
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let limits = HTTPParserLimits()
        #expect(limits.maxRequestLineLength == 8192)
        #expect(limits.maxHeaderLineLength == 8192)
        #expect(limits.maxHeadLength == 16384)
        #expect(limits.maxHeaderCount == 64)
        #expect(limits.requiresHost)
    }
}
