/// A transfer rate in bytes per second, or `unlimited`, as written in flags: `1MB/s`, `100KB/s`,
/// `8Mbit/s`, `256kbit/s`, `unlimited`.
///
/// Byte units follow ``ByteCount`` (`KB` = 1000 bytes, `KiB` = 1024). Bit units are decimal, as network
/// speeds are quoted: `bit/s`, `kbit/s` (1000 bit/s), `Mbit/s`, `Gbit/s`, also written `bps`, `kbps`,
/// `Mbps`, `Gbps`. Units are matched in any letter case; a `bit` or `bps` unit always means bits, any other
/// means bytes. A rate must be above zero: a link that sends nothing is a stall, which is a fault.
/// `description` writes the shortest form that parses back to the same rate.
///
/// ```swift
/// let rate = try ByteRate(parsing: "8Mbit/s")
/// rate.bytesPerSecond  // 1_000_000
/// rate.description     // "1MB/s"
/// ByteRate.unlimited.description  // "unlimited"
/// ```
public struct ByteRate: Sendable, Hashable, CustomStringConvertible {
    /// Bytes per second; `Double.infinity` when unlimited.
    public let bytesPerSecond: Double

    /// A rate of `bytesPerSecond`; zero, negative or NaN rates become unlimited, since no rate limits
    /// nothing.
    ///
    /// ```swift
    /// ByteRate(bytesPerSecond: 50_000).description  // "50KB/s"
    /// ```
    public init(bytesPerSecond: Double) {
        self.bytesPerSecond = bytesPerSecond > 0 ? bytesPerSecond : .infinity
    }

    /// A rate of `bitsPerSecond`, as network speeds are quoted; zero, negative or NaN rates become
    /// unlimited.
    ///
    /// ```swift
    /// ByteRate(bitsPerSecond: 1_600_000).description  // "200KB/s"
    /// ```
    public init(bitsPerSecond: Double) {
        self.init(bytesPerSecond: bitsPerSecond / 8)
    }

    /// No limit.
    public static let unlimited = ByteRate(bytesPerSecond: .infinity)

    /// Whether the rate sets no limit.
    ///
    /// ```swift
    /// ByteRate.unlimited.isUnlimited  // true
    /// ```
    public var isUnlimited: Bool { bytesPerSecond == .infinity }

    /// The shortest text that `init(parsing:)` reads back to the same rate: `1MB/s`, `1.5KiB/s`, `unlimited`.
    public var description: String {
        guard !isUnlimited else { return "unlimited" }
        var best: String?
        for (suffix, size) in Self.displayUnits where bytesPerSecond / size >= 1 {
            let candidate = shortestFixedPointText(bytesPerSecond / size, maxFractionDigits: 3) { number in
                (try? ByteRate(parsing: number + suffix)) == self
            }
            if let candidate, best == nil || candidate.count + suffix.count < best!.count {
                best = candidate + suffix
            }
        }
        if let best { return best }
        let exact = shortestFixedPointText(bytesPerSecond, maxFractionDigits: 12) { number in
            (try? ByteRate(parsing: number + "B/s")) == self
        }
        return (exact ?? "\(bytesPerSecond)") + "B/s"
    }

    /// Units tried for display, in order of preference when two are equally short.
    private static let displayUnits: [(suffix: String, bytes: Double)] = [
        ("GB/s", 1e9), ("GiB/s", 0x1p30), ("MB/s", 1e6), ("MiB/s", 0x1p20), ("KB/s", 1e3), ("KiB/s", 0x1p10),
        ("B/s", 1), ("Gbit/s", 1.25e8), ("Mbit/s", 125_000), ("kbit/s", 125), ("bit/s", 0.125),
    ]

    /// Bit units, lowercased, with their size in bytes.
    private static let bitUnits: [String: Double] = [
        "bit/s": 0.125, "kbit/s": 125, "mbit/s": 125_000, "gbit/s": 1.25e8,
        "bps": 0.125, "kbps": 125, "mbps": 125_000, "gbps": 1.25e8,
    ]
}

extension ByteRate {
    /// The accepted form, quoted in error messages.
    static let expectedForm =
        "a rate above zero such as 1MB/s, 100KB/s, 2MiB/s, 8Mbit/s, 256kbit/s, 10Mbps, or unlimited"

    /// Reads a rate such as `1MB/s`, `100KB/s`, `8Mbit/s`, `256kbit/s`, `10Mbps` or `unlimited`.
    ///
    /// ```swift
    /// try ByteRate(parsing: "256kbit/s").bytesPerSecond  // 32_000
    /// try ByteRate(parsing: "1MB")  // throws: invalid byte rate "1MB": the "/s" is missing; expected ...
    /// ```
    public init(parsing text: some StringProtocol) throws(ValueParseError) {
        func failure(_ reason: String? = nil) -> ValueParseError {
            ValueParseError(subject: "byte rate", input: text, expected: Self.expectedForm, reason: reason)
        }
        if text.trimmingWhitespace().lowercased() == "unlimited" {
            self = .unlimited
            return
        }
        let (numberText, unitText) = text.splitNumberAndUnit()
        guard DecimalNumber(numberText) != nil, let number = Double(String(numberText)) else { throw failure() }
        let unit = unitText.lowercased()
        let bytesPerUnit: Double
        if let size = Self.bitUnits[unit] {
            bytesPerUnit = size
        } else if unit.hasSuffix("/s"), let size = ByteCount.unitSizes[String(unit.dropLast(2))] {
            bytesPerUnit = Double(size)
        } else if ByteCount.unitSizes[unit] != nil {
            throw failure("the \"/s\" is missing")
        } else {
            throw failure(unit.isEmpty ? "the unit is missing" : "unknown unit \"\(unitText)\"")
        }
        let rate = number * bytesPerUnit
        guard rate > 0 else { throw failure("a rate of zero sends nothing; use a stall fault for that") }
        guard rate.isFinite else { throw failure("it is too large") }
        self.init(bytesPerSecond: rate)
    }
}
