/// Why a `summary.csv` cannot be compared, naming the file, and the line and column where it helps.
public enum SummaryFileError: Error, Equatable, CustomStringConvertible {
    /// Malformed or truncated CSV; the ``CSVError`` carries the line.
    case csv(source: String, CSVError)
    /// A header and no rows: the run wrote nothing.
    case noRows(source: String)
    /// The same column twice in the header.
    case duplicateColumn(source: String, column: String)
    /// Schema columns absent from the header, in schema order.
    case missingColumns(source: String, [String])
    /// A field that does not hold what its column must.
    case badValue(source: String, line: Int, column: String, value: String, expected: String)
    /// A row of another schema version than ``SummarySchema/version``.
    case unsupportedSchemaVersion(source: String, line: Int, found: String)

    /// Not comparable (3) for another schema version, which is not a broken file; harness error (1)
    /// for everything else.
    public var exitCode: ExitCode {
        if case .unsupportedSchemaVersion = self { return .notComparable }
        return .harnessError
    }

    public var description: String {
        switch self {
        case .csv(let source, let error):
            "\(source): \(error)"
        case .noRows(let source):
            "\(source): a header and no rows; the run wrote no results"
        case .duplicateColumn(let source, let column):
            "\(source): column '\(column)' appears twice in the header"
        case .missingColumns(let source, let columns):
            "\(source): missing column\(columns.count == 1 ? "" : "s") "
                + columns.map { "'\($0)'" }.joined(separator: ", ")
                + " (is it a summary.csv of nse-bench schema version \(SummarySchema.version)?)"
        case .badValue(let source, let line, let column, let value, let expected):
            "\(source): line \(line): column '\(column)' holds '\(value)'; expected \(expected)"
        case .unsupportedSchemaVersion(let source, let line, let found):
            "\(source): line \(line): schema_version is '\(found)', but this nse-bench reads version "
                + "\(SummarySchema.version); not comparable"
        }
    }
}
