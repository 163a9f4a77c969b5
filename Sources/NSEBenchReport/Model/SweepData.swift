public import NSEBenchCore

/// A sweep's results (`sweep.csv`, `cliffs.csv`): enriched and fallback rates of each extension at
/// each value of one setting, and the cliffs found.
public struct SweepData: Sendable, Equatable {
    /// One point of one extension.
    public struct Point: Sendable, Equatable {
        public var extensionName: String
        public var value: Double
        public var enrichedRate: Double
        public var fallbackRate: Double
        /// Whether the point's run passed its self-check (`valid`; true when sweep.csv has no such column).
        public var valid: Bool = true
    }

    /// The largest swept value at which an extension still reaches `level` enriched; nil when never.
    public struct Cliff: Sendable, Equatable {
        public var extensionName: String
        public var level: Double
        public var value: Double?
        public var unit: String
        /// `within`, `beyond_range` (held across the whole range: the cliff lies past its end) or
        /// `below_across_range`; nil when cliffs.csv has no `finding` column.
        public var finding: String? = nil
        /// Whether every point the cliff rests on came from a valid run; nil when not recorded.
        public var fromValidRuns: Bool? = nil
    }

    /// How many points came from runs the self-check marked invalid.
    public var invalidPoints: Int { points.filter { !$0.valid }.count }

    /// The setting swept (`ttfb`).
    public var setting: String
    /// Its unit (`ms`, `B/s`, `count`, `/s`, `B`).
    public var unit: String
    public var points: [Point]
    public var cliffs: [Cliff]

    /// Extensions in first-seen order.
    public var extensions: [String] {
        var seen: Set<String> = []
        return points.map(\.extensionName).filter { seen.insert($0).inserted }
    }

    /// Parses sweep.csv and (when the sweep wrote it) cliffs.csv.
    public init(sweepText: String, sweepSource: String, cliffsText: String?, cliffsSource: String) throws(ReportError) {
        let sweep = try ReportTable(text: sweepText, file: sweepSource)
        try sweep.require(["sweep_setting", "sweep_value", "sweep_unit", "extension", "enriched_rate", "fallback_rate"])
        guard !sweep.rows.isEmpty else { throw .noRows(file: sweepSource) }
        setting = sweep.text("sweep_setting", 0)
        unit = sweep.text("sweep_unit", 0)
        var points: [Point] = []
        for row in sweep.rows.indices {
            func rate(_ column: String) throws(ReportError) -> Double {
                let value = try sweep.number(column, row) ?? 0
                guard value >= 0, value <= 1 else {
                    throw .badValue(
                        file: sweepSource, line: row + 2, column: column, value: sweep.text(column, row),
                        expected: "a fraction from 0 to 1")
                }
                return value
            }
            points.append(
                Point(
                    extensionName: sweep.text("extension", row), value: try sweep.number("sweep_value", row) ?? 0,
                    enrichedRate: try rate("enriched_rate"), fallbackRate: try rate("fallback_rate"),
                    valid: !sweep.has("valid") || sweep.text("valid", row) != "false"))
        }
        self.points = points.sorted { $0.value < $1.value }
        var cliffs: [Cliff] = []
        if let cliffsText {
            let table = try ReportTable(text: cliffsText, file: cliffsSource)
            try table.require(["extension", "level", "value", "unit"])
            for row in table.rows.indices {
                cliffs.append(
                    Cliff(
                        extensionName: table.text("extension", row), level: try table.number("level", row) ?? 0,
                        value: try table.number("value", row, optional: true), unit: table.text("unit", row),
                        finding: table.has("finding") ? table.text("finding", row) : nil,
                        fromValidRuns: table.has("valid") ? table.text("valid", row) != "false" : nil))
            }
        }
        self.cliffs = cliffs
    }
}
