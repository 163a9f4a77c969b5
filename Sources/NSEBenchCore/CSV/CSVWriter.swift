/// RFC 4180 CSV encoding: CRLF line ends, fields quoted when they hold a comma, a quote, CR or LF,
/// quotes doubled inside quoted fields.
public enum CSVWriter {
    /// One record, with its CRLF line end.
    public static func record(_ fields: [String]) -> String {
        var line = CSVLine(capacity: fields.reduce(2) { $0 + $1.utf8.count + 1 })
        for field in fields { line.append(field) }
        return String(decoding: line.finish(), as: UTF8.self)
    }

    /// A field as it must appear in the file.
    public static func escape(_ field: String) -> String {
        var line = CSVLine(capacity: field.utf8.count + 2)
        line.append(field)
        return String(decoding: line.bytes, as: UTF8.self)
    }
}
