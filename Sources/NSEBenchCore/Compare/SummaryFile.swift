/// The rows of one `summary.csv`, checked: every schema column present, every number a number,
/// and the schema version one this nse-bench reads. Pure: the caller reads the file.
///
/// ```swift
/// let baseline = try SummaryFile(text: csvText, source: "baseline runs/main/summary.csv")
/// baseline.runs.map(\.scenario)
/// ```
public struct SummaryFile: Sendable, Equatable {
    /// How the file is named in messages and reports.
    public let source: String
    /// Every row, in file order.
    public let runs: [SummaryRun]

    public init(source: String, runs: [SummaryRun]) {
        self.source = source
        self.runs = runs
    }

    /// Parses and checks CSV text.
    public init(text: String, source: String) throws(SummaryFileError) {
        let table: CSVTable
        do {
            table = try CSVReader.table(text)
        } catch {
            throw .csv(source: source, error)
        }
        try self.init(table: table, source: source)
    }

    /// Checks a parsed table.
    public init(table: CSVTable, source: String) throws(SummaryFileError) {
        var seen: Set<String> = []
        for name in table.header where !seen.insert(name).inserted {
            throw .duplicateColumn(source: source, column: name)
        }
        guard !table.rows.isEmpty else { throw .noRows(source: source) }
        // The version first: a file of another version may lack columns for a good reason.
        if let versionIndex = table.header.firstIndex(of: "schema_version") {
            for (offset, row) in table.rows.enumerated() where row[versionIndex] != String(SummarySchema.version) {
                throw .unsupportedSchemaVersion(source: source, line: offset + 2, found: row[versionIndex])
            }
        }
        let missing = SummarySchema.columns.map(\.name).filter {
            !seen.contains($0) && !SummarySchema.addedLater.contains($0)
        }
        guard missing.isEmpty else { throw .missingColumns(source: source, missing) }
        var runs: [SummaryRun] = []
        for (offset, row) in table.rows.enumerated() {
            runs.append(try Self.run(row, header: table.header, line: offset + 2, source: source))
        }
        self.init(source: source, runs: runs)
    }

    private static func run(_ row: [String], header: [String], line: Int, source: String) throws(SummaryFileError)
        -> SummaryRun
    {
        let fields = Dictionary(uniqueKeysWithValues: zip(header, row))
        func bad(_ column: String, _ expected: String) -> SummaryFileError {
            .badValue(source: source, line: line, column: column, value: fields[column] ?? "", expected: expected)
        }
        var numbers: [String: Double] = [:]
        for column in SummarySchema.columns {
            let text = fields[column.name] ?? ""
            switch column.kind {
            case .count:
                if text.isEmpty, SummarySchema.addedLater.contains(column.name) { continue }
                guard let count = Int(text), count >= 0 else { throw bad(column.name, "a whole number of at least 0") }
                numbers[column.name] = Double(count)
            case .rate:
                guard !text.isEmpty else { continue }
                guard let rate = Double(text), rate >= 0, rate <= 1 else {
                    throw bad(column.name, "a fraction from 0 to 1, or nothing")
                }
                numbers[column.name] = rate
            case .time, .measure:
                guard !text.isEmpty else { continue }
                guard let value = Double(text), value.isFinite, value >= 0 else {
                    throw bad(column.name, "a number of at least 0, or nothing")
                }
                numbers[column.name] = value
            case .tally:
                guard text != CrashTally.notKeptText else { continue }
                do {
                    _ = try CrashTally(text: text)
                } catch {
                    throw bad(column.name, "COUNT REASON entries joined by '; ', or nothing (\(error))")
                }
            case .provenance, .fingerprint, .setting, .validity:
                continue
            }
        }
        try checkConsistency(numbers, fields: fields, bad: bad)
        guard let scenario = fields["scenario"], !scenario.isEmpty else { throw bad("scenario", "a scenario name") }
        guard let isValid = Bool(fields["valid"] ?? "") else { throw bad("valid", "true or false") }
        guard let isPartial = Bool(fields["partial"] ?? "") else { throw bad("partial", "true or false") }
        return SummaryRun(
            line: line, scenario: scenario, fields: fields, numbers: numbers,
            invocations: Int(numbers["invocations"] ?? 0), isValid: isValid, isPartial: isPartial)
    }

    /// The rates `run` writes, each with the outcomes whose share it is.
    static let rateOutcomes: [(column: String, outcomes: [InvocationOutcome])] = [
        ("finished_before_deadline_rate", InvocationOutcome.allCases.filter(\.finishedBeforeDeadline)),
        ("fallback_rate", InvocationOutcome.allCases.filter(\.fellBack)),
        ("enriched_rate", [.enriched]),
    ]

    /// A row's figures must agree with each other, or a verdict on them means nothing: some
    /// invocations, outcome counts that add up to `invocations`, and rates equal to their counts'
    /// share within the rounding of the digits written.
    private static func checkConsistency(
        _ numbers: [String: Double], fields: [String: String], bad: (String, String) -> SummaryFileError
    ) throws(SummaryFileError) {
        let invocations = Int(numbers["invocations"] ?? 0)
        guard invocations > 0 else {
            throw bad("invocations", "at least 1: a run in which no invocation finished has nothing to compare")
        }
        var counts: [InvocationOutcome: Int] = [:]
        for outcome in InvocationOutcome.allCases {
            let count = Int(numbers[outcome.rawValue] ?? 0)
            guard count <= invocations else {
                throw bad(outcome.rawValue, "at most invocations (\(invocations))")
            }
            counts[outcome] = count
        }
        let total = counts.values.reduce(0, +)
        guard total == invocations else {
            let names = InvocationOutcome.allCases.map(\.rawValue).joined(separator: " + ")
            throw bad("invocations", "the sum of the outcome counts (\(names) = \(total))")
        }
        for (column, outcomes) in rateOutcomes {
            let count = outcomes.map { counts[$0] ?? 0 }.reduce(0, +)
            let share = Double(count) / Double(invocations)
            let expected = "\(share) (\(count) of \(invocations) invocations)"
            guard let text = fields[column], let rate = numbers[column] else { throw bad(column, expected) }
            guard abs(rate - share) <= halfUnitInTheLastPlace(of: text) + 1e-9 else { throw bad(column, expected) }
        }
    }

    /// Half a unit in the last written digit of a decimal number's text: how far a correctly rounded
    /// value may be from the true one ("0.95" ± 0.005, "5e-06" ± 5e-07).
    static func halfUnitInTheLastPlace(of text: String) -> Double {
        let lowered = text.lowercased()
        let parts = lowered.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let mantissa = parts.first ?? ""
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let fractionDigits =
            mantissa.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
        return (Double("5e\(exponent - fractionDigits - 1)") ?? 0.5)
    }
}
