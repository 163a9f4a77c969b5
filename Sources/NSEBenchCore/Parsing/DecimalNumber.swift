/// A non-negative decimal number read exactly from text: `significand / 10^fractionDigits`.
///
/// The unit parsers use it so that `1.5s` becomes exactly 1,500,000,000 ns and `1.5MB` exactly
/// 1,500,000 bytes, with no binary floating-point rounding on the way.
struct DecimalNumber: Hashable, Sendable {
    /// The digits without the decimal point, trailing fractional zeros removed.
    var significand: UInt64
    /// How many of the significand's digits come after the decimal point.
    var fractionDigits: Int

    /// Reads `DIGITS` or `DIGITS.DIGITS`; nil for anything else (signs, exponents, `1.`, `.5`) or for
    /// more significant digits than a `UInt64` holds.
    init?(_ text: Substring) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integerPart = parts.first, !integerPart.isEmpty, integerPart.allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        var fraction = Substring()
        if parts.count == 2 {
            fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
            while fraction.last == "0" { fraction = fraction.dropLast() }
        }
        var value: UInt64 = 0
        for character in integerPart.drop(while: { $0 == "0" }) + fraction {
            let digit = UInt64(character.asciiValue! - 48)
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        significand = value
        fractionDigits = fraction.count
    }

    /// The outcome of scaling a decimal to a whole number of base units.
    enum Scaled: Hashable {
        case value(UInt64)
        /// The value times the multiplier has a fractional part (finer than one base unit).
        case notWhole
        /// The value times the multiplier does not fit in 64 bits.
        case tooLarge
    }

    /// This number times `multiplier`, exactly, as a whole number of base units.
    func scaled(by multiplier: UInt64) -> Scaled {
        guard fractionDigits <= 19 else { return significand == 0 ? .value(0) : .notWhole }
        let product = significand.multipliedFullWidth(by: multiplier)
        let divisor = powerOfTen(fractionDigits)
        guard product.high < divisor else { return .tooLarge }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        return remainder == 0 ? .value(quotient) : .notWhole
    }
}

/// `10^exponent` for `0...19`.
func powerOfTen(_ exponent: Int) -> UInt64 {
    var result: UInt64 = 1
    for _ in 0..<exponent { result *= 10 }
    return result
}

extension Character {
    /// `0` to `9` only (not other Unicode digits).
    ///
    /// By its ASCII value, not `"0"..."9"`: Character ranges compare by Unicode order, so `1` with a
    /// combining mark (U+0348) falls inside them while having no ASCII value (found by .ci/fuzz).
    var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}
