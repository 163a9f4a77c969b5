import Foundation
import NSEBenchCore

/// The summary row one run wrote to its folder's summary.csv, as `suite` and `sweep` collect it: the
/// raw header and row (copied into the suite's summary.csv unchanged), their fields, and the values
/// by column.
struct RunFolderSummary {
    let header: String
    let row: String
    /// The header's column names and the row's fields, in order.
    let columns: [String]
    let fields: [String]
    let values: [String: String]

    /// Reads `folder/summary.csv`; a missing, unreadable or empty file is an output error naming it.
    init(folder: URL) throws(RunError) {
        let path = folder.appendingPathComponent("summary.csv").path
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw RunError.output("\(path) could not be read: \(error)")
        }
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)
        guard lines.count >= 2 else { throw RunError.output("\(path) has no row") }
        header = String(lines[0])
        row = String(lines[1])
        let records: [[String]]
        do {
            records = try CSVReader.records(header + "\r\n" + row + "\r\n")
        } catch {
            throw RunError.output("\(path) is not a CSV file: \(error)")
        }
        guard records.count == 2, records[0].count == records[1].count else {
            throw RunError.output("\(path): its row does not match its header")
        }
        columns = records[0]
        fields = records[1]
        values = Dictionary(zip(records[0], records[1]), uniquingKeysWith: { first, _ in first })
    }

    var invalidReason: String { values["invalid_reason"] ?? "" }

    /// Whether another attempt may replace this one: the run finished (exit 0, or 2 for a failed
    /// `--threshold`), is not partial, and only its self-check found it not valid. A harness failure
    /// exits 1 and is the machine's problem to fix, not noise to wait out, so it is never retried.
    func isRetryable(status: ExitCode) -> Bool {
        (status == .success || status == .regression) && values["valid"] == "false" && values["partial"] != "true"
    }
}
