public import NSEBenchCore

/// One run as a report reads it: its checked summary row, its histograms and, when the run wrote
/// it, its per-second timeline. Built from file contents; the caller reads the files.
public struct RunData: Sendable {
    /// How the run is named in the page (its folder).
    public let name: String
    /// The checked rows of summary.csv (a run folder holds one; a suite's holds several).
    public let summary: SummaryFile
    /// Histograms, in nanoseconds as measured (scaled).
    public let histograms: [HistogramKey: Histogram]
    /// Nil for a run written before timeline.csv existed.
    public let timeline: TimelineTable?

    public init(name: String, summary: SummaryFile, histograms: [HistogramKey: Histogram], timeline: TimelineTable?) {
        self.name = name
        self.summary = summary
        self.histograms = histograms
        self.timeline = timeline
    }

    /// Parses the files' contents; `timelineText` is nil when the run has no timeline.csv.
    public init(
        name: String, summaryText: String, summarySource: String, histogramsText: String, histogramsSource: String,
        timelineText: String?, timelineSource: String
    ) throws(ReportError) {
        let summary: SummaryFile
        do {
            summary = try SummaryFile(text: summaryText, source: summarySource)
        } catch {
            throw .summary(error)
        }
        self.init(
            name: name, summary: summary, histograms: try HistogramsFile.parse(histogramsText, file: histogramsSource),
            timeline: try timelineText.map { text throws(ReportError) in
                try TimelineTable(text: text, file: timelineSource)
            })
    }

    /// The first row: the run's own (a run folder's summary.csv has one row).
    public var row: SummaryRun { summary.runs[0] }

    /// A field of the run's row ("" when absent).
    public func field(_ name: String) -> String { row.fields[name] ?? "" }

    /// A number of the run's row, or nil.
    public func number(_ name: String) -> Double? { row.numbers[name] ?? Double(field(name)) }

    /// The run's time scale (1 when absent or not positive).
    public var timeScale: Double {
        let scale = Double(field("time_scale")) ?? 1
        return scale > 0 ? scale : 1
    }

    /// The blame counts (`blame_<cause>` columns), largest first; empty when the run recorded none.
    public var blame: [(cause: String, count: Int)] { row.blameCounts }

    /// Whether summary.csv has any blame column at all.
    public var recordsBlame: Bool { row.recordsBlame }
}
