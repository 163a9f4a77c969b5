/// Reads one HTTP/1.x response as its bytes arrive: the head, then the body framed by
/// `Content-Length`, chunked transfer coding, or the end of the connection.
///
/// Body bytes are handed on in place, as slices of what was given to ``parse(_:head:body:)``; only a
/// head that arrives in more than one piece is copied (to join its pieces). Interim (1xx) responses
/// are skipped, as a client does; a response to `HEAD`, a 204 and a 304 have no body whatever they
/// announce.
///
/// ```swift
/// var parser = HTTPResponseParser(capturing: "X-NSE-Bench-Fault")
/// let progress = try parser.parse(bytes, head: { head in print(head.status) }, body: { chunk in write(chunk) })
/// if progress == .needMore, endOfStream { try parser.finishAtEndOfStream() }
/// ```
public struct HTTPResponseParser: Sendable {
    /// What the head of the final response said that a download needs.
    public struct Head: Sendable, Equatable {
        /// The status code (200, 404, ...).
        public var status: Int
        /// `Content-Type`, or nil when it sent none.
        public var contentType: String?
        /// `Content-Length`, or nil when it sent none (or the body is chunked).
        public var contentLength: Int?
        /// Whether the body comes in chunked transfer coding.
        public var chunked: Bool
        /// The value of the header named at ``HTTPResponseParser/init(capturing:keepingFields:maximumHeadBytes:noBody:)``;
        /// nil when it was absent.
        public var captured: String?
        /// Every field, in the order written, for a parser made with `keepingFields`; empty otherwise.
        public var fields: [HTTPHeaderField]

        public init(
            status: Int, contentType: String? = nil, contentLength: Int? = nil, chunked: Bool = false,
            captured: String? = nil, fields: [HTTPHeaderField] = []
        ) {
            self.status = status
            self.contentType = contentType
            self.contentLength = contentLength
            self.chunked = chunked
            self.captured = captured
            self.fields = fields
        }
    }

    /// Where the response stands after the bytes given so far.
    public enum Progress: Sendable, Equatable {
        /// More bytes are needed (or, for a body read to the end of the connection, the end).
        case needMore
        /// The response is complete; bytes after it (none on a connection that closes) were not read.
        case complete
        /// The body handler refused a chunk; the response was abandoned there.
        case refused
    }

    /// Framing states. A chunk-size line is read byte by byte, its value accumulated as it goes.
    private enum State: Sendable, Equatable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize(value: Int, digits: Int)
        case chunkExtension(size: Int)
        case chunkSizeLineFeed(size: Int)
        case chunkData(remaining: Int)
        case chunkDataCarriageReturn
        case chunkDataLineFeed
        case trailerLineStart
        case trailerLine
        case trailerLineFeed(empty: Bool)
        case untilClose
        case complete
    }

    /// The header whose value ``Head/captured`` reports ("" for none); compared in place, ignoring
    /// case, so a parser costs no allocation for it.
    private let capturedName: String
    /// Whether ``Head/fields`` holds every field (a simulated phone's response, which user code may
    /// read); a download that needs none skips making their strings.
    public let keepsFields: Bool
    /// Whether ``Head/fields`` holds every field of a redirect (a `3xx`) when ``keepsFields`` is off: a
    /// download that follows redirects reads the `Location` of the rare one, and makes no string for the
    /// fields of the others.
    public let keepsRedirectFields: Bool
    /// The longest head accepted, terminator included.
    public let maximumHeadBytes: Int
    /// Whether the response has no body whatever its head says (the request was `HEAD`).
    public let noBody: Bool
    /// The final response's head, once it has been read.
    public private(set) var head: Head?
    /// Response bytes taken so far (interim responses, head and body framing included).
    public private(set) var bytesSeen = 0
    /// Body bytes handed on so far.
    public private(set) var bodyBytes = 0
    private var state = State.head
    /// The pieces of a head that did not arrive whole.
    private var pendingHead: [UInt8] = []

    /// The largest head read by default: 300 KiB, libcurl 8's limit for a response's heads (7.88 limits
    /// each line to 100 KiB and the whole not at all).
    public static let defaultMaximumHeadBytes = 300 * 1_024

    /// A parser for one response; `capturing` names a header whose value to keep (any case),
    /// `keepingFields` keeps every field in ``Head/fields``, and `keepingRedirectFields` a redirect's.
    public init(
        capturing headerName: String? = nil, keepingFields: Bool = false, keepingRedirectFields: Bool = false,
        maximumHeadBytes: Int = defaultMaximumHeadBytes, noBody: Bool = false
    ) {
        self.capturedName = headerName ?? ""
        self.keepsFields = keepingFields
        self.keepsRedirectFields = keepingRedirectFields
        self.maximumHeadBytes = maximumHeadBytes
        self.noBody = noBody
    }

    /// Whether the response is complete.
    public var isComplete: Bool { state == .complete }

    /// Body bytes still announced and not yet received, when the body has a `Content-Length`.
    public var remainingBodyBytes: Int? {
        if case .fixedBody(let remaining) = state { return remaining }
        return nil
    }

    /// Takes the next bytes of the response: calls `head` once with the final head, then `body` with
    /// each piece of body (in order; returning false abandons the response).
    ///
    /// - Throws: ``HTTPResponseParseError`` for a response that is not HTTP/1.x, a malformed header or
    ///   chunk, conflicting lengths, or a head beyond ``maximumHeadBytes``.
    public mutating func parse(
        _ bytes: UnsafeRawBufferPointer, head onHead: (Head) -> Void, body: (UnsafeRawBufferPointer) -> Bool
    ) throws(HTTPResponseParseError) -> Progress {
        var offset = 0
        while offset < bytes.count {
            switch state {
            case .complete:
                return .complete
            case .head:
                let taken = try takeHead(from: bytes, at: offset, onHead: onHead)
                offset += taken
            case .fixedBody(let remaining):
                let count = min(remaining, bytes.count - offset)
                state = remaining == count ? .complete : .fixedBody(remaining: remaining - count)
                guard deliver(bytes, offset, count, body) else { return .refused }
                offset += count
            case .untilClose:
                let count = bytes.count - offset
                guard deliver(bytes, offset, count, body) else { return .refused }
                offset += count
            case .chunkData(let remaining):
                let count = min(remaining, bytes.count - offset)
                state = remaining == count ? .chunkDataCarriageReturn : .chunkData(remaining: remaining - count)
                guard deliver(bytes, offset, count, body) else { return .refused }
                offset += count
            default:
                try step(bytes[offset])
                bytesSeen += 1
                offset += 1
            }
        }
        return state == .complete ? .complete : .needMore
    }

    /// The connection ended after the bytes given so far: completes a body read to the end of the
    /// connection, and throws for anything cut short.
    ///
    /// - Throws: ``HTTPResponseParseError/emptyReply`` when no byte came,
    ///   ``HTTPResponseParseError/closedInHead`` or ``HTTPResponseParseError/closedInBody(remaining:)``.
    public mutating func finishAtEndOfStream() throws(HTTPResponseParseError) {
        switch state {
        case .complete: return
        case .untilClose: state = .complete
        // Interim responses alone are no reply either, as libcurl counts it.
        case .head: throw head == nil && pendingHead.isEmpty ? .emptyReply : .closedInHead
        case .fixedBody(let remaining): throw .closedInBody(remaining: remaining)
        default: throw .closedInBody(remaining: nil)
        }
    }

    // MARK: Body

    private mutating func deliver(
        _ bytes: UnsafeRawBufferPointer, _ offset: Int, _ count: Int, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> Bool {
        bytesSeen += count
        bodyBytes += count
        return body(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)]))
    }

    /// One byte of chunk framing (size line, the line ends around data, trailers).
    private mutating func step(_ byte: UInt8) throws(HTTPResponseParseError) {
        switch state {
        case .chunkSize(let value, let digits):
            if let digit = Self.hexValue(byte) {
                guard digits < 16, value <= (Int.max - digit) >> 4 else {
                    throw .malformedChunk("a chunk size beyond \(Int.max)")
                }
                state = .chunkSize(value: value << 4 | digit, digits: digits + 1)
            } else if digits == 0 {
                throw .malformedChunk("a chunk size line that starts with \(Self.shown(byte))")
            } else if byte == ASCII.carriageReturn {
                state = .chunkSizeLineFeed(size: value)
            } else if byte == ASCII.lineFeed {
                endChunkSizeLine(value)
            } else if byte == ASCII.semicolon || byte == ASCII.space || byte == ASCII.tab {
                state = .chunkExtension(size: value)
            } else {
                throw .malformedChunk("\(Self.shown(byte)) in a chunk size")
            }
        case .chunkExtension(let size):
            if byte == ASCII.carriageReturn {
                state = .chunkSizeLineFeed(size: size)
            } else if byte == ASCII.lineFeed {
                endChunkSizeLine(size)
            }
        case .chunkSizeLineFeed(let size):
            guard byte == ASCII.lineFeed else { throw .malformedChunk("a chunk size line not ended by CRLF") }
            endChunkSizeLine(size)
        case .chunkDataCarriageReturn:
            if byte == ASCII.carriageReturn {
                state = .chunkDataLineFeed
            } else if byte == ASCII.lineFeed {
                state = .chunkSize(value: 0, digits: 0)
            } else {
                throw .malformedChunk("chunk data longer than its size")
            }
        case .chunkDataLineFeed:
            guard byte == ASCII.lineFeed else { throw .malformedChunk("chunk data not ended by CRLF") }
            state = .chunkSize(value: 0, digits: 0)
        case .trailerLineStart:
            if byte == ASCII.carriageReturn {
                state = .trailerLineFeed(empty: true)
            } else if byte == ASCII.lineFeed {
                state = .complete
            } else {
                state = .trailerLine
            }
        case .trailerLine:
            if byte == ASCII.carriageReturn {
                state = .trailerLineFeed(empty: false)
            } else if byte == ASCII.lineFeed {
                state = .trailerLineStart
            }
        case .trailerLineFeed(let empty):
            guard byte == ASCII.lineFeed else { throw .malformedChunk("a trailer line not ended by CRLF") }
            state = empty ? .complete : .trailerLineStart
        case .head, .fixedBody, .untilClose, .chunkData, .complete:
            break
        }
    }

    private mutating func endChunkSizeLine(_ size: Int) {
        state = size == 0 ? .trailerLineStart : .chunkData(remaining: size)
    }

    // MARK: Head

    /// Takes head bytes from `bytes` at `offset`; returns how many it took. When a whole head has
    /// come, reads it and moves on to its body (or to the next head, after an interim response).
    private mutating func takeHead(
        from bytes: UnsafeRawBufferPointer, at offset: Int, onHead: (Head) -> Void
    ) throws(HTTPResponseParseError) -> Int {
        if pendingHead.isEmpty, let end = Self.headEnd(in: bytes, from: offset, searchFrom: offset) {
            let count = end - offset
            guard count <= maximumHeadBytes else { throw .headTooLarge(limit: maximumHeadBytes) }
            bytesSeen += count
            try readHead(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), onHead: onHead)
            return count
        }
        let before = pendingHead.count
        if pendingHead.isEmpty { pendingHead.reserveCapacity(max(512, bytes.count - offset)) }
        let room = maximumHeadBytes + 1 - before
        let taken = min(bytes.count - offset, room)
        pendingHead.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + taken)]))
        let end = pendingHead.withUnsafeBytes { joined in
            Self.headEnd(in: joined, from: 0, searchFrom: max(0, before - 3))
        }
        guard let end else {
            guard pendingHead.count <= maximumHeadBytes else { throw .headTooLarge(limit: maximumHeadBytes) }
            bytesSeen += taken
            return taken
        }
        guard end <= maximumHeadBytes else { throw .headTooLarge(limit: maximumHeadBytes) }
        // Only the bytes of this call up to the head's end belong to it; the rest is parsed again.
        let used = end - before
        bytesSeen += used
        let joined = pendingHead
        pendingHead = []
        let read = joined.withUnsafeBytes { all in
            Result { () throws(HTTPResponseParseError) in
                try readHead(UnsafeRawBufferPointer(rebasing: all[..<end]), onHead: onHead)
            }
        }
        try read.get()
        return used
    }

    /// The offset just past the blank line that ends a head starting at `start`, searching for its
    /// line feed from `searchFrom`; nil when the head has not ended yet. Lines end in CRLF or LF.
    private static func headEnd(in bytes: UnsafeRawBufferPointer, from start: Int, searchFrom: Int) -> Int? {
        var index = max(searchFrom, start)
        while index < bytes.count {
            if bytes[index] == ASCII.lineFeed {
                if index > start, bytes[index - 1] == ASCII.lineFeed { return index + 1 }
                if index > start + 1, bytes[index - 1] == ASCII.carriageReturn, bytes[index - 2] == ASCII.lineFeed {
                    return index + 1
                }
            }
            index += 1
        }
        return nil
    }

    /// Reads a whole head (status line, fields, blank line) and sets the state for what follows it.
    private mutating func readHead(_ head: UnsafeRawBufferPointer, onHead: (Head) -> Void)
        throws(HTTPResponseParseError)
    {
        var lines = HeadLines(head)
        guard let statusLine = lines.next() else { throw .malformedStatusLine("") }
        let status = try Self.status(of: statusLine)
        var parsed = Head(status: status)
        let keepsFields = keepsFields || keepsRedirectFields && (300...399).contains(status)
        var transferCodingChunked = false
        while let line = lines.next(), !line.isEmpty {
            // An obsolete folded continuation line: joined to its field by one space when fields are
            // kept, as libcurl unfolds it; otherwise it belongs to a field no download reads.
            if line[0] == ASCII.space || line[0] == ASCII.tab {
                if keepsFields, !parsed.fields.isEmpty {
                    let more = Self.text(Self.trimmed(line))
                    if !more.isEmpty { parsed.fields[parsed.fields.count - 1].value += " " + more }
                }
                continue
            }
            guard let colon = line.firstIndex(of: ASCII.colon), colon > 0 else {
                throw .malformedHeader(Self.text(line))
            }
            let name = UnsafeRawBufferPointer(rebasing: line[..<colon])
            let value = Self.trimmed(UnsafeRawBufferPointer(rebasing: line[(colon + 1)...]))
            if keepsFields { parsed.fields.append(HTTPHeaderField(name: Self.text(name), value: Self.text(value))) }
            if Self.name(name, is: "content-length") {
                // `2, 2` (a list of one repeated value) is one length, as RFC 9110 allows.
                var rest = value
                repeat {
                    let end = rest.firstIndex(of: ASCII.comma) ?? rest.endIndex
                    let item = Self.trimmed(UnsafeRawBufferPointer(rebasing: rest[..<end]))
                    guard let length = Self.decimal(item) else { throw .invalidContentLength(Self.text(value)) }
                    if let earlier = parsed.contentLength, earlier != length {
                        throw .invalidContentLength("\(earlier) and \(length)")
                    }
                    parsed.contentLength = length
                    rest = UnsafeRawBufferPointer(rebasing: rest[min(end + 1, rest.count)...])
                } while !rest.isEmpty
            } else if Self.name(name, is: "content-type") {
                parsed.contentType = Self.text(value)
            } else if Self.name(name, is: "transfer-encoding") {
                transferCodingChunked = Self.endsWithChunked(value)
            } else if !capturedName.isEmpty, Self.name(name, matches: capturedName) {
                parsed.captured = Self.text(value)
            }
        }
        if status >= 100 && status < 200 && status != 101 {
            return  // an interim response: the final one follows
        }
        if transferCodingChunked {
            parsed.chunked = true
            parsed.contentLength = nil
        }
        if status == 204 || status == 304 {
            parsed.contentLength = 0  // whatever it announced, as libcurl reports it: no body follows
        }
        self.head = parsed
        onHead(parsed)
        if noBody || status == 204 || status == 304 {
            state = .complete
        } else if status == 101 {
            state = .untilClose  // the switched protocol's bytes, read as body as libcurl does
        } else if parsed.chunked {
            state = .chunkSize(value: 0, digits: 0)
        } else if let length = parsed.contentLength {
            state = length == 0 ? .complete : .fixedBody(remaining: length)
        } else {
            state = .untilClose
        }
    }

    /// The status code of `HTTP/1.x NNN reason` (or `HTTP/2 NNN`, which libcurl also reads).
    private static func status(of line: UnsafeRawBufferPointer) throws(HTTPResponseParseError) -> Int {
        let codeStart: Int
        if line.count >= 12, line.starts(with: "HTTP/1.".utf8), isDigit(line[7]), line[8] == ASCII.space {
            codeStart = 9
        } else if line.count >= 10, line.starts(with: "HTTP/2 ".utf8) {
            codeStart = 7
        } else {
            throw .malformedStatusLine(text(line))
        }
        guard isDigit(line[codeStart]), isDigit(line[codeStart + 1]), isDigit(line[codeStart + 2]),
            line.count == codeStart + 3 || line[codeStart + 3] == ASCII.space
        else { throw .malformedStatusLine(text(line)) }
        return Int(line[codeStart] - ASCII.zero) * 100 + Int(line[codeStart + 1] - ASCII.zero) * 10
            + Int(line[codeStart + 2] - ASCII.zero)
    }

    // MARK: Bytes

    /// Lines of a head, without their CR LF (or LF).
    private struct HeadLines {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func next() -> UnsafeRawBufferPointer? {
            guard offset < bytes.count else { return nil }
            let start = offset
            var end = start
            while end < bytes.count, bytes[end] != ASCII.lineFeed { end += 1 }
            offset = end + 1
            if end > start, bytes[end - 1] == ASCII.carriageReturn { end -= 1 }
            return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= ASCII.zero && byte <= ASCII.zero + 9 }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case ASCII.zero...(ASCII.zero + 9): Int(byte - ASCII.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private static func name(_ name: UnsafeRawBufferPointer, is lowercasedName: StaticString) -> Bool {
        lowercasedName.withUTF8Buffer { expected in
            expected.count == name.count && zip(name, expected).allSatisfy { lowercased($0) == $1 }
        }
    }

    private static func name(_ name: UnsafeRawBufferPointer, matches expected: String) -> Bool {
        expected.utf8.count == name.count && zip(name, expected.utf8).allSatisfy { lowercased($0) == lowercased($1) }
    }

    private static func trimmed(_ value: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = value.count
        while start < end, value[start] == ASCII.space || value[start] == ASCII.tab { start += 1 }
        while end > start, value[end - 1] == ASCII.space || value[end - 1] == ASCII.tab { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: value[start..<end])
    }

    /// A non-negative decimal up to `Int.max`; nil for anything else.
    private static func decimal(_ value: UnsafeRawBufferPointer) -> Int? {
        guard !value.isEmpty else { return nil }
        var result = 0
        for byte in value {
            guard isDigit(byte) else { return nil }
            let (times10, overflowed) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times10.addingReportingOverflow(Int(byte - ASCII.zero))
            guard !overflowed, !overflowedAgain else { return nil }
            result = sum
        }
        return result
    }

    /// Whether a `Transfer-Encoding` value's last coding is `chunked`.
    private static func endsWithChunked(_ value: UnsafeRawBufferPointer) -> Bool {
        let last = value.lastIndex(of: ASCII.comma).map { value.index(after: $0) } ?? 0
        return name(trimmed(UnsafeRawBufferPointer(rebasing: value[last...])), is: "chunked")
    }

    private static func text(_ bytes: UnsafeRawBufferPointer) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func shown(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }
}

/// The ASCII bytes the HTTP parsers compare against.
enum ASCII {
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let comma = UInt8(ascii: ",")
    static let zero = UInt8(ascii: "0")
}
