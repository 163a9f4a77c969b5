public import NSEBenchCore

/// The head of a response: status line and header fields, serialised into bytes.
///
/// Fields are written in a fixed order: `Server: nse-bench`, `Date` (if set), `Connection`,
/// `Content-Type` (if set), the ``additionalHeaders``, `Content-Length` (never for a status that must
/// not carry one: 1xx, 204, 304). The status line and the
/// fixed fields come from precomputed byte arrays and the length is formatted without allocating,
/// so writing a head into a reused buffer costs a few copies of a few hundred bytes.
public struct HTTPResponseHead: Sendable, Hashable {
    /// The status.
    public var status: HTTPStatus
    /// The body's length in bytes (for a HEAD response: the length a GET would have sent).
    public var contentLength: Int
    /// The `Content-Type` value; `nil` for no such field.
    public var contentType: String?
    /// `true` for `Connection: keep-alive`, `false` for `Connection: close`.
    public var keepAlive: Bool
    /// The `Date` value, an IMF-fixdate (``HTTPDate/imfFixdate(secondsSince1970:)``, which the
    /// server formats once a second); `nil` for no such field.
    public var date: String?
    /// Further fields (`Allow`, `Retry-After`, `Content-Range`, ...). CR, LF and NUL in them are
    /// written as spaces, so that no caller can split the response.
    public var additionalHeaders: [HTTPHeaderField]

    /// Creates a response head.
    public init(
        status: HTTPStatus,
        contentLength: Int,
        contentType: String? = nil,
        keepAlive: Bool,
        date: String? = nil,
        additionalHeaders: [HTTPHeaderField] = []
    ) {
        self.status = status
        self.contentLength = contentLength
        self.contentType = contentType
        self.keepAlive = keepAlive
        self.date = date
        self.additionalHeaders = additionalHeaders
    }

    private static let serverKeepAlive = Array("Server: nse-bench\r\nConnection: keep-alive\r\n".utf8)
    private static let serverClose = Array("Server: nse-bench\r\nConnection: close\r\n".utf8)
    private static let serverField = Array("Server: nse-bench\r\n".utf8)
    private static let keepAliveField = Array("Connection: keep-alive\r\n".utf8)
    private static let closeField = Array("Connection: close\r\n".utf8)
    private static let contentLengthName = Array("Content-Length: ".utf8)
    private static let endOfHead = Array("\r\n\r\n".utf8)

    /// Appends the serialised head, ending with the empty line, to `buffer`.
    public func write(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: status.statusLineBytes)
        if let date {
            buffer.append(contentsOf: Self.serverField)
            appendField("Date", date, to: &buffer)
            buffer.append(contentsOf: keepAlive ? Self.keepAliveField : Self.closeField)
        } else {
            buffer.append(contentsOf: keepAlive ? Self.serverKeepAlive : Self.serverClose)
        }
        if let contentType {
            appendField("Content-Type", contentType, to: &buffer)
        }
        for field in additionalHeaders {
            appendField(field.name, field.value, to: &buffer)
        }
        if status.sendsContentLength {
            buffer.append(contentsOf: Self.contentLengthName)
            Self.appendDecimal(Swift.max(contentLength, 0), to: &buffer)
            buffer.append(contentsOf: Self.endOfHead)
        } else {
            buffer.append(ASCII.carriageReturn)
            buffer.append(ASCII.lineFeed)
        }
    }

    /// Writes the serialised head to the start of `destination`.
    ///
    /// - Returns: the number of bytes written, or `nil` (having written nothing) when it does not fit.
    public func write(to destination: UnsafeMutableRawBufferPointer) -> Int? {
        let bytes = serialized()
        guard bytes.count <= destination.count else { return nil }
        destination.copyBytes(from: bytes)
        return bytes.count
    }

    /// The serialised head as a new array.
    public func serialized() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(into: &bytes)
        return bytes
    }

    private func appendField(_ name: String, _ value: String, to buffer: inout [UInt8]) {
        appendSanitised(name, to: &buffer)
        buffer.append(ASCII.colon)
        buffer.append(ASCII.space)
        appendSanitised(value, to: &buffer)
        buffer.append(ASCII.carriageReturn)
        buffer.append(ASCII.lineFeed)
    }

    private func appendSanitised(_ text: String, to buffer: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.contains(where: { $0 == ASCII.carriageReturn || $0 == ASCII.lineFeed || $0 == 0 }) {
            for byte in utf8 {
                buffer.append(byte == ASCII.carriageReturn || byte == ASCII.lineFeed || byte == 0 ? ASCII.space : byte)
            }
        } else {
            buffer.append(contentsOf: utf8)
        }
    }

    /// Appends the decimal digits of a non-negative number without formatting a `String`.
    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 {
            divisor *= 10
        }
        var rest = value
        while divisor > 0 {
            buffer.append(0x30 + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
