public import NSEBenchCore

extension SummaryRun {
    /// The row's blame counts (`blame_<cause>` columns), largest first, then by cause; empty when the
    /// row has no blame column (a summary written before blame was recorded).
    public var blameCounts: [(cause: String, count: Int)] {
        fields.compactMap { key, value -> (String, Int)? in
            guard key.hasPrefix("blame_"), let count = Int(value) else { return nil }
            return (String(key.dropFirst("blame_".count)), count)
        }
        .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }

    /// Whether the row has any blame column at all.
    public var recordsBlame: Bool { fields.keys.contains { $0.hasPrefix("blame_") } }
}
