import Foundation
import NSEBenchCore
import NSEBenchSystem

/// The side calls of a run (receipts, metrics, avatars) as the embedded server saw them: read from its
/// report, written as `endpoints.csv`, and summed up in one line of the text summary.
enum SideCallLines {
    /// The file, beside `timeline.csv`; written only when some endpoint was called.
    static let fileName = "endpoints.csv"

    /// The calls (times and body bytes) by endpoint in the server's report; empty without one (with
    /// `--target`). A call whose body bytes the report lacks counts 0.
    static func calls(in report: ManagedServerReport?) -> [SideEndpoint: [SideCall]] {
        var calls: [SideEndpoint: [SideCall]] = [:]
        for (name, times) in report?.sideCalls ?? [:] {
            guard let endpoint = SideEndpoint(rawValue: name) else { continue }
            let bytes = report?.sideCallBodyBytes?[name] ?? []
            calls[endpoint] = times.enumerated().map { index, time in
                SideCall(time: time, bodyBytes: index < bytes.count ? bytes[index] : 0)
            }
        }
        return calls
    }

    /// Writes `endpoints.csv` into `folder`.
    static func write(_ timeline: EndpointTimeline, in folder: URL) throws(SystemError) {
        let text = ([EndpointTimeline.header] + timeline.rows).map(CSVWriter.record).joined()
        try TextFile.write(text, to: folder.appendingPathComponent(fileName).path)
    }

    /// `side endpoints: receipts 1000 calls, peak 80 in second 12; metrics ...`, the endpoints called.
    static func summary(_ timeline: EndpointTimeline) -> String {
        let parts = SideEndpoint.allCases.compactMap { endpoint -> String? in
            guard let peak = timeline.peak(endpoint) else { return nil }
            let received = timeline.bytesReceived(endpoint)
            return "\(endpoint) \(timeline.total(endpoint)) calls, peak \(peak.count) in second \(peak.second)"
                + (received > 0 ? ", \(received) body bytes received" : "")
        }
        return "side endpoints: " + parts.joined(separator: "; ")
            + " (seconds of the run, unscaled; \(fileName) has each)"
    }
}
