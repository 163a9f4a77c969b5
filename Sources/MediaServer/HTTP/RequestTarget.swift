/// The decoded parts of a request target (RFC 9112 §3.2).
///
/// Accepted forms: origin-form (`/path?query`) and absolute-form with an `http` or `https` scheme
/// (`http://host:port/path?query`, which a client talking to a proxy sends), whose authority is
/// ignored (not compared with `Host`). Asterisk-form (`*`) and authority-form (`host:port`, for
/// CONNECT) are rejected with 400: the server serves neither OPTIONS nor CONNECT.
struct RequestTarget: Equatable {
    var path: String
    var query: [HTTPQueryItem]

    /// Splits and decodes `target`; every error carries the target or the bad component.
    static func parse(_ target: UnsafeRawBufferPointer) throws(HTTPParseError) -> RequestTarget {
        let pathStart = try pathStart(of: target)
        var pathEnd = pathStart
        while pathEnd < target.count {
            let byte = target[pathEnd]
            guard ASCII.isTargetChar(byte) else { throw .invalidTarget(ASCII.describe(target)) }
            if byte == ASCII.questionMark { break }
            pathEnd += 1
        }
        for index in pathEnd..<target.count where !ASCII.isTargetChar(target[index]) {
            throw .invalidTarget(ASCII.describe(target))
        }
        let pathBytes = UnsafeRawBufferPointer(rebasing: target[pathStart..<pathEnd])
        let path = pathBytes.isEmpty ? "/" : try PercentDecoding.decode(pathBytes, plusAsSpace: false)
        guard pathEnd < target.count else { return RequestTarget(path: path, query: []) }
        let queryBytes = UnsafeRawBufferPointer(rebasing: target[(pathEnd + 1)...])
        return RequestTarget(path: path, query: try parseQuery(queryBytes))
    }

    /// Where the path starts: 0 for origin-form, after the authority for absolute-form.
    private static func pathStart(of target: UnsafeRawBufferPointer) throws(HTTPParseError) -> Int {
        if target.first == ASCII.slash { return 0 }
        let authorityStart: Int
        if hasPrefixIgnoringCase(target, "http://") {
            authorityStart = 7
        } else if hasPrefixIgnoringCase(target, "https://") {
            authorityStart = 8
        } else {
            throw .invalidTarget(ASCII.describe(target))
        }
        var index = authorityStart
        while index < target.count && target[index] != ASCII.slash && target[index] != ASCII.questionMark {
            let byte = target[index]
            // IP literals ("[::1]") need the brackets the path may not hold.
            guard ASCII.isTargetChar(byte) || byte == 0x5B || byte == 0x5D else {
                throw .invalidTarget(ASCII.describe(target))
            }
            index += 1
        }
        guard index > authorityStart else { throw .invalidTarget(ASCII.describe(target)) }
        return index
    }

    private static func hasPrefixIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return ASCII.equalsIgnoringCase(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), prefix)
    }

    /// Splits `a=1&b=2` into decoded pairs, dropping empty ones.
    private static func parseQuery(_ query: UnsafeRawBufferPointer) throws(HTTPParseError) -> [HTTPQueryItem] {
        var items: [HTTPQueryItem] = []
        var start = 0
        while start <= query.count {
            var end = start
            var equals: Int?
            while end < query.count && query[end] != ASCII.ampersand {
                if equals == nil && query[end] == ASCII.equals { equals = end }
                end += 1
            }
            if end > start {
                let nameEnd = equals ?? end
                let name = try PercentDecoding.decode(
                    UnsafeRawBufferPointer(rebasing: query[start..<nameEnd]), plusAsSpace: true)
                let value =
                    equals.map { UnsafeRawBufferPointer(rebasing: query[($0 + 1)..<end]) }
                    ?? UnsafeRawBufferPointer(start: nil, count: 0)
                items.append(HTTPQueryItem(name: name, value: try PercentDecoding.decode(value, plusAsSpace: true)))
            }
            start = end + 1
        }
        return items
    }
}
