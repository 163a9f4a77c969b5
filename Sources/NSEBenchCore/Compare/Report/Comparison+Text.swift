extension Comparison {
    /// The report as plain text for a terminal or a CI log: the same content as ``markdown()``,
    /// with columns aligned (numbers to the right).
    public func text() -> String {
        let content = ReportContent(self)
        var lines = [content.headline, content.summary]
        lines.append("baseline:  \(content.baselineSource)")
        lines.append("candidate: \(content.candidateSource)")
        for section in content.sections {
            lines += ["", "scenario \(section.scenario): \(section.runs)"]
            lines += section.notes.map { "  " + $0 }
            guard !section.rows.isEmpty else { continue }
            lines += Self.aligned([ReportContent.columns] + section.rows, rightAligned: [1, 2, 3]).map { "  " + $0 }
            guard !section.crashPlaceRows.isEmpty else { continue }
            lines += ["  " + ReportContent.crashPlacesTitle]
            lines += Self.aligned([ReportContent.crashPlaceColumns] + section.crashPlaceRows, rightAligned: [0, 1])
                .map { "    " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rows padded into columns two spaces apart; the last column is not padded.
    static func aligned(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column == row.count - 1 { return cell }
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
    }
}
