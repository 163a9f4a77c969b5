/// Percent-decoding (RFC 3986 §2.1) of one path or query component into a `String`.
enum PercentDecoding {
    /// Decodes `%XX` escapes, and `+` as a space when `plusAsSpace` (query components). Rejects a `%`
    /// not followed by two hex digits, a decoded NUL and decoded bytes that are not UTF-8, throwing
    /// ``HTTPParseError/invalidPercentEncoding(_:)`` with the raw component.
    static func decode(
        _ component: UnsafeRawBufferPointer, plusAsSpace: Bool
    ) throws(HTTPParseError) -> String {
        let needsDecoding = component.contains { $0 == ASCII.percent || (plusAsSpace && $0 == ASCII.plus) }
        // The target's bytes were checked to be ASCII, so undecoded text is valid UTF-8 as it is.
        guard needsDecoding else { return String(decoding: component, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(component.count)
        var index = 0
        while index < component.count {
            let byte = component[index]
            if byte == ASCII.percent {
                guard index + 2 < component.count,
                    let high = ASCII.hexValue(component[index + 1]),
                    let low = ASCII.hexValue(component[index + 2]),
                    high | low != 0
                else { throw .invalidPercentEncoding(ASCII.describe(component)) }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusAsSpace && byte == ASCII.plus ? ASCII.space : byte)
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw .invalidPercentEncoding(ASCII.describe(component))
        }
        return text
    }
}
