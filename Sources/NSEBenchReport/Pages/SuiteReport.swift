public import NSEBenchCore

/// `nse-bench report SUITE_DIR`: a suite's runs on one page. An overview table, one row per run of
/// the suite's summary.csv (its outcome shares as a strip, rates, delivery percentiles, the largest
/// blame, the self-check and the settings that tell the runs apart), each linking to the run's own
/// sections below, the same ones a one-run report has.
public enum SuiteReport {
    /// The HTML page of `suite`.
    public static func html(_ suite: SuiteData) -> String {
        let anchors = anchors(for: suite.entries.map(\.folder))
        var body =
            lead(suite) + ReportPage.section("overview", "Overview", intro: overviewIntro, overview(suite, anchors))
        for (entry, anchor) in zip(suite.entries, anchors) {
            body += runArticle(entry, anchor: anchor)
        }
        let rows = suite.entries.map(\.row)
        let commits = Set(rows.map { $0.fields["git_commit"] ?? "" }).sorted().joined(separator: ", ")
        let started = rows.compactMap { $0.fields["timestamp"] }.filter { !$0.isEmpty }.sorted()
        let when = started.first.map { first in first == started.last ? first : "\(first) to \(started.last ?? first)" }
        return ReportPage.document(
            title: "nse-bench suite: \(suite.name)",
            subtitle: [suite.summarySource, when, "commit \(commits)"].compactMap { $0 }.joined(separator: " · "),
            body: body)
    }

    static let overviewIntro =
        "One row per run, as the suite's summary.csv has it: the outcome shares (hover a segment for its "
        + "share), the enriched and fallback rates, time to deliver, the cause that decided most misses, the "
        + "self-check; under each, in grey, the settings whose values differ between the runs (hover one cut "
        + "short for all of it). A run's name links to its own charts below."

    /// The sentence above the overview: how many runs and scenarios, how many valid, and what ran more
    /// than once (`--repeat`) or again (`--retries`).
    static func lead(_ suite: SuiteData) -> String {
        let rows = suite.entries.map(\.row)
        let valid = rows.count { $0.isTrustworthy }
        let partial = rows.count { $0.isPartial }
        let scenarios = suite.scenarios
        var text =
            "<p class=\"lead\"><strong>\(rows.count) runs of \(scenarios.count) scenario"
            + (scenarios.count == 1 ? "" : "s") + "</strong>: "
            + (valid > 0 ? "<span class=\"badge good\">\(valid) valid</span> " : "")
            + (rows.count - valid - partial > 0
                ? "<span class=\"badge bad\">\(rows.count - valid - partial) not valid</span> " : "")
            + (partial > 0 ? "<span class=\"badge bad\">\(partial) partial (interrupted)</span>" : "") + "</p>"
        let repeated = scenarios.filter { suite.runs(of: $0) > 1 }
        if !repeated.isEmpty {
            let counts = Set(repeated.map { suite.runs(of: $0) })
            let description =
                counts.count == 1 && repeated.count == scenarios.count
                ? "Each scenario ran \(counts.first ?? 0) times (suite --repeat \(counts.first ?? 0))"
                : repeated.map { "\($0) ran \(suite.runs(of: $0)) times" }.joined(separator: ", ")
            let seeds = repeated.allSatisfy { scenario in
                suite.entries.filter { $0.row.scenario == scenario }.map { $0.row.fields["seed"] ?? "" }
                    == (1...suite.runs(of: scenario)).map(String.init)
            }
            text +=
                "<p class=\"note\">\(HTML.escape(description))\(seeds ? ", with seeds 1 to K" : ""): one row and one "
                + "folder per run, so each repeated scenario has a row per seed below; compare pools them.</p>"
        }
        let retried = suite.entries.filter { !$0.retried.isEmpty }
        if !retried.isEmpty {
            text +=
                "<p class=\"note\">\(retried.count) run\(retried.count == 1 ? "" : "s") ran again after an attempt "
                + "the self-check found not valid (suite --retries): "
                + HTML.escape(retried.map { "\($0.folder) (\($0.retried.count) earlier)" }.joined(separator: ", "))
                + ". Each row is the last attempt's, as summary.csv has it; the earlier attempts are kept beside "
                + "it (&lt;run&gt;.invalid-&lt;k&gt;/) and named in its row.</p>"
        }
        return text
    }

    /// The overview table and a legend of the strips' colours.
    static func overview(_ suite: SuiteData, _ anchors: [String]) -> String {
        let differing = suite.distinguishingSettings
        var html =
            "<table class=\"overview\"><thead><tr>"
            + [
                "run", "outcomes", "invocations", "enriched", "fell back", "deliver p50", "deliver p99",
                "largest blame", "self-check",
            ].map { "<th>\(HTML.escape($0))</th>" }.joined() + "</tr></thead>"
        for (entry, anchor) in zip(suite.entries, anchors) {
            let row = entry.row
            let strip = ShareStrip(segments: OutcomeStyles.bar(label: entry.folder, rows: [row]).segments)
            // A body per run: its figures, then the settings that set it apart on a line of their own.
            html +=
                "<tbody><tr><td class=\"name\"><a href=\"#\(HTML.escape(anchor))\">\(HTML.escape(entry.folder))</a>"
                + (row.scenario != entry.folder
                    ? "<span class=\"detail\">scenario \(HTML.escape(row.scenario))</span>" : "") + "</td>"
                + "<td>\(strip.svg())</td>"
                + number(Format.count(row.invocations))
                + number(Format.percent(row.numbers["enriched_rate"] ?? 0))
                + number(Format.percent(row.numbers["fallback_rate"] ?? 0))
                + number(Format.milliseconds(row.numbers["deliver_p50_ms"]))
                + number(Format.milliseconds(row.numbers["deliver_p99_ms"]))
                + "<td>\(HTML.escape(largestBlame(row)))</td>"
                + "<td>\(selfCheck(entry))</td></tr>"
                + (differing.isEmpty
                    ? "" : "<tr class=\"differs\"><td colspan=\"9\">\(settings(row, differing))</td></tr>")
                + "</tbody>"
        }
        html += "</table>"
        let shown = InvocationOutcome.allCases.filter { outcome in
            suite.entries.contains { ($0.row.numbers[outcome.rawValue] ?? 0) > 0 }
        }
        html +=
            "<p class=\"legend\">"
            + shown.map { outcome in
                "<span class=\"key\"><svg width=\"12\" height=\"12\" viewBox=\"0 0 12 12\" aria-hidden=\"true\">"
                    + "<rect width=\"12\" height=\"12\" fill=\"\(OutcomeStyles.style(outcome).color)\"/></svg> "
                    + "\(HTML.escape(outcome.rawValue)) (\(HTML.escape(outcome.whatTheUserSees.rawValue)))</span>"
            }.joined(separator: " ") + "</p>"
        if differing.isEmpty {
            html += "<p class=\"note\">Every run has the same settings but its scenario's name.</p>"
        }
        return html
    }

    static func number(_ text: String) -> String { "<td class=\"num\">\(HTML.escape(text))</td>" }

    /// The cause that decided most of a row's misses, with its count and share of them.
    static func largestBlame(_ row: SummaryRun) -> String {
        guard row.recordsBlame else { return "not recorded" }
        let blame = row.blameCounts.filter { $0.count > 0 }
        guard let largest = blame.first else { return "none (all enriched)" }
        let misses = blame.map(\.count).reduce(0, +)
        return "\(largest.cause): \(Format.count(largest.count)) of \(Format.count(misses)) misses "
            + "(\(Format.percent(Double(largest.count) / Double(misses))))"
    }

    /// Valid, partial or not valid with every reason, and the attempts that ran again.
    static func selfCheck(_ entry: SuiteData.Entry) -> String {
        let row = entry.row
        var html =
            row.isTrustworthy
            ? "<span class=\"badge good\">valid</span>"
            : "<span class=\"badge bad\">\(row.isPartial ? "partial" : "not valid")</span>"
        let reasons = row.invalidReason.split(separator: ";").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        for reason in reasons {
            html +=
                reason.count <= longestReason
                ? "<span class=\"reason\">\(HTML.escape(reason))</span>"
                : "<span class=\"reason\" title=\"\(HTML.escape(reason))\">"
                    + "\(HTML.escape(String(reason.prefix(longestReason - 1))))…</span>"
        }
        if !entry.retried.isEmpty {
            // The earlier attempts' reasons in the hover title, and in full in the run's section.
            let reasons = entry.retried.map { "\($0.folder)/: \($0.invalidReason)" }.joined(separator: "; ")
            html +=
                "<span class=\"detail\" title=\"\(HTML.escape(reasons))\">the last of \(entry.retried.count + 1) "
                + "attempts; earlier: " + HTML.escape(entry.retried.map { "\($0.folder)/" }.joined(separator: ", "))
                + "</span>"
        }
        return html
    }

    /// Reasons longer than this are cut in the overview, whole in the hover title and in the run's
    /// self-check below.
    static let longestReason = 100

    /// Values longer than this are cut in the overview, with the whole value in the hover title (the
    /// run's settings section below has it in full).
    static let longestSetting = 60

    /// The row's value of each of `names`, those it sets (not empty).
    static func settings(_ row: SummaryRun, _ names: [String]) -> String {
        names.compactMap { name -> String? in
            guard let value = row.fields[name], !value.isEmpty else { return nil }
            let shown = value.count <= longestSetting ? value : String(value.prefix(longestSetting - 1)) + "…"
            return "<span class=\"setting\" title=\"\(HTML.escape(name)) \(HTML.escape(value))\"><code>"
                + "\(HTML.escape(name))</code> \(HTML.escape(shown))</span>"
        }.joined(separator: " · ")
    }

    /// One run's heading and sections, the same a one-run report has, their ids under `anchor`.
    static func runArticle(_ entry: SuiteData.Entry, anchor: String) -> String {
        let sides = [RunSections.Side(label: entry.folder, run: entry.run, dash: nil)]
        let placement = SectionPlacement.among(idPrefix: anchor + "-")
        var html =
            "<article class=\"run\" id=\"\(HTML.escape(anchor))\"><h2>\(HTML.escape(entry.folder)) "
            + "<a class=\"back\" href=\"#overview\">overview ↑</a></h2>" + RunReport.lead(entry.run)
        if !entry.retried.isEmpty {
            html +=
                "<p class=\"note\">Ran again after \(entry.retried.count) attempt"
                + (entry.retried.count == 1 ? "" : "s") + " the self-check found not valid, kept beside it: "
                + HTML.escape(entry.retried.map { "\($0.folder)/ (\($0.invalidReason))" }.joined(separator: "; "))
                + ". The figures here are the last attempt's.</p>"
        }
        html += RunSections.all(sides, serverLogs: [entry.serverLog], in: placement)
        return html + "</article>\n"
    }

    /// An id for each run folder, unique on the page and safe in a link: `scenario-` and the name, every
    /// character other than letters, digits, `-`, `_` and `.` as `-`, a number added to a repeat.
    static func anchors(for folders: [String]) -> [String] {
        var used: Set<String> = []
        return folders.map { folder in
            let safe = String(
                folder.unicodeScalars.map { scalar -> Character in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                        || "-_.".unicodeScalars.contains(scalar)
                        ? Character(scalar) : "-"
                })
            let base = "scenario-" + safe
            var anchor = base
            var next = 2
            while !used.insert(anchor).inserted {
                anchor = "\(base)-\(next)"
                next += 1
            }
            return anchor
        }
    }
}
