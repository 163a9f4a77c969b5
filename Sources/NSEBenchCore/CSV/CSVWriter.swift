/// RFC 4180 CSV encoding: CRLF line ends, fields quoted when they hold a comma, a quote, CR or LF,
/// quotes doubled inside quoted fields.
public enum CSVWriter {
    /// One record, with its CRLF line end.
    public static func record(_ fields: [String]) -> String {
        // Into one string sized up front: mapping, joining and appending the line end made three
        // allocations per row, one of them per invocations.csv row (perf, issue #18).
        var line = ""
        line.reserveCapacity(fields.reduce(2) { $0 + $1.utf8.count + 1 })
        for (position, field) in fields.enumerated() {
            if position > 0 { line.append(",") }
            line.append(escape(field))
        }
        line.append("\r\n")
        return line
    }

    /// A field as it must appear in the file.
    public static func escape(_ field: String) -> String {
        // Bytes, not Characters: grapheme breaking made this 2.3% of a run's CPU (perf), and the four
        // bytes that need quotes are ASCII, never part of another character's encoding.
        let needsQuotes = field.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 13 || $0 == 10
        }
        guard needsQuotes else { return field }
        // By Unicode scalar, as CSVReader reads: a quote followed by a combining mark is one Character
        // that is not "\"", and its quote went undoubled, so the file could not be read back (found by
        // Fuzz/run.sh, target csv).
        var quoted = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted.unicodeScalars.append("\"") }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }
}
