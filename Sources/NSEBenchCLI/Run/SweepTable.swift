import Foundation
import NSEBenchCore
import NSEBenchSystem

/// sweep.csv as it grows: the sweep's own columns, then every summary.csv column of the first run
/// (later runs are aligned by column name, so a column one run lacks is left empty).
struct SweepTable {
    static let ownColumns = ["sweep_setting", "sweep_value", "sweep_unit", "sweep_stage"]

    let setting: SweepSetting
    private(set) var summaryColumns: [String] = []
    private(set) var rows: [[String]] = []

    init(setting: SweepSetting) { self.setting = setting }

    var count: Int { rows.count }

    /// Adds one run's summary at `value` (in the setting's unit); `stage` is `grid` or `refine`.
    mutating func append(_ summary: RunFolderSummary, value: Double, stage: String) {
        if summaryColumns.isEmpty { summaryColumns = summary.columns }
        let own = [setting.rawValue, FixedPoint.text(value, places: 3), setting.unit, stage]
        rows.append(own + summaryColumns.map { summary.values[$0] ?? "" })
    }

    /// The whole table as CSV text.
    var text: String {
        ([Self.ownColumns + summaryColumns] + rows).map(CSVWriter.record).joined()
    }

    func write(to file: URL) throws {
        try TextFile.write(text, to: file.path)
    }
}
