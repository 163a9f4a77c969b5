import Foundation

/// The file name a `Content-Disposition` field gives (RFC 6266), as `suggestedFilename` reads it: the
/// `filename*` parameter (RFC 8187: `charset'language'percent-encoded`) over `filename`, parameter
/// names in any case, values quoted or not, and no directory in the result.
///
/// ```swift
/// ContentDisposition.filename(in: #"attachment; filename="sale.jpg""#)                // "sale.jpg"
/// ContentDisposition.filename(in: "attachment; filename=a.jpg; filename*=UTF-8''b%C3%A9.jpg")  // "bé.jpg"
/// ContentDisposition.filename(in: #"attachment; filename="../../etc/x.jpg""#)          // ".._.._etc_x.jpg"
/// ```
enum ContentDisposition {
    /// The name, nil when the field names none, or only one that is empty, undecodable, `.` or `..`, or
    /// holds a control character, once its directories are joined.
    static func filename(in field: String) -> String? {
        var plain: String?
        var extended: String?
        for parameter in parameters(of: field).dropFirst() {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let name = parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            switch name {
            case "filename": plain = unquoted(value)
            case "filename*": extended = decoded(value)
            default: continue
            }
        }
        for candidate in [extended, plain] {
            guard let candidate else { continue }
            let name = withoutDirectories(candidate)
            if !name.isEmpty, name != ".", name != "..",
                !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            {
                return name
            }
        }
        return nil
    }

    /// The field split at each `;` outside a quoted string.
    private static func parameters(of field: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in field {
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";", !quoted {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// A quoted string without its quotes and backslash escapes; a token as it is.
    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return value }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }

    /// An RFC 8187 value (`UTF-8''b%C3%A9.jpg`), percent-decoded; nil for another charset or bad encoding.
    private static func decoded(_ value: String) -> String? {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let charset = parts[0].lowercased()
        guard charset == "utf-8" || charset == "iso-8859-1" else { return nil }
        guard let bytes = percentDecodedBytes(String(parts[2])) else { return nil }
        // ISO-8859-1: each byte is its own code point.
        guard charset == "utf-8" else { return String(bytes.map { Character(Unicode.Scalar($0)) }) }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func percentDecodedBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// A hex digit's value; nil for any other byte (`+` and `-` too, which `UInt8(_:radix:)` would take).
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The name with its path components joined by `_`, as swift-corelibs-foundation's
    /// `suggestedFilename` does: no directory, so it cannot lead out of the folder it is added to.
    private static func withoutDirectories(_ name: String) -> String {
        (name as NSString).pathComponents.map { $0 == "/" ? "" : $0 }.joined(separator: "_")
    }
}
