/// One CSV record built as UTF-8 bytes, field by field, as ``CSVWriter`` encodes it (RFC 4180: fields
/// quoted when they hold a comma, a quote, CR or LF; quotes doubled inside; a CRLF line end).
///
/// `invocations.csv` gets a row of 29 fields per invocation. Building it as strings (one per field,
/// decimal text through `String(_:)` and ``FixedPoint/text(_:places:)``, then escaped and joined) was
/// 3.9% of case 1's CPU (perf, issue #18); numbers written straight into the row's bytes skip every
/// intermediate string.
///
/// ```swift
/// var line = CSVLine()
/// line.append("a,b")                       // "a,b" quoted
/// line.append(UInt64(42))
/// line.appendFixedPoint(12.3456, places: 3)  // 12.346
/// line.appendEmpty()
/// let bytes = line.finish()                // "\"a,b\",42,12.346,\r\n"
/// ```
public struct CSVLine: Sendable {
    /// The record so far, without its line end.
    public private(set) var bytes: [UInt8] = []
    private var isFirstField = true

    /// An empty record with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `field`, quoted when it must be.
    public mutating func append(_ field: String) {
        separate()
        let utf8 = field.utf8
        let needsQuotes = utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 13 || $0 == 10
        }
        guard needsQuotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        // Byte by byte: a quote is ASCII, never part of another character's UTF-8 encoding, so this
        // doubles exactly the quotes a scan by Unicode scalar would (CSVReader reads by scalar).
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an empty field.
    public mutating func appendEmpty() {
        separate()
    }

    /// Appends `value` in decimal, as `String(value)` writes it.
    ///
    /// For `Int` and `UInt64`, not any `BinaryInteger`: a generic called from another module runs
    /// unspecialised, through the protocol's witnesses (78 samples of a row's 282 in perf).
    public mutating func append(_ value: Int) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: UInt64(value.magnitude))
    }

    /// Appends `value` in decimal, as `String(value)` writes it.
    public mutating func append(_ value: UInt64) {
        separate()
        appendDigits(of: value)
    }

    /// Appends `value` rounded to `places` decimals, exactly as ``FixedPoint/text(_:places:)`` writes
    /// it; an empty field where that writes "".
    public mutating func appendFixedPoint(_ value: Double, places: Int) {
        separate()
        guard let fixed = FixedPoint.parts(value, places: places) else { return }
        if fixed.isNegative { bytes.append(UInt8(ascii: "-")) }
        appendDigits(of: fixed.whole)
        guard places > 0 else { return }
        bytes.append(UInt8(ascii: "."))
        appendDigits(of: fixed.fraction, width: places)
    }

    /// Ends the record with CRLF and returns it.
    public mutating func finish() -> [UInt8] {
        bytes.append(13)
        bytes.append(10)
        return bytes
    }

    private mutating func separate() {
        if isFirstField { isFirstField = false } else { bytes.append(UInt8(ascii: ",")) }
    }

    /// `value`'s decimal digits, zero-padded on the left to at least `width`.
    private mutating func appendDigits(of value: UInt64, width: Int = 1) {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        count = max(count, width)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var remaining = value
        var index = start + count - 1
        while remaining > 0 {
            bytes[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
            index -= 1
        }
    }
}
