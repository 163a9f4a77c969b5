/// Text made safe for an HTML page: every report string that came from a file (a setting, a scenario
/// name, an error) goes through here, so a hostile value cannot open a tag or leave an attribute.
public enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references: safe in element
    /// content and in a quoted attribute value.
    ///
    /// ```swift
    /// HTML.escape("<script>\"x\"</script>")  // "&lt;script&gt;&quot;x&quot;&lt;/script&gt;"
    /// ```
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                // Control characters other than tab and line ends are not allowed in HTML text.
                if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" {
                    escaped += "&#xFFFD;"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// A table: `header` cells, then `rows`, every cell escaped; `numeric` columns align right.
    public static func table(header: [String], rows: [[String]], numeric: Set<Int> = [], caption: String? = nil)
        -> String
    {
        var html = "<table>"
        if let caption { html += "<caption>\(escape(caption))</caption>" }
        html += "<thead><tr>" + header.map { "<th>\(escape($0))</th>" }.joined() + "</tr></thead><tbody>"
        for row in rows {
            html += "<tr>"
            for (index, cell) in row.enumerated() {
                html += numeric.contains(index) ? "<td class=\"num\">\(escape(cell))</td>" : "<td>\(escape(cell))</td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table>"
    }
}
