extension Comparator {
    /// The columns whose values must match between the sides: the schema version, every setting,
    /// every fingerprint column.
    ///
    /// Each side's distinct values are compared as sets, so repeated runs that vary a setting the
    /// same way on both sides (seeds 1, 2, 3) still match.
    static func differences(_ baseline: [SummaryRun], _ candidate: [SummaryRun], allowEnvironmentMismatch: Bool)
        -> [ColumnDifference]
    {
        let checked = SummarySchema.columns.filter {
            $0.name == "schema_version" || $0.kind == .setting || $0.kind == .fingerprint
        }
        var differences: [ColumnDifference] = []
        for column in checked {
            let baselineValues = distinct(baseline.map { $0.fields[column.name] ?? "" })
            let candidateValues = distinct(candidate.map { $0.fields[column.name] ?? "" })
            guard Set(baselineValues) != Set(candidateValues) else { continue }
            differences.append(
                ColumnDifference(
                    column: column.name, kind: column.kind, baseline: baselineValues, candidate: candidateValues,
                    isAllowed: column.kind == .fingerprint && allowEnvironmentMismatch))
        }
        return differences
    }

    private static func distinct(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
