/// A non-negative number of bytes, as written in flags: `512B`, `200KB`, `1.5MB`, `1GB`, `1KiB`, `2MiB`.
///
/// Decimal (SI) units are powers of 1000: `KB` = 1,000, `MB` = 1,000,000, `GB` = 10^9, `TB` = 10^12.
/// Binary units are powers of 1024: `KiB` = 1,024, `MiB` = 1,048,576, `GiB` = 2^30, `TiB` = 2^40.
/// Units are matched in any letter case (`kb` is `KB`); a bare number counts bytes. A fractional value
/// must come to whole bytes (`1.5KiB` is 1,536; `1.0001KB` is refused). `description` writes the shortest
/// exact form, which parses back to the same value.
///
/// ```swift
/// let image = try ByteCount(parsing: "1.5MB")
/// image.bytes            // 1_500_000
/// image.description      // "1.5MB"
/// try ByteCount(parsing: "2MiB").description  // "2MiB"
/// ```
public struct ByteCount: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The count in bytes, never negative.
    public let bytes: Int64

    /// A count of `bytes`; a negative count becomes zero.
    ///
    /// ```swift
    /// ByteCount(bytes: 1_024).description  // "1KiB"
    /// ```
    public init(bytes: Int64) {
        self.bytes = max(0, bytes)
    }

    /// No bytes.
    public static let zero = ByteCount(bytes: 0)

    public static func < (lhs: ByteCount, rhs: ByteCount) -> Bool { lhs.bytes < rhs.bytes }

    /// The shortest exact text that `init(parsing:)` reads back: `512B`, `200KB`, `1.5KiB`, `0B`.
    public var description: String {
        guard bytes > 0 else { return "0B" }
        return shortestExactText(UInt64(bytes), units: Self.displayUnits) ?? "\(bytes)B"
    }

    /// The units `init(parsing:)` accepts, lowercased, with their sizes in bytes.
    static let unitSizes: [String: UInt64] = [
        "b": 1, "kb": 1_000, "mb": 1_000_000, "gb": 1_000_000_000, "tb": 1_000_000_000_000,
        "kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40,
    ]

    private static let displayUnits: [UnitScale] = [
        UnitScale(suffix: "TB", multiplier: 1_000_000_000_000),
        UnitScale(suffix: "TiB", multiplier: 1 << 40),
        UnitScale(suffix: "GB", multiplier: 1_000_000_000),
        UnitScale(suffix: "GiB", multiplier: 1 << 30),
        UnitScale(suffix: "MB", multiplier: 1_000_000),
        UnitScale(suffix: "MiB", multiplier: 1 << 20),
        UnitScale(suffix: "KB", multiplier: 1_000),
        UnitScale(suffix: "KiB", multiplier: 1 << 10),
        UnitScale(suffix: "B", multiplier: 1),
    ]
}

extension ByteCount {
    /// The accepted form, quoted in error messages.
    static let expectedForm =
        "a number with a unit: 512B, 200KB, 1.5MB, 1GB (powers of 1000) or 1KiB, 2MiB (powers of 1024)"

    /// Reads a size such as `512B`, `200KB`, `8MB`, `1.5MB`, `1GB`, `1KiB`, `2MiB`, or a bare byte count.
    ///
    /// ```swift
    /// try ByteCount(parsing: "200KB").bytes  // 200_000
    /// try ByteCount(parsing: "1KiB").bytes   // 1_024
    /// try ByteCount(parsing: "8 parsecs")     // throws: invalid byte count "8 parsecs": unknown unit ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        let (numberText, unitText) = text.splitNumberAndUnit()
        func failure(_ reason: String? = nil) -> ValueParseError {
            ValueParseError(subject: "byte count", input: text, expected: Self.expectedForm, reason: reason)
        }
        guard let number = DecimalNumber(numberText) else { throw failure() }
        let multiplier: UInt64
        if unitText.isEmpty {
            multiplier = 1
        } else if let size = Self.unitSizes[unitText.lowercased()] {
            multiplier = size
        } else {
            throw failure("unknown unit \"\(unitText)\"")
        }
        switch number.scaled(by: multiplier) {
        case .value(let count) where count <= UInt64(Int64.max): self.init(bytes: Int64(count))
        case .value, .tooLarge: throw failure("it is larger than 2^63 bytes")
        case .notWhole: throw failure("it is not a whole number of bytes")
        }
    }
}
