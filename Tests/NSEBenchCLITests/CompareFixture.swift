import Foundation
import NSEBenchCore

/// `summary.csv` files for the `compare` command tests, built from ``SummarySchema/columns``: every
/// column a valid default, overridden by name. (NSEBenchCoreTests has a fuller builder; test targets
/// cannot share code without a test-support target.)
struct CompareFixture {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nse-bench-compare-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A valid row: 1000 invocations, 950 enriched, with `overrides` by column name.
    static func row(_ overrides: [String: String] = [:]) -> [String: String] {
        var fields: [String: String] = [:]
        // A run on one network has no per-class figures: those columns stay empty.
        for column in SummarySchema.columns where !column.name.hasPrefix("net_") {
            switch column.kind {
            case .count: fields[column.name] = "0"
            case .time: fields[column.name] = "900"
            case .measure: fields[column.name] = "100"
            case .provenance, .fingerprint, .setting, .rate, .validity: fields[column.name] = "x"
            }
        }
        let defaults = [
            "schema_version": "\(SummarySchema.version)", "scenario": "default", "invocations": "1000",
            "enriched": "950", "degraded": "30", "killed": "20", "enriched_rate": "0.95",
            "finished_before_deadline_rate": "0.98", "fallback_rate": "0.02", "valid": "true", "partial": "false",
            "invalid_reason": "",
        ]
        return fields.merging(defaults) { $1 }.merging(overrides) { $1 }
    }

    static func csv(_ rows: [[String: String]], columns: [String] = SummarySchema.columns.map(\.name)) -> String {
        CSVWriter.record(columns) + rows.map { row in CSVWriter.record(columns.map { row[$0] ?? "" }) }.joined()
    }

    /// Writes `text` to `name` in the fixture's folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Writes the rows as `name` and returns its path.
    @discardableResult
    func summary(_ name: String, _ rows: [[String: String]]) throws -> String {
        try write(name, Self.csv(rows))
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
