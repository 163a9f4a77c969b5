/// A strict RFC 4180 reader: every malformed or truncated input is an error with its line number,
/// never a silently shorter table.
public enum CSVReader {
    /// Parses `text` into records. Accepts CRLF or LF line ends; a final line end is optional.
    public static func records(_ text: String) throws(CSVError) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var afterClosingQuote = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return iterator.next()
        }
        while let scalar = next() {
            if inQuotes {
                if scalar == "\"" {
                    if let following = next() {
                        if following == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            inQuotes = false
                            afterClosingQuote = true
                            pending = following
                        }
                    } else {
                        inQuotes = false
                        afterClosingQuote = true
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                record.append(field)
                field = ""
                afterClosingQuote = false
            case "\r":
                guard let following = next(), following == "\n" else {
                    throw .bareCarriageReturn(line: line)
                }
                fallthrough
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                afterClosingQuote = false
                line += 1
                recordLine = line
            case "\"":
                guard field.isEmpty, !afterClosingQuote else { throw .quoteInUnquotedField(line: line) }
                inQuotes = true
            default:
                guard !afterClosingQuote else { throw .textAfterClosingQuote(line: line) }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw .unterminatedQuote(line: recordLine) }
        if !field.isEmpty || !record.isEmpty || afterClosingQuote {
            record.append(field)
            records.append(record)
        }
        return records
    }

    /// Parses a table with a header row, checking every row has the header's width.
    public static func table(_ text: String) throws(CSVError) -> CSVTable {
        let all = try records(text)
        guard let header = all.first else { throw .empty }
        var rows: [[String]] = []
        for (offset, record) in all.dropFirst().enumerated() {
            guard record.count == header.count else {
                throw .wrongFieldCount(line: offset + 2, expected: header.count, found: record.count)
            }
            rows.append(record)
        }
        return CSVTable(header: header, rows: rows)
    }
}

/// A CSV file with a header row; rows are in file order and as wide as the header.
public struct CSVTable: Sendable, Equatable {
    public let header: [String]
    public let rows: [[String]]

    /// The value of `column` in `row`, or nil when there is no such column.
    public func value(_ column: String, in row: [String]) -> String? {
        header.firstIndex(of: column).map { row[$0] }
    }
}

/// What is wrong with a CSV file, and on which line (1-based, counting physical lines).
public enum CSVError: Error, Equatable, CustomStringConvertible {
    case empty
    case unterminatedQuote(line: Int)
    case quoteInUnquotedField(line: Int)
    case textAfterClosingQuote(line: Int)
    case bareCarriageReturn(line: Int)
    case wrongFieldCount(line: Int, expected: Int, found: Int)

    public var description: String {
        switch self {
        case .empty: "the CSV file is empty: expected a header row"
        case .unterminatedQuote(let line): "line \(line): a quoted field is never closed (truncated file?)"
        case .quoteInUnquotedField(let line): "line \(line): a quote inside an unquoted field"
        case .textAfterClosingQuote(let line): "line \(line): text after a closing quote"
        case .bareCarriageReturn(let line): "line \(line): a carriage return not followed by a line feed"
        case .wrongFieldCount(let line, let expected, let found):
            "line \(line): \(found) fields where the header has \(expected) (truncated or malformed row)"
        }
    }
}
