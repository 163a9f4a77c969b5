import Testing

@testable import MediaServer

/// Feeds `bytes` to a parser in chunks of `chunkSize` (the whole at once when `nil`) and collects
/// the heads, passing the unconsumed rest of each chunk back as a real server does.
func feed(
    _ bytes: [UInt8], chunkSize: Int? = nil, into parser: inout HTTPRequestParser
) throws(HTTPParseError) -> [HTTPRequestHead] {
    var heads: [HTTPRequestHead] = []
    let size = chunkSize ?? max(bytes.count, 1)
    var start = 0
    while start < bytes.count {
        var chunk = bytes[start..<min(start + size, bytes.count)]
        while !chunk.isEmpty {
            let result = try parser.parse(chunk)
            if let head = result.head { heads.append(head) }
            #expect(result.consumed > 0)
            #expect(result.head != nil || result.consumed == chunk.count)
            chunk = chunk.dropFirst(result.consumed)
        }
        start += size
    }
    return heads
}

/// Parses `text` whole with `limits`.
func heads(_ text: String, chunkSize: Int? = nil, limits: HTTPParserLimits = HTTPParserLimits()) throws(HTTPParseError)
    -> [HTTPRequestHead]
{
    var parser = HTTPRequestParser(limits: limits)
    return try feed(Array(text.utf8), chunkSize: chunkSize, into: &parser)
}

/// The single head `text` holds.
func head(_ text: String) throws -> HTTPRequestHead {
    let parsed = try heads(text)
    try #require(parsed.count == 1)
    return parsed[0]
}

/// The error parsing `bytes` whole throws, or `nil` when it throws none.
func parseError(_ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPParseError? {
    var parser = HTTPRequestParser(limits: limits)
    do {
        _ = try feed(bytes, into: &parser)
        return nil
    } catch {
        return error
    }
}

/// ``parseError(_:limits:)`` for text.
func parseError(_ text: String, limits: HTTPParserLimits = HTTPParserLimits()) -> HTTPParseError? {
    parseError(Array(text.utf8), limits: limits)
}

/// A GET of `target` with a Host field, plus `extra` field lines (each without CRLF).
func request(_ target: String = "/", version: String = "HTTP/1.1", _ extra: String...) -> String {
    "GET \(target) \(version)\r\nHost: bench.test\r\n" + extra.map { $0 + "\r\n" }.joined() + "\r\n"
}
