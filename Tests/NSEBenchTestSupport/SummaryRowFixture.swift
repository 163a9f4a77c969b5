public import NSEBenchCore

/// `summary.csv` rows for tests, built from ``SummarySchema/columns``: every column a valid default,
/// a test overrides the few it is about by name.
///
/// ```swift
/// let text = SummaryRowFixture.csv([SummaryRowFixture.row(["enriched_rate": "0.9"])])
/// ```
public enum SummaryRowFixture {
    /// A valid row: 1000 invocations, 950 enriched, with `overrides` by column name.
    public static func row(_ overrides: [String: String] = [:]) -> [String: String] {
        var fields: [String: String] = [:]
        // A run on one network has no per-class figures: those columns stay empty.
        for column in SummarySchema.columns where !column.name.hasPrefix("net_") {
            switch column.kind {
            case .count: fields[column.name] = "0"
            case .time: fields[column.name] = "900"
            case .measure: fields[column.name] = "100"
            case .provenance, .fingerprint, .setting, .rate, .validity: fields[column.name] = "x"
            case .tally: fields[column.name] = ""
            }
        }
        let defaults = [
            "schema_version": "\(SummarySchema.version)", "scenario": "default", "invocations": "1000",
            "enriched": "950", "degraded": "30", "killed": "20", "enriched_rate": "0.95",
            "finished_before_deadline_rate": "0.98", "fallback_rate": "0.02", "valid": "true", "partial": "false",
            "invalid_reason": "",
            // Most extensions set no timeout of their own.
            "extension_timeout_s": "",
        ]
        return fields.merging(defaults) { $1 }.merging(overrides) { $1 }
    }

    /// CSV text: a header of `columns` (every schema column by default), then the rows (a column a
    /// row lacks is empty).
    public static func csv(_ rows: [[String: String]], columns: [String] = SummarySchema.columns.map(\.name))
        -> String
    {
        CSVWriter.record(columns) + rows.map { row in CSVWriter.record(columns.map { row[$0] ?? "" }) }.joined()
    }
}
