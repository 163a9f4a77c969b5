public import NSEBenchCore

/// `timeline.csv` read back: per second of the run (unscaled), arrivals, in flight, each outcome, and
/// the requests and bytes the harness's transport saw.
public struct TimelineTable: Sendable, Equatable {
    public var seconds: [Int] = []
    public var arrivals: [Int] = []
    public var finished: [Int] = []
    public var inFlight: [Int] = []
    /// Per outcome name (``SummarySchema/outcomeNames``), invocations that finished with it each second.
    public var outcomes: [String: [Int]] = [:]
    public var requests: [Int] = []
    public var bytes: [Int] = []

    public init() {}

    /// Parses `text`; every column of ``RunTimeline/header`` must be there but the outcomes added since
    /// timelines were first written (``SummarySchema/addedLater``), which read as 0 when absent.
    public init(text: String, file: String) throws(ReportError) {
        let table = try ReportTable(text: text, file: file)
        try table.require(RunTimeline.header.filter { !SummarySchema.addedLater.contains($0) })
        for row in table.rows.indices {
            seconds.append(try table.count("second", row))
            arrivals.append(try table.count("arrivals", row))
            finished.append(try table.count("finished", row))
            inFlight.append(try table.count("in_flight", row))
            for name in SummarySchema.outcomeNames {
                outcomes[name, default: []].append(table.has(name) ? try table.count(name, row) : 0)
            }
            requests.append(try table.count("transport_requests", row))
            bytes.append(try table.count("transport_bytes", row))
        }
    }

    /// A series against the seconds, for a chart.
    public func points(_ values: [Int], factor: Double = 1) -> [(x: Double, y: Double)] {
        zip(seconds, values).map { (Double($0), Double($1) * factor) }
    }
}
