public import NSEBenchCore

/// `histograms.hlog`: a run's histograms as an HdrHistogram interval log, one tagged interval per
/// histogram (`deliver`, `slack` and each phase) covering the whole run, in the V2 compressed
/// encoding. Values are nanoseconds as measured, as in `histograms.csv`.
public enum HdrHistogramLog {
    /// The log's text. `startTime` is Unix seconds; `length` the run's seconds; a `timeScale` other than 1
    /// is named in a comment line of the header, as the values are measured (scaled) nanoseconds.
    /// Intervals are tagged with ``HistogramKey/name``, in ``HistogramKey/allCases`` order.
    public static func text(
        _ histograms: [HistogramKey: Histogram], startTime: Double, length: Double, timeScale: Double = 1
    ) throws(DeflateError) -> String {
        var text = HdrHistogramEncoding.logHeader(startTime: startTime, timeScale: timeScale)
        for key in HistogramKey.allCases {
            guard let histogram = histograms[key] else { continue }
            let compressed = try Deflate.compress(HdrHistogramEncoding.uncompressed(histogram))
            text += HdrHistogramEncoding.logLine(
                tag: key.name, start: 0, length: length, maximum: Double(histogram.maximum) / 1e6,
                compressed: HdrHistogramEncoding.compressedHeader(payloadLength: compressed.count) + compressed)
        }
        return text
    }
}
