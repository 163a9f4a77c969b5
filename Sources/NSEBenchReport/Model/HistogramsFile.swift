public import NSEBenchCore

/// `histograms.csv` read back into histograms: re-recording each bucket rebuilds the run's own
/// histogram exactly, so percentiles read from it are the ones summary.csv holds.
public enum HistogramsFile {
    /// The histograms (`deliver`, `slack`, each phase), values in nanoseconds as measured (scaled time:
    /// divide by the run's time scale for the unscaled figures summary.csv shows). A row naming no
    /// ``HistogramKey`` (a newer nse-bench's histogram) is passed over: the report draws none of it.
    public static func parse(_ text: String, file: String) throws(ReportError) -> [HistogramKey: Histogram] {
        let table = try ReportTable(text: text, file: file)
        try table.require(["histogram", "value_ns", "count"])
        var histograms: [HistogramKey: Histogram] = [:]
        for row in table.rows.indices {
            guard let key = HistogramKey(name: table.text("histogram", row)) else { continue }
            let value = table.text("value_ns", row)
            guard let nanoseconds = UInt64(value) else {
                throw .badValue(
                    file: file, line: row + 2, column: "value_ns", value: value, expected: "whole nanoseconds ≥ 0")
            }
            let count = try table.count("count", row)
            histograms[key, default: Histogram()].record(nanoseconds, count: UInt64(count))
        }
        return histograms
    }
}
