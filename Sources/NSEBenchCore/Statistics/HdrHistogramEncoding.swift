/// A ``Histogram`` in HdrHistogram's V2 encoding, the payload of an interval log (`.hlog`) line,
/// so HdrHistogram's tools (the Java, Python and Go libraries, HistogramLogAnalyzer) read our
/// figures. Our layout is HdrHistogram's with a lowest discernible value of 1 and 3 significant
/// digits, so the counts go across as they are.
///
/// V2: a big-endian header (cookie `0x1c849303`, payload length, normalizing index offset 0,
/// significant digits, lowest discernible value, highest trackable value, integer-to-double ratio
/// 1.0), then the counts in index order as ZigZag LEB128 varints, a run of zeros written as its
/// negated length. The compressed form (``compressedHeader(payloadLength:)`` then the DEFLATE of this)
/// is what `.hlog` lines carry, base64-encoded; the system layer compresses.
public enum HdrHistogramEncoding {
    /// The uncompressed V2 encoding's cookie.
    public static let encodingCookie: UInt32 = 0x1c84_9303
    /// The compressed V2 encoding's cookie.
    public static let compressionCookie: UInt32 = 0x1c84_9304

    /// The uncompressed V2 encoding of `histogram`.
    public static func uncompressed(_ histogram: Histogram) -> [UInt8] {
        var counts: [Int: UInt64] = [:]
        for bucket in histogram.buckets { counts[Histogram.countsIndex(for: bucket.value), default: 0] += bucket.count }
        var payload: [UInt8] = []
        if let last = counts.keys.max() {
            var zeros: Int64 = 0
            for index in 0...last {
                let count = counts[index] ?? 0
                if count == 0 {
                    zeros += 1
                    continue
                }
                if zeros > 0 {
                    appendZigZag(-zeros, to: &payload)
                    zeros = 0
                }
                appendZigZag(Int64(count), to: &payload)
            }
        }
        var bytes: [UInt8] = []
        append(encodingCookie, to: &bytes)
        append(UInt32(payload.count), to: &bytes)
        append(UInt32(0), to: &bytes)  // normalizing index offset
        append(UInt32(3), to: &bytes)  // significant digits: 2048 sub-buckets
        append(UInt64(1), to: &bytes)  // lowest discernible value
        append(histogram.highestTrackableValue, to: &bytes)
        append((1.0 as Double).bitPattern, to: &bytes)
        return bytes + payload
    }

    /// The 8 bytes in front of the DEFLATE stream of the compressed encoding.
    public static func compressedHeader(payloadLength: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        append(compressionCookie, to: &bytes)
        append(UInt32(payloadLength), to: &bytes)
        return bytes
    }

    /// One interval-log line: `Tag=NAME,start,length,max,BASE64` (start and length in seconds).
    public static func logLine(
        tag: String, start: Double, length: Double, maximum: Double, compressed: [UInt8]
    ) -> String {
        "Tag=\(tag),\(fixed(start)),\(fixed(length)),\(fixed(maximum)),\(Base64.encode(compressed))\n"
    }

    /// The interval log's header lines.
    public static func logHeader(startTime: Double, timeScale: Double = 1) -> String {
        var header = "#[Histogram log format version 1.3]\n#[StartTime: \(fixed(startTime)) (seconds since epoch)]\n"
        if timeScale != 1 {
            // A comment line, which HdrHistogram's log readers skip: the values' unit, for a person reading it.
            header +=
                "#[Values are nanoseconds as measured at nse-bench --time-scale \(timeScale): divide by it for unscaled]\n"
        }
        return header
            + "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
    }

    private static func fixed(_ value: Double) -> String {
        let milli = (value * 1_000).rounded()
        let whole = Int64(milli) / 1_000
        let fraction = abs(Int64(milli) % 1_000)
        let digits = String(fraction)
        return "\(whole).\(String(repeating: "0", count: 3 - digits.count))\(digits)"
    }

    static func appendZigZag(_ value: Int64, to bytes: inout [UInt8]) {
        var encoded = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while encoded >= 0x80 {
            bytes.append(UInt8(encoded & 0x7f) | 0x80)
            encoded >>= 7
        }
        bytes.append(UInt8(encoded))
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}
