public import NSEBenchCore

/// `nse-bench report RUN_DIR`: one run's page.
public enum RunReport {
    /// The HTML page of `run`; `serverLog` is server.log's text when the folder has one.
    public static func html(_ run: RunData, serverLog: String?) -> String {
        let sides = [RunSections.Side(label: run.name, run: run, dash: nil)]
        let body = lead(run) + RunSections.all(sides, serverLogs: [serverLog])
        return ReportPage.document(
            title: "nse-bench run: \(run.row.scenario)",
            subtitle: "\(run.name) · \(run.field("timestamp")) · commit \(run.field("git_commit"))", body: body)
    }

    /// The sentence a run's report opens with: its enriched and fallback rates over its invocations,
    /// and whether it is valid.
    static func lead(_ run: RunData) -> String {
        let row = run.row
        let headline =
            "\(Format.percent(run.number("enriched_rate") ?? 0)) enriched, "
            + "\(Format.percent(run.number("fallback_rate") ?? 0)) fell back to the original, over "
            + "\(Format.count(row.invocations)) invocations of \(run.field("extension"))"
        return "<p class=\"lead\"><strong>\(HTML.escape(headline))</strong>. "
            + "<span class=\"badge \(row.isTrustworthy ? "good" : "bad")\">"
            + (row.isTrustworthy ? "valid" : "not valid: see the self-check") + "</span></p>"
    }
}

/// `nse-bench report BASE CANDIDATE`: two runs drawn over each other, with compare's verdicts.
public enum CompareReport {
    /// The places in the extension's code either side crashed at: a new one marked as a regression, a
    /// gone one as an improvement.
    static func crashPlaces(_ rows: [[String]]) -> String {
        guard !rows.isEmpty else { return "" }
        let marks = [
            CrashPlaceChange.Presence.new.rawValue: "regression",
            CrashPlaceChange.Presence.gone.rawValue: "improvement",
        ]
        return "<p>\(HTML.escape(ReportContent.crashPlacesTitle))</p><table><thead><tr>"
            + ReportContent.crashPlaceColumns.map { "<th>\(HTML.escape($0))</th>" }.joined() + "</tr></thead><tbody>"
            + rows.map { row in
                "<tr class=\"verdict-\(marks[row[2]] ?? "unchanged")\">"
                    + row.enumerated().map { index, cell in
                        index < 2 ? "<td class=\"num\">\(HTML.escape(cell))</td>" : "<td>\(HTML.escape(cell))</td>"
                    }.joined() + "</tr>"
            }.joined() + "</tbody></table>"
    }

    public static func html(
        baseline: RunData, candidate: RunData, comparison: Comparison, serverLogs: [String?] = []
    ) -> String {
        let sides = [
            RunSections.Side(label: "baseline", run: baseline, dash: nil),
            RunSections.Side(label: "candidate", run: candidate, dash: "7 4"),
        ]
        let content = ReportContent(comparison)
        var verdicts = "<p><strong>\(HTML.escape(content.headline))</strong>: \(HTML.escape(content.summary)).</p>"
        verdicts +=
            "<p>Baseline <code>\(HTML.escape(content.baselineSource))</code>, candidate "
            + "<code>\(HTML.escape(content.candidateSource))</code>.</p>"
        for section in content.sections {
            verdicts += "<h3>Scenario \(HTML.escape(section.scenario))</h3><p>\(HTML.escape(section.runs))</p>"
            if !section.notes.isEmpty {
                verdicts += "<ul>" + section.notes.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
            }
            guard !section.rows.isEmpty else { continue }
            verdicts +=
                "<table><thead><tr>" + ReportContent.columns.map { "<th>\(HTML.escape($0))</th>" }.joined()
                + "</tr></thead><tbody>"
            for row in section.rows {
                let verdict = row.last ?? ""
                let word = verdict.split(separator: " ").first.map(String.init) ?? ""
                verdicts +=
                    "<tr class=\"verdict-\(HTML.escape(word))\">"
                    + row.enumerated().map { index, cell in
                        (1...3).contains(index)
                            ? "<td class=\"num\">\(HTML.escape(cell))</td>" : "<td>\(HTML.escape(cell))</td>"
                    }.joined() + "</tr>"
            }
            verdicts += "</tbody></table>"
            verdicts += crashPlaces(section.crashPlaceRows)
        }
        let body =
            ReportPage.section("verdicts", "Compare's verdicts", verdicts)
            + RunSections.all(sides, serverLogs: serverLogs)
        return ReportPage.document(
            title: "nse-bench compare: \(baseline.row.scenario)",
            subtitle: "baseline \(baseline.name) (solid) · candidate \(candidate.name) (dashed)", body: body)
    }
}
