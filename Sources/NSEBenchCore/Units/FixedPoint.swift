/// Decimal text with a fixed number of places, as `String(format: "%.3f", value)` writes it, without
/// Foundation's format parsing and `CVarArg` boxing: `invocations.csv` writes eight such fields per
/// invocation, and `String(format:)` cost 2.3% of the harness's CPU there (perf).
///
/// ```swift
/// FixedPoint.text(12.3456, places: 3)  // "12.346"
/// FixedPoint.text(-0.5, places: 3)     // "-0.500"
/// ```
public enum FixedPoint {
    /// `value` rounded to `places` decimals (half away from zero), always with that many; "" for a
    /// value that is not finite or too large to hold in 64 bits once scaled.
    public static func text(_ value: Double, places: Int) -> String {
        guard value.isFinite, (0...9).contains(places) else { return "" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.2e18 else { return "" }
        let units = UInt64(scaled)
        let divisor = UInt64(scale)
        let whole = String(units / divisor)
        let sign = value < 0 && units > 0 ? "-" : ""
        guard places > 0 else { return sign + whole }
        let fraction = String(units % divisor)
        return sign + whole + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
