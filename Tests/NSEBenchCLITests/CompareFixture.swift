import Foundation
import NSEBenchCore
import NSEBenchTestSupport

/// `summary.csv` files for the `compare`, `merge` and `report` command tests: rows from the shared
/// ``SummaryRowFixture``, written to a ``TemporaryDirectory`` of their own.
struct CompareFixture {
    private let folder: TemporaryDirectory

    /// The fixture's folder.
    var directory: URL { folder.url }

    init() throws {
        folder = try TemporaryDirectory(prefix: "nse-bench-compare")
    }

    /// A valid row: 1000 invocations, 950 enriched, with `overrides` by column name.
    static func row(_ overrides: [String: String] = [:]) -> [String: String] { SummaryRowFixture.row(overrides) }

    static func csv(_ rows: [[String: String]], columns: [String] = SummarySchema.columns.map(\.name)) -> String {
        SummaryRowFixture.csv(rows, columns: columns)
    }

    /// Writes `text` to `name` in the fixture's folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try folder.write(name, text) }

    /// Writes the rows as `name` and returns its path.
    @discardableResult
    func summary(_ name: String, _ rows: [[String: String]]) throws -> String {
        try write(name, Self.csv(rows))
    }

    func path(_ name: String) -> String { folder.path(name) }

    func remove() { folder.remove() }
}
