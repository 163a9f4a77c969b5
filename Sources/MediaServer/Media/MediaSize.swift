/// Why a size in a media URL was rejected; each case carries the text as received.
public enum MediaSizeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No size at all.
    case empty
    /// Not a decimal number (`1.5`, `200`); digits required on both sides of a point.
    case invalidNumber(String)
    /// A unit other than B, KB, MB, GB, KiB, MiB, GiB.
    case unknownUnit(String)
    /// A fraction that is not a whole number of bytes, such as `1.5B`.
    case notWholeBytes(String)
    /// Larger than the maximum.
    case tooLarge(String, maximum: Int)

    /// What was wrong, with the text.
    public var description: String {
        switch self {
        case .empty: "empty size"
        case .invalidNumber(let text): "\"\(text)\" is not a size: expected a number and a unit, such as 200KB or 1.5MB"
        case .unknownUnit(let text): "unknown unit in \"\(text)\": use B, KB, MB, GB (1000) or KiB, MiB, GiB (1024)"
        case .notWholeBytes(let text): "\"\(text)\" is not a whole number of bytes"
        case .tooLarge(let text, let maximum): "\"\(text)\" is larger than the maximum of \(maximum) bytes"
        }
    }
}

/// The size grammar of media URLs: a decimal number and an optional unit, `200KB`, `1.5MB`, `8MiB`.
///
/// Units ignore case: B (or none), KB, MB, GB (SI: 1000, 1000², 1000³) and KiB, MiB, GiB (1024,
/// 1024², 1024³). Fractions are exact decimal arithmetic and must come to whole bytes
/// (`1.5KB` = 1500 B; `0.5B` is rejected). Kept minimal and private to the media server until it is
/// unified with NSEBenchCore's general size parser.
enum MediaSize {
    /// The size `text` denotes, in bytes, at most `maximum`.
    static func parse(_ text: Substring, maximum: Int) throws(MediaSizeError) -> Int {
        guard !text.isEmpty else { throw .empty }
        let utf8 = Array(text.utf8)
        var index = 0
        var integerPart = 0
        var scaledValue = 0  // integerPart and fraction digits, as one integer
        var fractionDigits = 0
        var digitCount = 0
        while index < utf8.count, let digit = digitValue(utf8[index]) {
            integerPart = integerPart &* 10 &+ digit
            digitCount += 1
            index += 1
        }
        guard digitCount > 0 else { throw .invalidNumber(String(text)) }
        guard digitCount <= 18 else { throw .tooLarge(String(text), maximum: maximum) }
        scaledValue = integerPart
        if index < utf8.count && utf8[index] == 0x2E {
            index += 1
            while index < utf8.count, let digit = digitValue(utf8[index]) {
                guard fractionDigits < 9 else { throw .notWholeBytes(String(text)) }
                let (shifted, overflow) = scaledValue.multipliedReportingOverflow(by: 10)
                guard !overflow, shifted <= Int.max - digit else { throw .tooLarge(String(text), maximum: maximum) }
                scaledValue = shifted + digit
                fractionDigits += 1
                index += 1
            }
            guard fractionDigits > 0 else { throw .invalidNumber(String(text)) }
        }
        guard let unit = unitMultiplier(utf8[index...]) else { throw .unknownUnit(String(text)) }
        let (product, overflow) = scaledValue.multipliedReportingOverflow(by: unit)
        guard !overflow else { throw .tooLarge(String(text), maximum: maximum) }
        var divisor = 1
        for _ in 0..<fractionDigits {
            divisor *= 10
        }
        guard product % divisor == 0 else { throw .notWholeBytes(String(text)) }
        let bytes = product / divisor
        guard bytes <= maximum else { throw .tooLarge(String(text), maximum: maximum) }
        return bytes
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
    }

    private static func unitMultiplier(_ unit: ArraySlice<UInt8>) -> Int? {
        switch String(decoding: unit, as: UTF8.self).lowercased() {
        case "", "b": 1
        case "kb": 1000
        case "mb": 1_000_000
        case "gb": 1_000_000_000
        case "kib": 1024
        case "mib": 1_048_576
        case "gib": 1_073_741_824
        default: nil
        }
    }
}
