import Testing

@testable import MediaServer

/// The parser's answer must not depend on how TCP splits the bytes: the first byte that breaks a rule
/// decides the error, as when they arrive one at a time. Whole lines used to be checked rule by rule
/// (line length before method characters), so a long request line with a bad method byte early on
/// was 414 at once and 400 byte by byte (found by Fuzz/run.sh, target http).
@Suite("HTTP request parser: the same answer however the bytes are split")
struct HTTPParserSplitTests {
    static let tight = HTTPParserLimits(maxRequestLineLength: 40, maxHeaderLineLength: 40, maxHeadLength: 120)

    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let status: Int
        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        // The fuzzer's input: "%" at byte 18 is no method character; the line passes 40 bytes later.
        Case(text: "GET!/media/8MB.gif?ttfb=lognormal%3Amedian%3D300ms HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        // A bare LF after the line already passed its limit: the limit broke first.
        Case(text: "GET /" + String(repeating: "a", count: 50) + " HTTP/1.1\nHost: a\n\n", status: 414),
        // A field line over its limit with a control byte before the limit: values are checked when
        // their line is complete, so the limit, broken as bytes arrive, decides.
        Case(
            text: "GET / HTTP/1.1\r\nHost: a\r\nX: \u{1}" + String(repeating: "b", count: 50) + "\r\n\r\n", status: 431),
        // The head passes its limit inside a field line that also ends in a bare LF.
        Case(
            text: "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: 0123456789012345678901234\r\n", count: 4)
                + "Y: z\n\r\n",
            status: 431),
    ]

    @Test(arguments: cases)
    func theFirstBadByteDecides(_ example: Case) {
        for chunkSize in [nil, 1, 2, 7, 13] {
            var parser = HTTPRequestParser(limits: Self.tight)
            let error = #expect(throws: HTTPParseError.self, "chunks of \(chunkSize.map(String.init) ?? "all")") {
                try feed(Array(example.text.utf8), chunkSize: chunkSize, into: &parser)
            }
            #expect(
                error?.status.code == example.status,
                "chunks of \(chunkSize.map(String.init) ?? "all"): \(String(describing: error))")
        }
    }
}
