/// One unit a quantity can be written in: its suffix and how many base units it holds.
struct UnitScale: Sendable {
    var suffix: String
    var multiplier: UInt64
}

/// The shortest exact text for `value` base units among `units`, with at most three fraction digits and
/// at least one whole unit (`1.5s`, not `0.0015m`); ties go to the unit listed first. Nil when no unit fits,
/// which cannot happen when `units` holds a unit of multiplier 1 and `value > 0`.
func shortestExactText(_ value: UInt64, units: [UnitScale]) -> String? {
    var best: String?
    for unit in units where value >= unit.multiplier {
        let whole = value / unit.multiplier
        let remainder = value % unit.multiplier
        for fractionDigits in 0...3 {
            let scale = powerOfTen(fractionDigits)
            guard (remainder * scale) % unit.multiplier == 0 else { continue }
            let fraction = remainder * scale / unit.multiplier
            let text = "\(whole)\(fractionText(fraction, digits: fractionDigits))\(unit.suffix)"
            if best == nil || text.count < best!.count { best = text }
            break
        }
    }
    return best
}

/// The shortest fixed-point text (never an exponent) of at most `maxFractionDigits` fraction digits that
/// `isExact` accepts as `value`; nil when none does.
func shortestFixedPointText(
    _ value: Double, maxFractionDigits: Int, isExact: (String) -> Bool
) -> String? {
    guard value.isFinite, value >= 0 else { return nil }
    for fractionDigits in 0...maxFractionDigits {
        let scale = powerOfTen(fractionDigits)
        let scaled = (value * Double(scale)).rounded()
        guard scaled < 0x1p63 else { return nil }
        let units = UInt64(scaled)
        let text = "\(units / scale)\(fractionText(units % scale, digits: fractionDigits))"
        if isExact(text) { return text }
    }
    return nil
}

/// `.05` for `fraction` 5 and `digits` 2; empty for no digits.
private func fractionText(_ fraction: UInt64, digits: Int) -> String {
    guard digits > 0 else { return "" }
    let text = String(fraction)
    return "." + String(repeating: "0", count: digits - text.count) + text
}

/// `value` in plain decimal notation (never an exponent), as short as it can be while `Double(text)`
/// still reads back exactly: `2`, `0.5`, `1.5`, and `10000000000000000000` for 1e19.
///
/// Parsers of weights and shapes read only digits and a point, so a value too large or too small
/// for ``shortestFixedPointText(_:maxFractionDigits:isExact:)`` is written as Swift's shortest
/// round-trip digits with the exponent spelled out as zeros (found by Fuzz/run.sh).
///
/// ```swift
/// plainDecimalText(2.5)    // "2.5"
/// plainDecimalText(1e-18)  // "0.000000000000000001"
/// ```
public func plainDecimalText(_ value: Double) -> String {
    shortestFixedPointText(value, maxFractionDigits: 17) { Double($0) == value } ?? expandingExponent("\(value)")
}

/// `text`, a number as Swift writes a `Double` (`3.5e+71`, `-1.25e-20`), with its exponent written
/// out: the same digits and value, no `e`. Text without an exponent comes back unchanged.
func expandingExponent(_ text: String) -> String {
    guard let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
        let exponent = Int(text[text.index(after: marker)...])
    else { return text }
    var mantissa = text[..<marker]
    let sign = mantissa.hasPrefix("-") ? "-" : ""
    if !sign.isEmpty { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let integerDigits = parts[0]
    let digits = String(integerDigits) + (parts.count == 2 ? String(parts[1]) : "")
    // How many of `digits` come before the decimal point.
    let point = integerDigits.count + exponent
    if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
    if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) }
    return sign + digits.prefix(point) + "." + digits.dropFirst(point)
}
