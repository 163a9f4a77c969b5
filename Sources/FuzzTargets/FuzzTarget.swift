/// A parser under fuzzing, with the invariant it must keep on every input.
///
/// Each target takes arbitrary bytes and throws ``FuzzFinding`` when its parser broke an invariant;
/// a parser that traps (an overflow, an out-of-range index) crashes the process, which libFuzzer and
/// the corpus replayer report as a finding too. A rejected input is no finding: it must be the
/// parser's typed error, which every target checks by construction (typed throws).
///
/// ```swift
/// try FuzzTarget.http.run(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
/// ```
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The media server's HTTP/1.1 request parser and request-target decoding: the same heads and
    /// the same outcome whether the bytes arrive at once, one at a time or in 7-byte pieces, under the
    /// default limits and under tight ones; every head parsed back from its rendering is the same.
    case http
    /// The strict RFC 4180 reader: records written back with ``CSVWriter`` read back the same; a table
    /// has rows as wide as its header; an error's line is a line of the input.
    case csv
    /// APNs payloads, as one payload and as a JSONL replay file: every payload accepted parses back
    /// from its serialization to the same payload.
    case payload
    /// The value parsers of flags, scenario files and query parameters: durations, byte counts and
    /// rates, percentages, latency distributions (and latency sample files), fault specs, status mixes,
    /// media mixes, network mixes and thresholds. Each value accepted parses back from its rendering to
    /// the same value.
    case values

    /// Runs `input` through the target's parser and checks its invariant.
    public func run(_ input: [UInt8]) throws(FuzzFinding) {
        switch self {
        case .http: try HTTPRequestParserTarget.run(input)
        case .csv: try CSVReaderTarget.run(input)
        case .payload: try PayloadTarget.run(input)
        case .values: try ValueParsersTarget.run(input)
        }
    }

    /// The names `nse-bench-fuzz` and Fuzz/run.sh accept: `http, csv, payload, values`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
