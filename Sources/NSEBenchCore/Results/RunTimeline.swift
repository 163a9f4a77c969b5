/// Per-second counts of one run, written as `timeline.csv`: arrivals, invocations finished (each
/// outcome), invocations in flight, and the downloads and body bytes the harness's transport saw.
/// Seconds are unscaled (a 50 s scenario at `--time-scale 0.001` still has 50 rows) and counted from
/// the run's start; an event belongs to the second it happened in.
///
/// ```swift
/// var timeline = RunTimeline()
/// timeline.recordArrival(second: 0)
/// timeline.recordFinish(second: 1, outcome: .enriched)
/// timeline.rows  // [["0", "1", "0", "1", ...], ["1", "0", "1", "0", ...]]
/// ```
public struct RunTimeline: Sendable, Equatable {
    /// The header of `timeline.csv`, in column order.
    public static let header: [String] =
        ["second", "arrivals", "finished", "in_flight"] + SummarySchema.outcomeNames + [
            "transport_requests", "transport_bytes",
        ]

    /// Scheduled arrivals per second (queued ones included: their clock runs from here).
    public private(set) var arrivals: [Int] = []
    /// Invocations whose outcome became final per second.
    public private(set) var finished: [Int] = []
    /// Per outcome (in ``InvocationOutcome/allCases`` order), invocations finished with it per second.
    public private(set) var outcomes: [[Int]] = InvocationOutcome.allCases.map { _ in [] }
    /// Downloads started per second, as the harness's transport made them.
    public private(set) var requests: [Int] = []
    /// Body bytes received per second, counted at each download's end.
    public private(set) var bytes: [Int] = []

    public init() {}

    /// The counts of `records`, timeline.csv's records with its header first (as
    /// ``TimelineMerge/sum(_:header:)`` returns a merge's): what a merged summary's media peaks are read
    /// from. A column the header lacks counts 0; so does a field that is no number.
    public init(records: [[String]]) {
        guard let header = records.first else { return }
        func column(_ name: String) -> [Int] {
            guard let index = header.firstIndex(of: name) else { return [] }
            return records.dropFirst().map { index < $0.count ? Int($0[index]) ?? 0 : 0 }
        }
        arrivals = column("arrivals")
        finished = column("finished")
        outcomes = SummarySchema.outcomeNames.map(column)
        requests = column("transport_requests")
        bytes = column("transport_bytes")
    }

    /// The busiest second for the media host: the most requests started in one (unscaled) second, and
    /// which; nil when nothing was requested. The earliest second wins a tie.
    public var peakRequests: (count: Int, second: Int)? { Self.peak(of: requests) }

    /// The most body bytes received in one (unscaled) second, and which; nil when none were.
    public var peakBytes: (count: Int, second: Int)? { Self.peak(of: bytes) }

    /// summary.csv's ``SummarySchema/mediaPeakColumns``: the peaks and their seconds, each empty when
    /// nothing was requested (or received).
    public var mediaPeakValues: [String: String] {
        [
            "media_peak_requests": peakRequests.map { String($0.count) } ?? "",
            "media_peak_requests_second": peakRequests.map { String($0.second) } ?? "",
            "media_peak_bytes": peakBytes.map { String($0.count) } ?? "",
            "media_peak_bytes_second": peakBytes.map { String($0.second) } ?? "",
        ]
    }

    private static func peak(of counts: [Int]) -> (count: Int, second: Int)? {
        guard let largest = counts.max(), largest > 0, let second = counts.firstIndex(of: largest) else { return nil }
        return (largest, second)
    }

    /// The second (from the run's start, unscaled) that `time` falls in; times before `origin` are second 0.
    public static func second(of time: UInt64, origin: UInt64, timeScale: Double) -> Int {
        guard time > origin else { return 0 }
        let scale = timeScale > 0 ? timeScale : 1
        return Int(Double(time - origin) / scale / 1e9)
    }

    /// One scheduled arrival in `second`.
    public mutating func recordArrival(second: Int) { Self.add(1, at: second, to: &arrivals) }

    /// One invocation finished in `second` with `outcome`.
    public mutating func recordFinish(second: Int, outcome: InvocationOutcome) {
        Self.add(1, at: second, to: &finished)
        let index = InvocationOutcome.allCases.firstIndex(of: outcome) ?? 0
        Self.add(1, at: second, to: &outcomes[index])
    }

    /// `count` downloads started in `second`.
    public mutating func recordRequests(_ count: Int, second: Int) { Self.add(count, at: second, to: &requests) }

    /// `count` body bytes received in `second`.
    public mutating func recordBytes(_ count: Int, second: Int) { Self.add(count, at: second, to: &bytes) }

    /// Seconds from 0 to the last with any event.
    public var seconds: Int {
        ([arrivals.count, finished.count, requests.count, bytes.count] + outcomes.map(\.count)).max() ?? 0
    }

    /// Invocations arrived and not yet finished at the end of each second.
    public var inFlight: [Int] {
        var running = 0
        return (0..<seconds).map { second in
            running += Self.value(arrivals, second) - Self.value(finished, second)
            return running
        }
    }

    /// The rows of `timeline.csv` (without the header), one per second.
    public var rows: [[String]] {
        let inFlight = self.inFlight
        return (0..<seconds).map { second in
            [
                String(second), String(Self.value(arrivals, second)), String(Self.value(finished, second)),
                String(inFlight[second]),
            ]
                + outcomes.map { String(Self.value($0, second)) }
                + [String(Self.value(requests, second)), String(Self.value(bytes, second))]
        }
    }

    private static func value(_ series: [Int], _ second: Int) -> Int { second < series.count ? series[second] : 0 }

    private static func add(_ count: Int, at second: Int, to series: inout [Int]) {
        let second = max(0, second)
        if second >= series.count { series += Array(repeating: 0, count: second - series.count + 1) }
        series[second] += count
    }
}
