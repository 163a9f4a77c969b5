public import NSEBenchCore

/// Why a report could not be built from its inputs; each case names the file and what was wrong.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// Not CSV (a truncated or malformed file), with the reader's line.
    case csv(file: String, CSVError)
    /// A summary.csv that `compare` would refuse too.
    case summary(SummaryFileError)
    /// A column the report needs is missing.
    case missingColumn(file: String, column: String)
    /// A field that should be a number (or a known name) is not.
    case badValue(file: String, line: Int, column: String, value: String, expected: String)
    /// A file with a header and no rows where the report needs some.
    case noRows(file: String)

    /// Not comparable (3) for a summary of another schema version; harness error (1) otherwise.
    public var exitCode: ExitCode {
        if case .summary(let error) = self { return error.exitCode }
        return .harnessError
    }

    public var description: String {
        switch self {
        case .csv(let file, let error): "\(file): \(error)"
        case .summary(let error): "\(error)"
        case .missingColumn(let file, let column): "\(file): no column '\(column)'"
        case .badValue(let file, let line, let column, let value, let expected):
            "\(file) line \(line), column \(column): '\(value)' is not \(expected)"
        case .noRows(let file): "\(file): no rows"
        }
    }
}

/// A CSV file read into a table, with typed access that reports the file, line and column of a bad value.
struct ReportTable {
    let file: String
    let table: CSVTable
    private let index: [String: Int]

    init(text: String, file: String) throws(ReportError) {
        do {
            table = try CSVReader.table(text)
        } catch {
            throw .csv(file: file, error)
        }
        self.file = file
        index = Dictionary(table.header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var rows: [[String]] { table.rows }

    /// Throws unless every one of `columns` is in the header.
    func require(_ columns: [String]) throws(ReportError) {
        for column in columns where index[column] == nil { throw .missingColumn(file: file, column: column) }
    }

    func has(_ column: String) -> Bool { index[column] != nil }

    func text(_ column: String, _ row: Int) -> String {
        guard let position = index[column] else { return "" }
        return table.rows[row][position]
    }

    /// A whole number of at least 0.
    func count(_ column: String, _ row: Int) throws(ReportError) -> Int {
        let value = text(column, row)
        guard let number = Int(value), number >= 0 else {
            throw .badValue(file: file, line: row + 2, column: column, value: value, expected: "a whole number ≥ 0")
        }
        return number
    }

    /// A finite number; nil for an empty field when `optional`.
    func number(_ column: String, _ row: Int, optional: Bool = false) throws(ReportError) -> Double? {
        let value = text(column, row)
        if value.isEmpty, optional { return nil }
        guard let number = Double(value), number.isFinite else {
            throw .badValue(file: file, line: row + 2, column: column, value: value, expected: "a number")
        }
        return number
    }
}
