/// Decimal text with a fixed number of places, as `String(format: "%.3f", value)` writes it, without
/// Foundation's format parsing and `CVarArg` boxing: `invocations.csv` writes eight such fields per
/// invocation, and `String(format:)` cost 2.3% of the harness's CPU there (perf). ``CSVLine`` writes
/// the same digits straight into a row's bytes.
///
/// ```swift
/// FixedPoint.text(12.3456, places: 3)  // "12.346"
/// FixedPoint.text(-0.5, places: 3)     // "-0.500"
/// ```
public enum FixedPoint {
    /// A value rounded to a number of places, in parts: `-whole.fraction`, the fraction zero-padded
    /// on the left to the places.
    struct Parts {
        var isNegative: Bool
        var whole: UInt64
        var fraction: UInt64
    }

    /// `value` rounded to `places` decimals (half away from zero), always with that many; "" for a
    /// value that is not finite or too large to hold in 64 bits once scaled.
    public static func text(_ value: Double, places: Int) -> String {
        var line = CSVLine(capacity: 24)
        line.appendFixedPoint(value, places: places)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// `value` rounded to `places` decimals (half away from zero); nil for a value that is not
    /// finite, too large to hold in 64 bits once scaled, or `places` outside 0...9.
    static func parts(_ value: Double, places: Int) -> Parts? {
        guard value.isFinite, (0...9).contains(places) else { return nil }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.2e18 else { return nil }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        return Parts(isNegative: value < 0 && units > 0, whole: units / divisor, fraction: units % divisor)
    }
}
