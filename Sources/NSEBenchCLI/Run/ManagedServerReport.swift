import Foundation
import MediaServer
import NSEBenchCore

/// What a managed `nse-bench serve` reports to the run that started it when it stops, as JSON
/// (`serve --stats-out FILE`): its counters and its own first-byte lateness, decoded into the run's
/// self-check and summary.csv rather than read back out of server.log's text.
struct ManagedServerReport: Codable, Sendable, Equatable {
    var requests: Int
    var responsesCompleted: Int
    var bytesSent: Int
    var faults: Int
    var protocolErrors: Int
    var connectionsAccepted: Int
    /// Delayed first bytes the lateness was measured over.
    var delayedResponses: Int
    /// How late the delayed first bytes went out, nanoseconds on the server's (scaled) clock.
    var firstByteLatenessP50: UInt64
    var firstByteLatenessP99: UInt64
    var firstByteLatenessMax: UInt64
    /// What the origin cache found (`--origin-fetch`); nil when the server modelled none.
    var originCache: OriginCacheCounts?
    /// When each side call's head arrived (monotonic nanoseconds, the machine's clock the run shares),
    /// by endpoint name (``NSEBenchCore/SideEndpoint``); nil or empty when none was called.
    var sideCalls: [String: [UInt64]]? = nil
    /// Each side call's request body bytes, in the order of ``sideCalls``, by endpoint name; nil from a
    /// server that did not count them.
    var sideCallBodyBytes: [String: [Int]]? = nil

    /// `modelsOriginCache`: whether the server had an origin cache, whose counts are then reported.
    init(_ snapshot: ServerStatistics.Snapshot, lateness: Histogram, modelsOriginCache: Bool = false) {
        requests = snapshot.requests
        responsesCompleted = snapshot.responsesCompleted
        bytesSent = snapshot.bytesSent
        faults = snapshot.faults
        protocolErrors = snapshot.protocolErrors
        connectionsAccepted = snapshot.connectionsAccepted
        delayedResponses = Int(lateness.totalCount)
        firstByteLatenessP50 = lateness.isEmpty ? 0 : lateness.value(atPercentile: 50)
        firstByteLatenessP99 = lateness.isEmpty ? 0 : lateness.value(atPercentile: 99)
        firstByteLatenessMax = lateness.isEmpty ? 0 : lateness.maximum
        originCache = modelsOriginCache ? snapshot.originCache : nil
    }

    /// Writes the report to `path`.
    func write(to path: String) throws {
        try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The report a server wrote to `path`.
    static func read(from path: String) throws -> ManagedServerReport {
        try JSONDecoder().decode(ManagedServerReport.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
