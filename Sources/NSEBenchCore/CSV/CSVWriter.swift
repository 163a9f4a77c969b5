/// RFC 4180 CSV encoding: CRLF line ends, fields quoted when they hold a comma, a quote, CR or LF,
/// quotes doubled inside quoted fields.
public enum CSVWriter {
    /// One record, with its CRLF line end.
    public static func record(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\r\n"
    }

    /// A field as it must appear in the file.
    public static func escape(_ field: String) -> String {
        let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard needsQuotes else { return field }
        var quoted = "\""
        for character in field {
            if character == "\"" { quoted += "\"" }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
