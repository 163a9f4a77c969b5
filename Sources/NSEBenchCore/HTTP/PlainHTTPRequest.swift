/// A `GET` of a plain `http://` URL whose host is an IPv4 address, and the request head that
/// fetches it: what the transport's own HTTP/1.1 client sends, byte for byte what libcurl sends for
/// the same request (request line, `Host`, `Accept: */*`, the caller's headers, `Connection: close`).
///
/// Only URLs the client can send without a name lookup or any rewriting qualify: no user info, no
/// dot segments, no bytes outside printable ASCII, an explicit or default port. Any other URL is
/// left to libcurl, which resolves, normalises and encodes.
public struct PlainHTTPRequest: Sendable, Equatable {
    /// The host as written in the URL: a dotted quad.
    public let host: String
    /// The port, 80 when the URL names none.
    public let port: UInt16
    /// The path and query sent in the request line (`/` when the URL has no path); no fragment.
    public let target: Substring

    /// Parses `url`; nil when it is not one the client sends itself (see the type's documentation).
    public init?(url: String) {
        // On UTF-8 code units throughout: every byte that matters is ASCII, and stepping through
        // Characters (grapheme breaking) made this 1.7% of case 1's CPU (perf, issue #18).
        let scheme = "http://".utf8
        let utf8 = url.utf8
        guard utf8.count > scheme.count, utf8.starts(with: scheme) else { return nil }
        let rest = utf8.dropFirst(scheme.count)
        // Printable ASCII only, without the space: libcurl would encode or refuse the rest.
        guard rest.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let authorityEnd =
            rest.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            ?? rest.endIndex
        let authority = rest[rest.startIndex..<authorityEnd]
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
        let hostEnd: String.Index
        if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
            guard let port = Self.port(authority[utf8.index(after: colon)...]) else { return nil }
            hostEnd = colon
            self.port = port
        } else {
            hostEnd = authorityEnd
            port = 80
        }
        host = String(url[authority.startIndex..<hostEnd])
        guard Self.isDottedQuad(host) else { return nil }
        let targetEnd = rest[authorityEnd...].firstIndex(of: UInt8(ascii: "#")) ?? rest.endIndex
        let pathAndQuery = url[authorityEnd..<targetEnd]
        guard !Self.hasDotSegment(pathAndQuery) else { return nil }
        if pathAndQuery.isEmpty {
            target = "/"
        } else if pathAndQuery.utf8.first == UInt8(ascii: "?") {
            target = "/" + pathAndQuery
        } else {
            target = pathAndQuery
        }
    }

    /// A port's digits: 1-5 of them, 1...65535; nil otherwise.
    private static func port(_ digits: Substring.UTF8View) -> UInt16? {
        guard !digits.isEmpty, digits.count <= 5 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard value > 0, value <= Int(UInt16.max) else { return nil }
        return UInt16(value)
    }

    /// The request head: `GET target HTTP/1.1`, `Host` (with the port unless it is 80), `Accept: */*`,
    /// then `headers` (raw `Name: value` lines), then `Connection: close` when `close` and the caller
    /// sent no `Connection` header of its own. A caller's header replaces a default of the same name
    /// (a caller's `Host` in the default's place, as libcurl sends it);
    /// `Name:` with no value removes it and sends nothing, as with libcurl; `Name;` sends the name with
    /// an empty value.
    public func head(headers: [String], close: Bool) -> [UInt8] {
        var replacesHost = false
        var ownHost: String?
        var replacesAccept = false
        var sendsConnection = false
        for line in headers {
            let name = Self.headerName(of: line)
            if Self.equalsIgnoringCase(name, "host") {
                replacesHost = true
                // libcurl writes its own name, `Host:`, with the caller's value: `Host;` is an empty one.
                if let colon = line.firstIndex(of: ":") {
                    let value = line[line.index(after: colon)...]
                    if !value.trimmingWhitespace().isEmpty { ownHost = "Host:" + value }
                } else if line.last == ";" {
                    ownHost = "Host:"
                }
            }
            if Self.equalsIgnoringCase(name, "accept") { replacesAccept = true }
            if Self.equalsIgnoringCase(name, "connection") { sendsConnection = true }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            64 + target.utf8.count + host.utf8.count + headers.reduce(0) { $0 + $1.utf8.count + 2 })
        func append(_ text: some StringProtocol) { bytes.append(contentsOf: text.utf8) }
        func endLine() { bytes.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")]) }
        append("GET ")
        append(target)
        append(" HTTP/1.1")
        endLine()
        if let ownHost {
            append(ownHost)  // where libcurl's own would be, as libcurl places it
            endLine()
        } else if !replacesHost {
            append("Host: ")
            append(host)
            if port != 80 {
                append(":")
                append(String(port))
            }
            endLine()
        }
        if !replacesAccept {
            append("Accept: */*")
            endLine()
        }
        for line in headers {
            // `Name:` with nothing (or only spaces and tabs) after its colon removes a default and sends
            // nothing, as libcurl reads it; a value that merely ends in a colon is sent.
            if let colon = line.firstIndex(of: ":"),
                line[line.index(after: colon)...].allSatisfy({ $0 == " " || $0 == "\t" })
            {
                continue
            }
            if Self.equalsIgnoringCase(Self.headerName(of: line), "host") { continue }  // sent above
            if !line.contains(":") {
                // `Name;` sends the name with an empty value; any other line without a colon, nothing.
                guard line.last == ";" else { continue }
                append(line.dropLast())
                append(":")
            } else {
                append(line)
            }
            endLine()
        }
        if close && !sendsConnection {
            append("Connection: close")
            endLine()
        }
        endLine()
        return bytes
    }

    private static func headerName(of line: String) -> Substring {
        let end = line.firstIndex(where: { $0 == ":" || $0 == ";" }) ?? line.endIndex
        return line[..<end].trimmingWhitespace()
    }

    private static func equalsIgnoringCase(_ text: Substring, _ lowercased: String) -> Bool {
        text.utf8.count == lowercased.utf8.count
            && zip(text.utf8, lowercased.utf8).allSatisfy { ($0 | 0x20) == $1 }
    }

    /// Four decimal parts of at most 255 each, without leading zeros; read in place.
    private static func isDottedQuad(_ host: String) -> Bool {
        var parts = 0
        var digits = 0
        var value = 0
        var leadingZero = false
        for byte in host.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0 else { return false }
                parts += 1
                digits = 0
                value = 0
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if digits == 0 { leadingZero = byte == UInt8(ascii: "0") } else if leadingZero { return false }
                digits += 1
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                guard digits <= 3, value <= 255 else { return false }
            } else {
                return false
            }
        }
        return parts == 3 && digits > 0
    }

    /// Whether the path has a `.` or `..` segment, which libcurl would remove before sending; read in
    /// place.
    private static func hasDotSegment(_ pathAndQuery: Substring) -> Bool {
        var segmentLength = 0
        var dots = 0
        for byte in pathAndQuery.utf8 {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") {
                if segmentLength > 0 && dots == segmentLength && segmentLength <= 2 { return true }
                if byte == UInt8(ascii: "?") { return false }
                segmentLength = 0
                dots = 0
            } else {
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return segmentLength > 0 && dots == segmentLength && segmentLength <= 2
    }
}
