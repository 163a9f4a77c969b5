/// An incremental, bounded parser of HTTP/1.1 requests, one per connection: it returns each request's
/// head once the head and its body (read and discarded) are in.
///
/// Feed it the bytes a non-blocking socket yields, in chunks of any size: one byte at a time
/// (slow-loris) or several pipelined requests at once. Each call consumes bytes up to the end of
/// the first request it completes and returns that request's head; the caller passes the unconsumed
/// rest again (or uses ``parse(_:onHead:)``, which loops). Between requests the parser holds no heap
/// memory; while a head is arriving it holds that head's bytes once, and they move into the
/// ``HTTPRequestHead`` without another copy. A body is counted and dropped as it arrives, never held.
///
/// Policy (RFC 9112, strict where it lets a server choose):
/// - Lines must end in CRLF. A bare LF is rejected (``HTTPParseError/bareLineFeed(_:)``) rather than
///   tolerated, so that no two parsers on the path can disagree about where a line ends; a bare CR
///   is rejected by the check of the element it lands in.
/// - Empty lines before the request line are ignored (§2.2); they count towards the head's size.
/// - Bytes that cannot start a method (a TLS handshake, binary noise) are rejected as soon as they
///   arrive, without waiting for a line end.
/// - Obsolete line folding, whitespace before a colon and control bytes in values are 400s.
/// - A body is framed by `Content-Length` alone, up to ``HTTPParserLimits/maxBodyLength`` (413 above
///   it, answered as soon as the field arrives); the head is returned once the last body byte is in
///   (``HTTPRequestHead/bodyLength``), so bytes after it are the next pipelined request. Any
///   `Transfer-Encoding` (a chunked upload) is a 411, as is a `POST`, `PUT` or `PATCH` without
///   `Content-Length`; two different `Content-Length` values are a 400. A request of another method
///   without `Content-Length` has no body (RFC 9112 §6.3).
/// - An HTTP/1.1 request needs exactly one `Host` (see ``HTTPParserLimits/requiresHost``).
/// - Methods other than ``HTTPMethod``'s are 405; versions other than 1.0 and 1.1
///   are 505; request targets as in ``HTTPRequestHead/path``.
///
/// After an error the parser is failed for good: every later call throws the same error, and the
/// server answers (``HTTPParseError/errorResponse``) and closes the connection.
public struct HTTPRequestParser: Sendable {
    /// The bounds this parser enforces.
    public let limits: HTTPParserLimits

    private enum State: Sendable {
        case requestLine
        case headers(RequestLine)
        /// The head is complete; this many body bytes are still to come before it is returned. Boxed
        /// (`indirect`), so that a parser between requests stays a few words inline.
        indirect case body(HTTPRequestHead, remaining: Int)
        case failed(HTTPParseError)
    }

    private struct RequestLine: Sendable {
        var method: HTTPMethod
        var version: HTTPVersion
        var target: RequestTarget
        var targetRange: Range<Int>
        var fieldStart: Int
    }

    private var state = State.requestLine
    /// The current head's bytes so far.
    private var buffer: [UInt8] = []
    /// Where the line being received starts in `buffer`.
    private var lineStart = 0
    /// Bytes of the current head consumed, including ignored leading empty lines.
    private var headLength = 0
    /// How many leading bytes of the request line were checked to be method characters; `nil` once
    /// the space after the method (or a CR) was seen.
    private var methodBytesChecked: Int? = 0
    private var headerCount = 0
    private var hostCount = 0
    private var connectionClose = false
    private var connectionKeepAlive = false
    /// The `Content-Length` value, once a field line gave one.
    private var contentLength: Int?

    /// A parser enforcing `limits`.
    public init(limits: HTTPParserLimits = HTTPParserLimits()) {
        self.limits = limits
    }

    /// Whether part of a request (its head, or its head and part of its body) has arrived and the
    /// rest has not: a connection that times out in this state deserves a 408; one that times out
    /// idle is closed without a response.
    public var hasPartialHead: Bool {
        switch state {
        case .failed: false
        case .body: true
        case .requestLine, .headers: headLength > 0
        }
    }

    /// The error the parser failed with, or `nil` while it is healthy.
    public var error: HTTPParseError? {
        if case .failed(let error) = state { return error }
        return nil
    }

    /// Consumes `bytes` up to the end of the first head they complete.
    ///
    /// - Returns: how many bytes were consumed (all of them unless a head completed) and the
    ///   completed head, if any.
    /// - Throws: the reason the head is invalid; then and on every later call.
    public mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(HTTPParseError) -> HTTPParseResult {
        if case .failed(let error) = state { throw error }
        do {
            return try consume(bytes)
        } catch {
            state = .failed(error)
            buffer = []
            return try parse(bytes)
        }
    }

    /// ``parse(_:)-(UnsafeRawBufferPointer)`` for bytes held in an array.
    public mutating func parse(_ bytes: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPParseResult {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(HTTPParseError) -> HTTPParseResult in try parse(raw) }
        }.get()
    }

    /// Consumes all of `bytes`, calling `onHead` for each head they complete, in order; a partial
    /// head at the end stays buffered for the next call. Heads completed before an error are
    /// delivered before the error is thrown.
    public mutating func parse(
        _ bytes: UnsafeRawBufferPointer, onHead: (HTTPRequestHead) -> Void
    ) throws(HTTPParseError) {
        var rest = bytes
        while !rest.isEmpty {
            let result = try parse(rest)
            if let head = result.head { onHead(head) }
            rest = UnsafeRawBufferPointer(rebasing: rest[result.consumed...])
        }
    }

    // MARK: - Lines

    private mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(HTTPParseError) -> HTTPParseResult {
        var index = 0
        while index < bytes.count {
            if case .body(let head, let remaining) = state {
                let taken = Swift.min(remaining, bytes.count - index)
                index += taken
                guard taken == remaining else {
                    state = .body(head, remaining: remaining - taken)
                    break
                }
                self = HTTPRequestParser(limits: limits)
                return HTTPParseResult(consumed: index, head: head)
            }
            var lineFeed = index
            while lineFeed < bytes.count && bytes[lineFeed] != ASCII.lineFeed {
                lineFeed += 1
            }
            let segment = UnsafeRawBufferPointer(rebasing: bytes[index..<lineFeed])
            guard lineFeed < bytes.count else {
                try appendPartialLine(segment)
                break
            }
            index = lineFeed + 1
            if let head = try completeLine(segment) {
                return HTTPParseResult(consumed: index, head: head)
            }
        }
        return HTTPParseResult(consumed: bytes.count, head: nil)
    }

    /// Takes bytes of a line whose LF has not arrived yet, failing as soon as a limit is passed.
    private mutating func appendPartialLine(_ segment: UnsafeRawBufferPointer) throws(HTTPParseError) {
        if let error = firstBrokenRule(segment, lineFeedFollows: false) { throw error }
        advanceMethodCheck(segment)
        append(segment)
        headLength += segment.count
    }

    /// Takes the rest of a line (without its LF) and the LF, then interprets the line. Returns the
    /// head when the line was the empty line ending it.
    private mutating func completeLine(_ segment: UnsafeRawBufferPointer) throws(HTTPParseError) -> HTTPRequestHead? {
        if let error = firstBrokenRule(segment, lineFeedFollows: true) { throw error }
        advanceMethodCheck(segment)
        append(segment)
        buffer.append(ASCII.lineFeed)
        headLength += segment.count + 1
        let content = lineStart..<(buffer.count - 2)
        lineStart = buffer.count
        switch state {
        case .requestLine where content.isEmpty:
            buffer.removeAll(keepingCapacity: true)
            lineStart = 0
            methodBytesChecked = 0
            return nil
        case .requestLine:
            state = .headers(try parseRequestLine(content))
            return nil
        case .headers(let requestLine) where content.isEmpty:
            return try finishHead(requestLine)
        case .headers:
            try parseFieldLine(content)
            return nil
        case .body:
            return nil  // consume(_:) reads a body before it looks for lines
        case .failed(let error):
            throw error
        }
    }

    private func endsInCarriageReturn(_ segment: UnsafeRawBufferPointer) -> Bool {
        if let last = segment.last { return last == ASCII.carriageReturn }
        return buffer.count > lineStart && buffer[buffer.count - 1] == ASCII.carriageReturn
    }

    private mutating func append(_ segment: UnsafeRawBufferPointer) {
        if buffer.capacity == 0 {
            buffer.reserveCapacity(Swift.min(Swift.max(limits.maxHeadLength, 0), 1024))
        }
        buffer.append(contentsOf: segment)
    }

    /// The error for the first byte of `segment` (or of the LF after it, when `lineFeedFollows`) that
    /// breaks a rule checked as bytes arrive: the line and head limits, the method's characters and
    /// the CR before the LF. By byte position, so that the answer is the same however the bytes are
    /// split: the error a client gets when they arrive one at a time. Rules of one byte are checked in
    /// that order: CRLF, line, head, method.
    private func firstBrokenRule(_ segment: UnsafeRawBufferPointer, lineFeedFollows: Bool) -> HTTPParseError? {
        var first: (position: Int, error: HTTPParseError)?
        func consider(_ position: Int, _ error: @autoclosure () -> HTTPParseError) {
            if first.map({ position < $0.position }) ?? true { first = (position, error()) }
        }
        let endsInCR = endsInCarriageReturn(segment)
        if lineFeedFollows && !endsInCR {
            consider(segment.count, .bareLineFeed(describeLine(segment)))
        }
        // A CR at the end may be the first half of the CRLF: it does not count towards the line.
        let lineSoFar = buffer.count - lineStart
        let lineLimit = lineLimitForState
        if lineSoFar + segment.count - (endsInCR ? 1 : 0) > lineLimit {
            // The byte past the limit; a CR there counts only once the byte after it arrives.
            var position = Swift.max(0, lineLimit - lineSoFar)
            if position < segment.count && segment[position] == ASCII.carriageReturn { position += 1 }
            consider(position, lineTooLong(segment))
        }
        if headLength + segment.count + (lineFeedFollows ? 1 : 0) > limits.maxHeadLength {
            consider(Swift.max(0, limits.maxHeadLength - headLength), .headTooLarge(limit: limits.maxHeadLength))
        }
        if let position = badMethodByte(segment) {
            consider(position, .invalidMethod(describeLine(segment)))
        }
        return first?.error
    }

    private var lineLimitForState: Int {
        switch state {
        case .requestLine: limits.maxRequestLineLength
        case .headers: limits.maxHeaderLineLength
        case .body, .failed: Int.max
        }
    }

    private func lineTooLong(_ segment: UnsafeRawBufferPointer) -> HTTPParseError {
        switch state {
        case .headers: .headerLineTooLong(prefix: describeLine(segment), limit: limits.maxHeaderLineLength)
        default: .requestLineTooLong(prefix: describeLine(segment), limit: limits.maxRequestLineLength)
        }
    }

    /// Rejects garbage early: until the space after the method, every byte must be a token byte.
    /// The position in `segment` of the first byte that is not, if any.
    private func badMethodByte(_ segment: UnsafeRawBufferPointer) -> Int? {
        guard case .requestLine = state, methodBytesChecked != nil else { return nil }
        for (position, byte) in segment.enumerated() {
            if byte == ASCII.space || byte == ASCII.carriageReturn { return nil }
            if !ASCII.isTokenChar(byte) { return position }
        }
        return nil
    }

    /// Records how far the method was checked once `segment` passed ``badMethodByte(_:)``.
    private mutating func advanceMethodCheck(_ segment: UnsafeRawBufferPointer) {
        guard case .requestLine = state, let checked = methodBytesChecked else { return }
        if segment.contains(where: { $0 == ASCII.space || $0 == ASCII.carriageReturn }) {
            methodBytesChecked = nil
        } else {
            methodBytesChecked = checked + segment.count
        }
    }

    /// The line received so far plus `segment`, escaped, for an error message.
    private func describeLine(_ segment: UnsafeRawBufferPointer) -> String {
        var line = Array(buffer[lineStart...].prefix(100))
        line.append(contentsOf: segment.prefix(100))
        if line.last == ASCII.carriageReturn { line.removeLast() }
        return ASCII.describe(line[...])
    }

    // MARK: - Request line and field lines

    private func parseRequestLine(_ range: Range<Int>) throws(HTTPParseError) -> RequestLine {
        let result = buffer.withUnsafeBytes { raw in
            Result { () throws(HTTPParseError) -> RequestLine in
                try Self.parseRequestLine(UnsafeRawBufferPointer(rebasing: raw[range]), offset: range.lowerBound)
            }
        }
        var requestLine = try result.get()
        requestLine.fieldStart = range.upperBound + 2
        return requestLine
    }

    private static func parseRequestLine(
        _ line: UnsafeRawBufferPointer, offset: Int
    ) throws(HTTPParseError) -> RequestLine {
        guard let firstSpace = line.firstIndex(of: ASCII.space),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: ASCII.space),
            firstSpace > 0, secondSpace > firstSpace + 1
        else { throw .invalidRequestLine(ASCII.describe(line)) }
        let method = UnsafeRawBufferPointer(rebasing: line[..<firstSpace])
        let target = UnsafeRawBufferPointer(rebasing: line[(firstSpace + 1)..<secondSpace])
        let version = UnsafeRawBufferPointer(rebasing: line[(secondSpace + 1)...])
        guard method.allSatisfy(ASCII.isTokenChar) else { throw .invalidMethod(ASCII.describe(method)) }
        let parsedVersion = try parseVersion(version)
        let parsedTarget = try RequestTarget.parse(target)
        guard let parsedMethod = HTTPMethod(token: method) else {
            throw .methodNotAllowed(ASCII.describe(method))
        }
        return RequestLine(
            method: parsedMethod, version: parsedVersion, target: parsedTarget,
            targetRange: (offset + firstSpace + 1)..<(offset + secondSpace), fieldStart: 0)
    }

    private static func parseVersion(_ version: UnsafeRawBufferPointer) throws(HTTPParseError) -> HTTPVersion {
        // HTTP-version = "HTTP/" DIGIT "." DIGIT, case-sensitive (RFC 9112 §2.3).
        guard version.count == 8, version.starts(with: "HTTP/".utf8), version[6] == 0x2E,
            (0x30...0x39).contains(version[5]), (0x30...0x39).contains(version[7])
        else { throw .invalidVersion(ASCII.describe(version)) }
        switch (version[5], version[7]) {
        case (0x31, 0x31): return .http1_1
        case (0x31, 0x30): return .http1_0
        default: throw .unsupportedVersion(ASCII.describe(version))
        }
    }

    private mutating func parseFieldLine(_ range: Range<Int>) throws(HTTPParseError) {
        headerCount += 1
        guard headerCount <= limits.maxHeaderCount else { throw .tooManyHeaders(limit: limits.maxHeaderCount) }
        let result = buffer.withUnsafeBytes { raw in
            Result { () throws(HTTPParseError) -> FieldEffect in
                try Self.parseFieldLine(UnsafeRawBufferPointer(rebasing: raw[range]), limit: limits.maxBodyLength)
            }
        }
        switch try result.get() {
        case .none:
            break
        case .host(let value):
            hostCount += 1
            if hostCount > 1 {
                let valueRange = (range.lowerBound + value.lowerBound)..<(range.lowerBound + value.upperBound)
                throw .multipleHosts(ASCII.describe(buffer[valueRange]))
            }
        case .connection(let close, let keepAlive):
            connectionClose = connectionClose || close
            connectionKeepAlive = connectionKeepAlive || keepAlive
        case .contentLength(let length, let value):
            if let earlier = contentLength, earlier != length {
                let valueRange = (range.lowerBound + value.lowerBound)..<(range.lowerBound + value.upperBound)
                throw .conflictingContentLengths(ASCII.describe(buffer[valueRange]))
            }
            contentLength = length
        }
    }

    /// What a field line changes in the parser's view of the request.
    private enum FieldEffect {
        case none
        /// A `Host` field; its value's range in the line.
        case host(Range<Int>)
        case connection(close: Bool, keepAlive: Bool)
        /// A `Content-Length` field; its value, and the value's range in the line.
        case contentLength(Int, Range<Int>)
    }

    /// A `Content-Length` value: decimal digits (RFC 9110 §8.6), at most `limit`.
    private static func contentLength(_ value: UnsafeRawBufferPointer, limit: Int) throws(HTTPParseError) -> Int {
        guard !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .invalidContentLength(ASCII.describe(value))
        }
        var length = 0
        for digit in value {
            length = length * 10 + Int(digit - 0x30)
            // Checked per digit, so that a 30-digit length cannot overflow before it is refused.
            if length > limit { throw .bodyTooLarge(length: ASCII.describe(value), limit: limit) }
        }
        return length
    }

    private static func parseFieldLine(
        _ line: UnsafeRawBufferPointer, limit: Int
    ) throws(HTTPParseError) -> FieldEffect {
        guard let first = line.first, !ASCII.isWhitespace(first) else {
            throw .obsoleteLineFolding(ASCII.describe(line))
        }
        guard let colon = line.firstIndex(of: ASCII.colon), colon > 0 else {
            throw .invalidHeaderLine(ASCII.describe(line))
        }
        let name = UnsafeRawBufferPointer(rebasing: line[..<colon])
        if ASCII.isWhitespace(line[colon - 1]) { throw .whitespaceBeforeColon(ASCII.describe(line)) }
        guard name.allSatisfy(ASCII.isTokenChar) else { throw .invalidHeaderLine(ASCII.describe(line)) }
        var valueStart = colon + 1
        var valueEnd = line.count
        while valueStart < valueEnd && ASCII.isWhitespace(line[valueStart]) {
            valueStart += 1
        }
        while valueEnd > valueStart && ASCII.isWhitespace(line[valueEnd - 1]) {
            valueEnd -= 1
        }
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart..<valueEnd])
        guard value.allSatisfy(ASCII.isFieldValueChar) else {
            throw .invalidHeaderValue(name: ASCII.describe(name), value: ASCII.describe(value))
        }
        if ASCII.equalsIgnoringCase(name, "host") {
            return .host(valueStart..<valueEnd)
        }
        if ASCII.equalsIgnoringCase(name, "connection") {
            return connectionEffect(value)
        }
        if ASCII.equalsIgnoringCase(name, "content-length") {
            return .contentLength(try contentLength(value, limit: limit), valueStart..<valueEnd)
        }
        if ASCII.equalsIgnoringCase(name, "transfer-encoding") {
            throw .transferEncodingNotSupported(ASCII.describe(value))
        }
        return .none
    }

    /// Reads the comma-separated tokens of a `Connection` value.
    private static func connectionEffect(_ value: UnsafeRawBufferPointer) -> FieldEffect {
        var close = false
        var keepAlive = false
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count && value[end] != ASCII.comma {
                end += 1
            }
            var tokenStart = start
            var tokenEnd = end
            while tokenStart < tokenEnd && ASCII.isWhitespace(value[tokenStart]) {
                tokenStart += 1
            }
            while tokenEnd > tokenStart && ASCII.isWhitespace(value[tokenEnd - 1]) {
                tokenEnd -= 1
            }
            let token = UnsafeRawBufferPointer(rebasing: value[tokenStart..<tokenEnd])
            close = close || ASCII.equalsIgnoringCase(token, "close")
            keepAlive = keepAlive || ASCII.equalsIgnoringCase(token, "keep-alive")
            start = end + 1
        }
        return .connection(close: close, keepAlive: keepAlive)
    }

    // MARK: - Completion

    /// The head, once its last line is in: returned now when no body follows, else kept until the
    /// body is read (``State/body(_:remaining:)``).
    private mutating func finishHead(_ requestLine: RequestLine) throws(HTTPParseError) -> HTTPRequestHead? {
        if limits.requiresHost && requestLine.version == .http1_1 && hostCount == 0 { throw .missingHost }
        if requestLine.method.requiresContentLength && contentLength == nil {
            throw .lengthRequired(requestLine.method.rawValue)
        }
        let keepAlive =
            !connectionClose && (requestLine.version == .http1_1 || connectionKeepAlive)
        let storage = buffer
        let head = HTTPRequestHead(
            method: requestLine.method,
            version: requestLine.version,
            path: requestLine.target.path,
            query: requestLine.target.query,
            keepAlive: keepAlive,
            storage: storage,
            targetRange: requestLine.targetRange,
            fieldRange: requestLine.fieldStart..<(storage.count - 2),
            headerCount: headerCount,
            bodyLength: contentLength ?? 0
        )
        if head.bodyLength > 0 {
            buffer = []
            state = .body(head, remaining: head.bodyLength)
            return nil
        }
        self = HTTPRequestParser(limits: limits)
        return head
    }
}
