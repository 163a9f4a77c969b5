import NSEBenchCore

/// ``FuzzTarget/csv``: what the reader accepts, the writer writes back so that the reader reads the
/// same records; what it rejects, it rejects on a line the input has.
enum CSVReaderTarget {
    static func run(_ input: [UInt8]) throws(FuzzFinding) {
        let text = String(decoding: input, as: UTF8.self)
        let lineCount = text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let records: [[String]]
        do {
            records = try CSVReader.records(text)
        } catch {
            try checkLine(of: error, lineCount: lineCount, text)
            return
        }
        let written = records.map(CSVWriter.record).joined()
        let again: [[String]]
        do {
            again = try CSVReader.records(written)
        } catch {
            throw finding("records written back read back", "\(quoted(written)) was rejected: \(error)")
        }
        guard again == records else {
            throw finding("records written back read back the same", "\(quoted(text)) gave \(records), then \(again)")
        }
        let table: CSVTable
        do {
            table = try CSVReader.table(text)
        } catch {
            try checkLine(of: error, lineCount: lineCount, text)
            return
        }
        guard table.rows.allSatisfy({ $0.count == table.header.count }) else {
            throw finding("a table's rows are as wide as its header", "\(quoted(text)) gave \(table)")
        }
    }

    /// An error names a line of the input: 1 up to the number of line feeds plus one.
    private static func checkLine(of error: CSVError, lineCount: Int, _ text: String) throws(FuzzFinding) {
        let line: Int? =
            switch error {
            case .empty: nil
            case .unterminatedQuote(let line), .quoteInUnquotedField(let line), .textAfterClosingQuote(let line),
                .bareCarriageReturn(let line), .wrongFieldCount(let line, _, _):
                line
            }
        if let line, !(1...lineCount).contains(line) {
            throw finding("an error names a line of the input", "\(quoted(text)) (\(lineCount) lines): \(error)")
        }
    }

    private static func finding(_ invariant: String, _ detail: String) -> FuzzFinding {
        FuzzFinding(target: .csv, invariant: invariant, detail: detail)
    }
}
