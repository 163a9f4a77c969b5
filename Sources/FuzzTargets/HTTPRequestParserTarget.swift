import MediaServer

/// ``FuzzTarget/http``: the request parser must not depend on how the socket splits the bytes, and a
/// head it accepts must survive being written out and read again.
enum HTTPRequestParserTarget {
    /// The server's limits, and limits tight enough that short inputs reach every limit check.
    static let limitsUnderTest = [
        HTTPParserLimits(),
        HTTPParserLimits(
            maxRequestLineLength: 40, maxHeaderLineLength: 40, maxHeadLength: 120, maxHeaderCount: 3, maxBodyLength: 8),
        HTTPParserLimits(requiresHost: false),
    ]

    /// Pieces the bytes arrive in besides all at once: one byte at a time (slow-loris) and an odd size
    /// that splits CRLFs, percent escapes and tokens.
    static let pieceSizes = [1, 7]

    static func run(_ input: [UInt8]) throws(FuzzFinding) {
        for limits in limitsUnderTest {
            let whole = ParseOutcome(input, pieceSize: max(input.count, 1), limits: limits)
            for size in pieceSizes {
                let pieces = ParseOutcome(input, pieceSize: size, limits: limits)
                guard pieces == whole else {
                    throw finding(
                        "the outcome does not depend on how the bytes are split",
                        "\(quoted(String(decoding: input, as: UTF8.self))) at once: \(whole); "
                            + "in \(size)-byte pieces: \(pieces)")
                }
            }
            for head in whole.heads { try checkRoundTrip(head, limits: limits) }
        }
    }

    /// A head written back as a request (method, raw target, version, each field as `name: value`,
    /// then a body of its length) parses to the same method, version, path, query, fields, keep-alive
    /// and body length. Fields compare as the
    /// decoded names and values the server reads (``HTTPHeaders`` compares raw bytes, and bytes of a
    /// value that are not UTF-8 are not written back as they came).
    private static func checkRoundTrip(_ head: HTTPRequestHead, limits: HTTPParserLimits) throws(FuzzFinding) {
        var text = "\(head.method.rawValue) \(head.target) \(head.version)\r\n"
        for field in head.headers { text += "\(field.name): \(field.value)\r\n" }
        text += "\r\n" + String(repeating: "b", count: head.bodyLength)
        // The rendering may be longer than the original ("a:b" becomes "a: b"), so only the
        // semantic limit (Host) carries over.
        let relaxed = HTTPParserLimits(
            maxRequestLineLength: 1 << 20, maxHeaderLineLength: 1 << 20, maxHeadLength: 1 << 22,
            maxHeaderCount: 1 << 16, requiresHost: limits.requiresHost, maxBodyLength: limits.maxBodyLength)
        let again = ParseOutcome(Array(text.utf8), pieceSize: text.utf8.count, limits: relaxed)
        guard again.failure == nil, again.heads.count == 1, let reparsed = again.heads.first,
            reparsed.method == head.method, reparsed.version == head.version, reparsed.path == head.path,
            reparsed.query == head.query, Array(reparsed.headers) == Array(head.headers),
            reparsed.keepAlive == head.keepAlive, reparsed.bodyLength == head.bodyLength
        else {
            throw finding("a head parses back from its rendering", "\(quoted(text)) gave \(again)")
        }
    }

    private static func finding(_ invariant: String, _ detail: String) -> FuzzFinding {
        FuzzFinding(target: .http, invariant: invariant, detail: detail)
    }
}

/// What one parser made of a byte stream: the heads it completed, in order, and how it ended.
struct ParseOutcome: Equatable, CustomStringConvertible {
    var heads: [HTTPRequestHead] = []
    /// The status of the error it failed with, if it failed.
    var failure: HTTPStatus?
    /// Whether a head was still arriving at the end (the connection would time out with 408).
    var hasPartialHead = false

    init(_ bytes: [UInt8], pieceSize: Int, limits: HTTPParserLimits) {
        var parser = HTTPRequestParser(limits: limits)
        var heads: [HTTPRequestHead] = []
        var failure: HTTPStatus?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, failure == nil {
                let end = min(raw.count, offset + pieceSize)
                do throws(HTTPParseError) {
                    try parser.parse(UnsafeRawBufferPointer(rebasing: raw[offset..<end])) { heads.append($0) }
                } catch {
                    failure = error.status
                }
                offset = end
            }
        }
        self.heads = heads
        self.failure = failure
        self.hasPartialHead = parser.hasPartialHead
    }

    var description: String {
        let ending = failure.map { "failed with \($0)" } ?? (hasPartialHead ? "a partial head" : "no partial head")
        return "\(heads.count) heads [\(heads.map(\.description).joined(separator: "; "))], \(ending)"
    }
}
