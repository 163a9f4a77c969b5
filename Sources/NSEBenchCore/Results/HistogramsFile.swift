/// `histograms.csv`: every non-empty bucket of a run's histograms as `histogram,value_ns,count`,
/// the exact, mergeable form of its timings. Pure: the caller reads and writes the file.
public enum HistogramsFile {
    /// The header row.
    public static let header = ["histogram", "value_ns", "count"]

    /// The file's text for `histograms`, in ``RunAggregate/histogramNames`` order (then any others,
    /// by name).
    public static func text(_ histograms: [String: Histogram]) -> String {
        var text = CSVWriter.record(header)
        let known = RunAggregate.histogramNames
        let names = known + histograms.keys.filter { !known.contains($0) }.sorted()
        for name in names {
            for bucket in histograms[name]?.buckets ?? [] {
                text += CSVWriter.record([name, String(bucket.value), String(bucket.count)])
            }
        }
        return text
    }

    /// The histograms `text` holds, each bucket re-recorded at its value (which gives back the
    /// run's histogram bucket for bucket). `source` names the file in errors.
    public static func histograms(text: String, source: String) throws(HistogramsFileError) -> [String: Histogram] {
        let table: CSVTable
        do {
            table = try CSVReader.table(text)
        } catch {
            throw .csv(source: source, error)
        }
        guard table.header == header else { throw .header(source: source, found: table.header) }
        var histograms: [String: Histogram] = [:]
        for (offset, row) in table.rows.enumerated() {
            guard let value = UInt64(row[1]), let count = UInt64(row[2]), !row[0].isEmpty else {
                throw .badRow(source: source, line: offset + 2, row: row)
            }
            histograms[row[0], default: Histogram()].record(value, count: count)
        }
        return histograms
    }
}

/// Why a `histograms.csv` cannot be read, naming the file.
public enum HistogramsFileError: Error, Equatable, CustomStringConvertible {
    case csv(source: String, CSVError)
    case header(source: String, found: [String])
    case badRow(source: String, line: Int, row: [String])

    public var description: String {
        switch self {
        case .csv(let source, let error): "\(source): \(error)"
        case .header(let source, let found):
            "\(source): header \(found.joined(separator: ",")) where histogram,value_ns,count was expected"
        case .badRow(let source, let line, let row):
            "\(source): line \(line): \(row.joined(separator: ",")) is not a histogram name, a value and a count"
        }
    }
}
