public import NSEBenchCore

/// `histograms.hlog`: a run's histograms as an HdrHistogram interval log, one tagged interval per
/// histogram (`deliver`, `slack` and each phase) covering the whole run, in the V2 compressed
/// encoding. Values are nanoseconds as measured, as in `histograms.csv`.
public enum HdrHistogramLog {
    /// The log's text. `startTime` is Unix seconds; `length` the run's seconds; a `timeScale` other than 1
    /// is named in a comment line of the header, as the values are measured (scaled) nanoseconds.
    public static func text(_ histograms: [String: Histogram], startTime: Double, length: Double, timeScale: Double = 1)
        throws(DeflateError) -> String
    {
        var text = HdrHistogramEncoding.logHeader(startTime: startTime, timeScale: timeScale)
        let known = RunAggregate.histogramNames
        for name in known + histograms.keys.filter({ !known.contains($0) }).sorted() {
            guard let histogram = histograms[name] else { continue }
            let compressed = try Deflate.compress(HdrHistogramEncoding.uncompressed(histogram))
            text += HdrHistogramEncoding.logLine(
                tag: name, start: 0, length: length, maximum: Double(histogram.maximum) / 1e6,
                compressed: HdrHistogramEncoding.compressedHeader(payloadLength: compressed.count) + compressed)
        }
        return text
    }
}
