/// timeline.csv (or endpoints.csv) of instances merged: every column is a count per second (in flight
/// included, since the instances run at the same time, started together by `--start-at`), so the merge
/// adds them second by second; a shorter instance counts as zero past its end.
public enum TimelineMerge {
    /// Why timelines could not be merged: the file and what was wrong.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var source: String
        public var reason: String
        public var description: String { "\(source): \(reason)" }
    }

    /// The merged table (header first) of `tables`, each `(source, records)` with its header first,
    /// which must be `header` (timeline.csv's by default; ``EndpointTimeline/header`` for endpoints.csv).
    public static func sum(
        _ tables: [(source: String, records: [[String]])], header expected: [String] = RunTimeline.header
    ) throws(Failure) -> [[String]] {
        var totals: [[Int]] = []
        for table in tables {
            guard let header = table.records.first, header == expected else {
                throw Failure(
                    source: table.source, reason: "its header is not \(expected.joined(separator: ","))")
            }
            for (offset, record) in table.records.dropFirst().enumerated() {
                let counts = record.compactMap { Int($0) }
                guard counts.count == header.count, counts[0] == offset else {
                    throw Failure(
                        source: table.source,
                        reason: "line \(offset + 2) is not second \(offset) followed by \(header.count - 1) counts")
                }
                if totals.count <= offset { totals.append([offset] + Array(repeating: 0, count: header.count - 1)) }
                for column in 1..<header.count { totals[offset][column] += counts[column] }
            }
        }
        return [expected] + totals.map { $0.map(String.init) }
    }
}
