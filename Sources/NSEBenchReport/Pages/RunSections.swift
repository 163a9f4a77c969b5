public import NSEBenchCore

/// The sections of a run report, each for one or more runs drawn over each other (a comparison
/// draws the baseline solid and the candidate dashed).
enum RunSections {
    /// A run and how its lines look.
    struct Side {
        let label: String
        let run: RunData
        /// nil: solid.
        let dash: String?
    }

    /// Every section of a run's report, in the page's order; `serverLogs` are the sides' server.log
    /// texts, in the sides' order.
    static func all(_ sides: [Side], serverLogs: [String?], in placement: SectionPlacement = .page) -> String {
        outcomes(sides, in: placement) + delivery(sides, in: placement) + slack(sides, in: placement)
            + blame(sides, in: placement) + timeline(sides, in: placement)
            + selfCheck(sides, serverLogs: serverLogs, in: placement) + settings(sides, in: placement)
    }

    static func outcomes(_ sides: [Side], in placement: SectionPlacement = .page) -> String {
        var chart = BarChart(
            id: placement.id("outcomes"), title: "What users saw: outcome shares",
            x: ChartAxis(title: "share of invocations", unit: "%", bounds: (0, 1), labelFactor: 100))
        for side in sides {
            chart.rows.append(
                OutcomeStyles.bar(label: sides.count > 1 ? side.label : "all", rows: side.run.summary.runs))
            // A population of phones (--profile phones or a mix): a bar per network class.
            for (name, tally) in OutcomeStyles.networkClasses(side.run.summary.runs) {
                chart.rows.append(
                    OutcomeStyles.classBar(
                        label: (sides.count > 1 ? side.label + ": " : "") + name
                            + " (\(Format.percent(Double(tally.invocations) / Double(max(1, side.run.summary.runs.map(\.invocations).reduce(0, +))))))",
                        tally))
            }
            var classes: [String] = []
            for run in side.run.summary.runs where !classes.contains(run.fields["network"] ?? "") {
                classes.append(run.fields["network"] ?? "")
            }
            // One class is the whole run: its row would repeat the first; the note below names it.
            for network in classes where classes.count > 1 {
                let rows = side.run.summary.runs.filter { ($0.fields["network"] ?? "") == network }
                let name = network.isEmpty || network == "none" ? "unconstrained network" : network
                chart.rows.append(
                    OutcomeStyles.bar(label: (sides.count > 1 ? side.label + ": " : "") + name, rows: rows))
            }
        }
        var classNotes = ""
        for side in sides {
            let networks = Set(side.run.summary.runs.map { $0.fields["network"] ?? "" })
            if networks.count == 1, let network = networks.first,
                OutcomeStyles.networkClasses(side.run.summary.runs).isEmpty
            {
                classNotes +=
                    "<p class=\"note\">\(HTML.escape(sides.count > 1 ? side.label + ": " : ""))one network "
                    + "class: \(HTML.escape(network.isEmpty || network == "none" ? "unconstrained" : network))</p>"
            }
        }
        var rows: [[String]] = []
        for side in sides {
            let runs = side.run.summary.runs
            let invocations = runs.map(\.invocations).reduce(0, +)
            for outcome in InvocationOutcome.allCases {
                let count = runs.map { Int($0.numbers[outcome.rawValue] ?? 0) }.reduce(0, +)
                rows.append(
                    (sides.count > 1 ? [side.label] : []) + [
                        outcome.rawValue, outcome.whatTheUserSees.rawValue, Format.count(count),
                        Format.percent(invocations > 0 ? Double(count) / Double(invocations) : 0),
                    ])
            }
        }
        let offset = sides.count > 1 ? 1 : 0
        let table = HTML.table(
            header: (sides.count > 1 ? ["run"] : []) + ["outcome", "the user sees", "invocations", "share"], rows: rows,
            numeric: [2 + offset, 3 + offset])
        return ReportPage.section(
            placement.id("outcomes"), level: placement.headingLevel, "What users saw",
            intro: "Each invocation's outcome, overall and per network class (a population of phones has a bar a "
                + "class, labelled with its share of the invocations: enriched, partial, original shown; a suite's "
                + "summary has one class per scenario). Shares are counts over invocations, as in summary.csv.",
            chart.html() + classNotes + table)
    }

    /// A cumulative distribution of one histogram (milliseconds, unscaled) for each side, named by
    /// the side's label when there are several.
    static func distributionChart(
        _ sides: [Side], histogram: HistogramKey, id: String, title: String, x: String, y: String, seriesName: String
    ) -> LineChart {
        var chart = LineChart(
            id: id, title: title, x: ChartAxis(title: x, unit: "ms"),
            y: ChartAxis(title: y, unit: "%", bounds: (0, 1), labelFactor: 100))
        for (index, side) in sides.enumerated() {
            chart.series.append(
                LineChart.Series(
                    name: sides.count > 1 ? side.label : seriesName,
                    points: DistributionCurve.points(
                        side.run.histograms[histogram] ?? Histogram(), timeScale: side.run.timeScale),
                    style: .series(index, dash: side.dash)))
        }
        return chart
    }

    static func delivery(_ sides: [Side], in placement: SectionPlacement = .page) -> String {
        var chart = distributionChart(
            sides, histogram: .deliver, id: placement.id("deliver-cdf"),
            title: "Time to deliver (cumulative distribution)",
            x: "time to deliver, from scheduled arrival", y: "share delivered", seriesName: "time to deliver")
        let first = sides[0].run
        let deadline = first.number("deadline_s") ?? 30
        let grace = first.number("grace_s") ?? 2
        chart.markers.append(
            .init(
                label: "deadline \(trim(deadline)) s", x: deadline * 1000,
                style: ChartStyle(color: "#b00020", dash: "6 3")))
        chart.markers.append(
            .init(
                label: "grace end \(trim(deadline + grace)) s", x: (deadline + grace) * 1000,
                style: ChartStyle(color: "#6b0f8a", dash: "2 3")))
        var notes: [String] = []
        for side in sides {
            let name = side.run.field("extension")
            // What the harness saw the downloads ask for (a user's extension's too); the built-ins'
            // table for folders written before summary.csv had the column.
            if let timeout = side.run.number("extension_timeout_s")
                ?? ExtensionTimeouts.seconds(for: name, deadline: deadline)
            {
                chart.markers.append(
                    .init(
                        label: (sides.count > 1 ? side.label + ": " : "") + "\(name)'s own timeout \(trim(timeout)) s",
                        x: timeout * 1000, style: ChartStyle(color: "#E69F00", dash: side.dash ?? "9 3")))
            } else {
                notes.append(
                    "\(name) sets no download timeout of its own (URLSession's 60 s idle timeout is past the budget).")
            }
        }
        let table = percentileTable(
            sides,
            columns: [
                ("p50", "deliver_p50_ms"), ("p90", "deliver_p90_ms"), ("p99", "deliver_p99_ms"),
                ("p99.9", "deliver_p999_ms"), ("max", "deliver_max_ms"),
            ])
        return ReportPage.section(
            placement.id("delivery"), level: placement.headingLevel, "Time to deliver",
            intro: "From each invocation's scheduled arrival to its honoured content-handler call, in unscaled "
                + "milliseconds; the curve is read from histograms.csv at fixed percentiles, so its p50 and p99 are "
                + "summary.csv's.",
            chart.html() + notes.map { "<p class=\"note\">\(HTML.escape($0))</p>" }.joined() + table)
    }

    static func slack(_ sides: [Side], in placement: SectionPlacement = .page) -> String {
        let chart = distributionChart(
            sides, histogram: .slack, id: placement.id("slack-cdf"),
            title: "Slack at delivery (cumulative distribution)",
            x: "time left before the deadline at delivery", y: "share of invocations", seriesName: "slack")
        let table = percentileTable(
            sides,
            columns: [
                ("p50", "slack_p50_ms"), ("p10", "slack_p10_ms"), ("p1", "slack_p1_ms"), ("min", "slack_min_ms"),
            ])
        return ReportPage.section(
            placement.id("slack"), level: placement.headingLevel, "Slack at delivery",
            intro: "How much of the budget was left when the content was delivered (0 for those that missed the "
                + "deadline): the margin a slower network would eat first.",
            chart.html() + table)
    }

    static func blame(_ sides: [Side], in placement: SectionPlacement = .page) -> String {
        var content = ""
        for side in sides {
            let prefix = sides.count > 1 ? side.label + ": " : ""
            guard side.run.recordsBlame else {
                content +=
                    "<p class=\"note\">\(HTML.escape(prefix))no blame recorded (this run's summary.csv has no "
                    + "blame_ columns).</p>"
                continue
            }
            let blame = side.run.blame.filter { $0.count > 0 }
            let misses = blame.map(\.count).reduce(0, +)
            var chart = BarChart(
                id: placement.id("blame" + (sides.count > 1 ? "-\(side.label)" : "")),
                title: prefix + "Why the others fell back",
                x: ChartAxis(title: "invocations not enriched", unit: "count"))
            chart.rows = blame.map { entry in
                BarChart.Row(
                    label: entry.cause,
                    segments: [
                        .init(
                            name: "misses blamed on the phase", value: Double(entry.count),
                            valueText: Format.count(entry.count)
                                + (misses > 0 ? " (\(Format.percent(Double(entry.count) / Double(misses))))" : ""),
                            style: ChartStyle(color: "#D55E00"))
                    ])
            }
            content +=
                blame.isEmpty
                ? "<p class=\"note\">\(HTML.escape(prefix))every invocation arrived enriched: nothing to blame.</p>"
                : chart.html()
        }
        var phaseRows: [[String]] = []
        for side in sides {
            for phase in Phase.summarised {
                phaseRows.append(
                    (sides.count > 1 ? [side.label] : []) + [
                        phase.name, Format.milliseconds(side.run.number(phase.summaryColumn(.p50))),
                        Format.milliseconds(side.run.number(phase.summaryColumn(.p99))), phase.meaning,
                    ])
            }
        }
        let offset = sides.count > 1 ? 1 : 0
        content += crashes(sides)
        content += HTML.table(
            header: (sides.count > 1 ? ["run"] : []) + ["phase", "p50", "p99", "what it times"], rows: phaseRows,
            numeric: [1 + offset, 2 + offset], caption: "Time per phase (summary.csv)")
        return ReportPage.section(
            placement.id("blame"), level: placement.headingLevel, "Blame of the misses, by phase",
            intro: "The one cause that decided each invocation that did not arrive enriched (summary.csv's blame_ "
                + "counts), largest first.", content)
    }

    /// Where the extension crashed (summary.csv's `crash_reasons`), largest first; nothing when no side
    /// crashed.
    static func crashes(_ sides: [Side]) -> String {
        var rows: [[String]] = []
        for side in sides {
            let tally = side.run.summary.runs.compactMap(\.crashTally).reduce(CrashTally([:])) { $0.adding($1) }
            let label = sides.count > 1 ? [side.label] : []
            let notKept = side.run.summary.runs.count {
                $0.fields[SummarySchema.crashReasonsColumn.name] == CrashTally.notKeptText
            }
            if notKept > 0 {
                rows.append(
                    label + [
                        "?",
                        "not kept: \(notKept) row\(notKept == 1 ? " was" : "s were") merged from an instance written "
                            + "before summary.csv kept crash reasons",
                    ])
            }
            rows += tally.entries.map { label + [Format.count($0.count), $0.reason] }
            if tally.otherReasons > 0 {
                rows.append(
                    label + [Format.count(tally.otherReasons), "of other reasons (invocations.csv's error column)"])
            }
        }
        guard !rows.isEmpty else { return "" }
        let offset = sides.count > 1 ? 1 : 0
        return HTML.table(
            header: (sides.count > 1 ? ["run"] : []) + ["crashes", "where the extension crashed"], rows: rows,
            numeric: [offset], caption: "Crashes by reason (summary.csv's crash_reasons)")
    }

    static func timeline(_ sides: [Side], in placement: SectionPlacement = .page) -> String {
        let present = sides.filter { $0.run.timeline != nil }
        guard !present.isEmpty else {
            return ReportPage.section(
                placement.id("timeline"), level: placement.headingLevel, "Timeline",
                "<p class=\"note\">No timeline.csv in this run's folder (runs written before nse-bench wrote it).</p>")
        }
        let axis = ChartAxis(title: "second of the run, unscaled", unit: "s")
        var load = LineChart(
            id: placement.id("timeline-load"), title: "Arrivals, finished and in flight per second", x: axis,
            y: ChartAxis(title: "invocations", unit: "count"))
        var outcomes = LineChart(
            id: placement.id("timeline-outcomes"), title: "Outcomes per second", x: axis,
            y: ChartAxis(title: "invocations finished", unit: "per s"))
        var requests = LineChart(
            id: placement.id("timeline-requests"),
            title: "Media requests per second (as the harness's transport saw them)",
            x: axis, y: ChartAxis(title: "downloads started", unit: "per s"))
        var bytes = LineChart(
            id: placement.id("timeline-bytes"), title: "Media bytes per second (as the harness's transport saw them)",
            x: axis, y: ChartAxis(title: "body bytes received", unit: "MB/s"))
        for side in present {
            guard let timeline = side.run.timeline else { continue }
            let prefix = sides.count > 1 ? side.label + ": " : ""
            load.series += [
                .init(
                    name: prefix + "arrivals/s", points: timeline.points(timeline.arrivals),
                    style: ChartStyle(color: "#0072B2", dash: side.dash)),
                .init(
                    name: prefix + "finished/s", points: timeline.points(timeline.finished),
                    style: ChartStyle(color: "#009E73", dash: side.dash)),
                .init(
                    name: prefix + "in flight (end of second)", points: timeline.points(timeline.inFlight),
                    style: ChartStyle(color: "#D55E00", dash: side.dash)),
            ]
            for outcome in InvocationOutcome.allCases {
                let values = timeline.outcomes[outcome.rawValue] ?? []
                guard values.contains(where: { $0 > 0 }) else { continue }
                var style = OutcomeStyles.style(outcome)
                style.dash = side.dash
                outcomes.series.append(
                    .init(name: prefix + outcome.rawValue, points: timeline.points(values), style: style))
            }
            requests.series.append(
                .init(
                    name: prefix + "downloads started/s", points: timeline.points(timeline.requests),
                    style: ChartStyle(color: "#0072B2", dash: side.dash)))
            bytes.series.append(
                .init(
                    name: prefix + "MB received/s", points: timeline.points(timeline.bytes, factor: 1e-6),
                    style: ChartStyle(color: "#CC79A7", dash: side.dash)))
        }
        return ReportPage.section(
            placement.id("timeline"), level: placement.headingLevel, "Timeline",
            intro: "Per second of the run in unscaled time (timeline.csv): arrivals by schedule, invocations "
                + "finished and still in flight, each outcome by the second it became final, and the media "
                + "downloads and bytes as nse-bench's own transport saw them (the client side of the media server).",
            load.html() + outcomes.html() + requests.html() + bytes.html())
    }

    static func selfCheck(_ sides: [Side], serverLogs: [String?], in placement: SectionPlacement = .page) -> String {
        var content = ""
        for (index, side) in sides.enumerated() {
            let run = side.run
            let prefix = sides.count > 1 ? "<h3>\(HTML.escape(side.label))</h3>" : ""
            let valid = run.row.isValid && !run.row.isPartial
            content +=
                prefix + "<p><span class=\"badge \(valid ? "good" : "bad")\">"
                + (valid ? "valid" : run.row.isPartial ? "partial" : "not valid") + "</span></p>"
            let reasons = run.row.invalidReason.split(separator: ";").map { $0.trimmingSpaces }
            if !reasons.isEmpty {
                content += "<ul>" + reasons.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>"
            }
            var rows: [[String]] = []
            for (name, meaning) in [
                ("timer_lateness_p99_ms", "deadline-timer lateness p99 (ms, unscaled)"),
                ("transport_lag_p99_ms", "transport-loop lag p99 (ms, unscaled)"),
                ("harness_wait_p99_ms", "downloads' wait inside the harness p99 (ms, unscaled)"),
                ("admission_lag_p99_ms", "admission lag p99 (ms, unscaled)"),
                (
                    "extension_call_wait_p99_ms",
                    "calls into your extension and its session callbacks: wait for a harness thread p99 (ms, unscaled)"
                ),
                ("cpu_utilisation", "CPU of harness and server over wall time × cores"),
                ("machine_busy_peak", "share of all cores busy, every process, in the busiest second"),
                ("machine_steal", "share of the machine's CPU time its host took for others (steal)"),
                ("fd_headroom", "file descriptors left at the peak"),
            ] {
                // A figure the run had nothing to measure for (no call into a user's extension) is left out.
                if name == "extension_call_wait_p99_ms", run.field(name).isEmpty { continue }
                rows.append([name, run.field(name), meaning])
            }
            let invocations = run.row.invocations
            for (name, column) in [("enriched", "enriched_rate"), ("fallback", "fallback_rate")] {
                let outcomes = InvocationOutcome.allCases.filter { name == "enriched" ? $0 == .enriched : $0.fellBack }
                let successes = outcomes.map { Int(run.number($0.rawValue) ?? 0) }.reduce(0, +)
                if let band = ProportionInterval.wilson(successes: successes, trials: invocations) {
                    rows.append([
                        "\(column) 95% band", "\(Format.percent(band.lower)) to \(Format.percent(band.upper))",
                        "Wilson interval of the \(name) share over \(Format.count(invocations)) invocations",
                    ])
                }
            }
            content += HTML.table(header: ["figure", "value", "meaning"], rows: rows, numeric: [1])
            if index < serverLogs.count, let log = serverLogs[index], !log.isEmpty {
                content += "<details><summary>server.log</summary><pre>\(HTML.escape(log))</pre></details>"
            }
        }
        return ReportPage.section(
            placement.id("self-check"), level: placement.headingLevel, "Self-check",
            intro: "Whether the harness distorted its own figures (valid, or every reason why not), how far its "
                + "timers, transport and admission ran behind, and the statistical uncertainty of the rates.",
            content)
    }

    static func settings(_ sides: [Side], in placement: SectionPlacement = .page) -> String {
        let kinds: [SummarySchema.Kind] = [.setting, .fingerprint, .provenance]
        var rows: [[String]] = []
        for kind in kinds {
            for column in SummarySchema.columns where column.kind == kind {
                rows.append([column.name] + sides.map { $0.run.field(column.name) } + [column.meaning])
            }
        }
        let table = HTML.table(header: ["column"] + sides.map(\.label) + ["meaning"], rows: rows)
            .replacingFirstTable(with: "kv")
        return ReportPage.section(
            placement.id("settings"), level: placement.headingLevel, "Settings and host",
            intro: "Every setting that took effect, the host fingerprint and provenance, as summary.csv records them.",
            placement.foldsSettings
                ? "<details><summary>every setting and the host (\(rows.count) columns)</summary>\(table)</details>"
                : table)
    }

    /// A table of summary.csv's figures `columns` for each side.
    static func percentileTable(_ sides: [Side], columns: [(String, String)]) -> String {
        let rows = sides.map { side in [side.label] + columns.map { Format.milliseconds(side.run.number($0.1)) } }
        return HTML.table(
            header: ["run"] + columns.map(\.0), rows: rows, numeric: Set(1...columns.count),
            caption: "From summary.csv (unscaled)")
    }

    /// A number with up to three decimals and no trailing zeros (`30`, `21.4`, `0.125`).
    static func trim(_ value: Double) -> String {
        var text = FixedPoint.text(value, places: 3)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}

extension String {
    /// The first `<table>` with `class="name"`.
    func replacingFirstTable(with className: String) -> String {
        guard hasPrefix("<table>") else { return self }
        return "<table class=\"\(className)\">" + dropFirst("<table>".count)
    }
}
