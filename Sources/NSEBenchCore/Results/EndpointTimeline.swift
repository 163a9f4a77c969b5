/// Side calls per second, per endpoint (receipts, metrics, avatars): the second herd behind the media
/// host, written as `endpoints.csv`. Seconds are unscaled and counted from the run's start, as in
/// `timeline.csv`; a call belongs to the second its request (head and body) reached the server.
///
/// Each endpoint has two columns: its calls, then the request body bytes they carried
/// (`<endpoint>_bytes_received`: a receipt's or a metric's JSON, 0 for a `GET`). Both are counts per
/// second, so instances' files add column by column (`nse-bench merge`).
///
/// ```swift
/// let timeline = EndpointTimeline(calls: [.receipts: [origin + 1_500_000_000]], origin: origin, timeScale: 1)
/// timeline.rows           // [["0", "0", "0", "0", "0", "0", "0"], ["1", "1", "0", "0", "0", "0", "0"]]
/// timeline.peak(.receipts) // (count: 1, second: 1)
/// ```
public struct EndpointTimeline: Sendable, Equatable {
    /// The header of `endpoints.csv`: `second`, one column of calls per endpoint, then one of body
    /// bytes received per endpoint.
    public static let header =
        ["second"] + SideEndpoint.allCases.map(\.rawValue) + SideEndpoint.allCases.map(bytesReceivedColumn)

    /// The column of `endpoint`'s request body bytes: `receipts_bytes_received`.
    public static func bytesReceivedColumn(_ endpoint: SideEndpoint) -> String { endpoint.rawValue + "_bytes_received" }

    /// Per endpoint (in ``SideEndpoint/allCases`` order), calls per second.
    private var counts: [[Int]] = SideEndpoint.allCases.map { _ in [] }
    /// Per endpoint, request body bytes per second, as long as `counts`' series.
    private var bytes: [[Int]] = SideEndpoint.allCases.map { _ in [] }

    /// The calls at `calls`' times (monotonic nanoseconds), counted from `origin` on a clock running
    /// `timeScale` times as fast as the unscaled one (``RunTimeline/second(of:origin:timeScale:)``).
    public init(calls: [SideEndpoint: [UInt64]], origin: UInt64, timeScale: Double) {
        self.init(calls: calls.mapValues { $0.map { SideCall(time: $0) } }, origin: origin, timeScale: timeScale)
    }

    /// `calls` with their body bytes, counted as ``init(calls:origin:timeScale:)-([SideEndpoint:[UInt64]],_,_)``.
    public init(calls: [SideEndpoint: [SideCall]], origin: UInt64, timeScale: Double) {
        for (index, endpoint) in SideEndpoint.allCases.enumerated() {
            for call in calls[endpoint] ?? [] {
                let second = RunTimeline.second(of: call.time, origin: origin, timeScale: timeScale)
                if second >= counts[index].count {
                    let missing = second - counts[index].count + 1
                    counts[index] += Array(repeating: 0, count: missing)
                    bytes[index] += Array(repeating: 0, count: missing)
                }
                counts[index][second] += 1
                bytes[index][second] += call.bodyBytes
            }
        }
    }

    /// Whether any endpoint was called.
    public var isEmpty: Bool { counts.allSatisfy(\.isEmpty) }

    /// Calls to `endpoint` in all.
    public func total(_ endpoint: SideEndpoint) -> Int { counts[Self.index(endpoint)].reduce(0, +) }

    /// Request body bytes `endpoint`'s calls carried in all.
    public func bytesReceived(_ endpoint: SideEndpoint) -> Int { bytes[Self.index(endpoint)].reduce(0, +) }

    /// The most calls to `endpoint` in one second, and which (the earliest of a tie); nil when none.
    public func peak(_ endpoint: SideEndpoint) -> (count: Int, second: Int)? {
        let series = counts[Self.index(endpoint)]
        guard let largest = series.max(), largest > 0, let second = series.firstIndex(of: largest) else { return nil }
        return (largest, second)
    }

    /// The rows of `endpoints.csv` (without the header), one per second up to the last with a call.
    public var rows: [[String]] {
        let seconds = counts.map(\.count).max() ?? 0
        return (0..<seconds).map { second in
            [String(second)] + (counts + bytes).map { String(second < $0.count ? $0[second] : 0) }
        }
    }

    private static func index(_ endpoint: SideEndpoint) -> Int { SideEndpoint.allCases.firstIndex(of: endpoint) ?? 0 }
}
