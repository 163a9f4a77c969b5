/// One instance's results as `merge` reads them: its `summary.csv` row and its histograms.
public struct InstanceResult: Sendable {
    /// How messages name the instance: its segment (`2/4`), else its folder.
    public let name: String
    /// Where it was read from, for `instances.csv`.
    public let folder: String
    /// The summary row, checked by ``SummaryFile``.
    public let summary: SummaryRun
    /// Its `histograms.csv`: `deliver`, `slack` and each phase.
    public let histograms: [HistogramKey: Histogram]

    public init(folder: String, summary: SummaryRun, histograms: [HistogramKey: Histogram]) {
        self.folder = folder
        self.summary = summary
        self.histograms = histograms
        let segment = summary.fields["segment"] ?? ""
        self.name = segment.isEmpty ? folder : "segment \(segment)"
    }

    /// The same result without its histograms, once they are merged.
    public var withoutHistograms: InstanceResult {
        InstanceResult(folder: folder, summary: summary, histograms: [:])
    }

    /// The segment it ran; ``ExecutionSegment/whole`` for a run without `--segment`.
    public var segment: ExecutionSegment {
        get throws(ExecutionSegmentError) {
            let text = summary.fields["segment"] ?? ""
            return text.isEmpty ? .whole : try ExecutionSegment(parsing: text)
        }
    }
}
