/// Byte constants and character classes of RFC 9110 / RFC 3986 that the parser tests bytes against.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let percent: UInt8 = 0x25
    static let ampersand: UInt8 = 0x26
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
    static let equals: UInt8 = 0x3D
    static let questionMark: UInt8 = 0x3F

    /// `tchar` (RFC 9110 §5.6.2): the bytes of a method or field-name token.
    static func isTokenChar(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true  // DIGIT, ALPHA
        case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true  // !#$%&'*+-.^_`|~
        default: false
        }
    }

    /// A byte a request target may hold (RFC 3986): unreserved, sub-delims, `:`, `@`, `/`, `?`, `%`.
    /// Excludes controls, space, `"`, `#`, `<`, `>`, `[`, `\`, `]`, `^`, `` ` ``, `{`, `|`, `}` and
    /// every byte above 0x7E.
    static func isTargetChar(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true  // DIGIT, ALPHA
        case 0x2D, 0x2E, 0x5F, 0x7E: true  // - . _ ~
        case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: true  // ! $ & ' ( ) * + , ; =
        case 0x3A, 0x40, 0x2F, 0x3F, 0x25: true  // : @ / ? %
        default: false
        }
    }

    /// A byte a field value may hold (RFC 9110 §5.5): HTAB, SP, VCHAR and obs-text; no other control.
    static func isFieldValueChar(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// Optional whitespace: SP or HTAB.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// The value of a hexadecimal digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    /// ASCII lower-casing of one byte.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether `bytes` equals `lowercaseName` ignoring ASCII case; `lowercaseName` must be lower case.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercaseName: StaticString) -> Bool {
        guard bytes.count == lowercaseName.utf8CodeUnitCount else { return false }
        let name = UnsafeRawBufferPointer(start: lowercaseName.utf8Start, count: lowercaseName.utf8CodeUnitCount)
        for index in 0..<bytes.count where lowercased(bytes[index]) != name[index] {
            return false
        }
        return true
    }

    /// Text for an error message: the bytes as UTF-8 where printable, `\xNN` otherwise, cut to
    /// `limit` bytes with a trailing `…`.
    static func describe(_ bytes: UnsafeRawBufferPointer, limit: Int = 80) -> String {
        var text = ""
        for byte in bytes.prefix(limit) {
            if byte >= 0x20 && byte < 0x7F && byte != 0x5C {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += byte == 0x5C ? "\\\\" : "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        if bytes.count > limit {
            text += "…"
        }
        return text
    }

    /// ``describe(_:limit:)`` for an array slice.
    static func describe(_ bytes: ArraySlice<UInt8>, limit: Int = 80) -> String {
        bytes.withUnsafeBytes { describe($0, limit: limit) }
    }
}
