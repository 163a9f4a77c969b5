extension Comparison {
    /// The report as GitHub-flavoured Markdown, for a pull-request comment or `$GITHUB_STEP_SUMMARY`:
    /// a headline with the outcome, a summary line, then per scenario its notes and a table with
    /// regressions first. Status words only, no emoji, so it reads the same everywhere.
    public func markdown() -> String {
        let content = ReportContent(self)
        var lines = ["## \(content.headline)", "", "\(content.summary).", ""]
        lines.append("Baseline `\(content.baselineSource)`, candidate `\(content.candidateSource)`.")
        for section in content.sections {
            lines += [
                "", "### Scenario `\(section.scenario)`", "",
                "\(section.runs.prefix(1).uppercased())\(section.runs.dropFirst()).",
            ]
            if !section.notes.isEmpty {
                lines.append("")
                lines += section.notes.map { "- " + Self.escaped($0) }
            }
            guard !section.rows.isEmpty else { continue }
            lines += ["", "| Metric | Baseline | Candidate | Change | Verdict |", "|:--|--:|--:|--:|:--|"]
            lines += section.rows.map { "| " + $0.map(Self.escaped).joined(separator: " | ") + " |" }
            guard !section.crashPlaceRows.isEmpty else { continue }
            lines += ["", ReportContent.crashPlacesTitle, "", "| Baseline | Candidate | Status | Where it crashed |"]
            lines.append("|--:|--:|:--|:--|")
            lines += section.crashPlaceRows.map { "| " + $0.map(Self.escaped).joined(separator: " | ") + " |" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe inside a Markdown table cell or list item.
    private static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "|" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
