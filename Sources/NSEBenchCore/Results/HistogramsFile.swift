/// `histograms.csv`: every non-empty bucket of a run's histograms as `histogram,value_ns,count`,
/// the exact, mergeable form of its timings. Pure: the caller reads and writes the file.
public enum HistogramsFile {
    /// The header row.
    public static let header = ["histogram", "value_ns", "count"]

    /// The file's text for `histograms`, in ``HistogramKey/allCases`` order.
    public static func text(_ histograms: [HistogramKey: Histogram]) -> String {
        var text = CSVWriter.record(header)
        for key in HistogramKey.allCases {
            for bucket in histograms[key]?.buckets ?? [] {
                text += CSVWriter.record([key.name, String(bucket.value), String(bucket.count)])
            }
        }
        return text
    }

    /// The histograms `text` holds, each bucket re-recorded at its value (which gives back the
    /// run's histogram bucket for bucket). `source` names the file in errors. Reads the plain
    /// `name,value,count` lines that ``text(_:)`` writes in one pass over the bytes (a merge of a
    /// hundred instances reads millions of them); a file with quoted fields goes through
    /// ``CSVReader``. A histogram name no ``HistogramKey`` has is an error naming it, not dropped: a
    /// merge that lost it would write a result without it.
    public static func histograms(text: String, source: String) throws(HistogramsFileError)
        -> [HistogramKey: Histogram]
    {
        var text = text
        if text.utf8.contains(UInt8(ascii: "\"")) { return try histograms(quoted: text, source: source) }
        var histograms: [HistogramKey: Histogram] = [:]
        var failure: HistogramsFileError? = nil
        text.withUTF8 { bytes in
            var line = 1
            var start = 0
            var current: (name: ArraySlice<UInt8>, key: HistogramKey, histogram: Histogram)? = nil
            func flush() {
                if let current { histograms[current.key] = current.histogram }
            }
            while start < bytes.count, failure == nil {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                let fields = Array(bytes[start..<lineEnd]).split(
                    separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                if line == 1 {
                    let found = fields.map { String(decoding: $0, as: UTF8.self) }
                    if found != header { failure = .header(source: source, found: found) }
                } else if lineEnd > start {
                    guard fields.count == 3, !fields[0].isEmpty, let value = Self.number(fields[1]),
                        let count = Self.number(fields[2])
                    else {
                        failure = .badRow(
                            source: source, line: line, row: fields.map { String(decoding: $0, as: UTF8.self) })
                        break
                    }
                    if current?.name != fields[0] {
                        flush()
                        let name = String(decoding: fields[0], as: UTF8.self)
                        guard let key = HistogramKey(name: name) else {
                            failure = .unknownHistogram(source: source, line: line, name: name)
                            current = nil
                            break
                        }
                        current = (fields[0], key, histograms[key] ?? Histogram())
                    }
                    current?.histogram.record(value, count: count)
                }
                line += 1
                start = end + 1
            }
            flush()
            if line == 1, failure == nil { failure = .header(source: source, found: []) }
        }
        if let failure { throw failure }
        return histograms
    }

    /// A decimal whole number of ASCII digits, nil for anything else or an overflow.
    private static func number(_ digits: ArraySlice<UInt8>) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { return nil }
            value = sum
        }
        return value
    }

    /// The general path, through ``CSVReader``.
    private static func histograms(quoted text: String, source: String) throws(HistogramsFileError)
        -> [HistogramKey: Histogram]
    {
        let table: CSVTable
        do {
            table = try CSVReader.table(text)
        } catch {
            throw .csv(source: source, error)
        }
        guard table.header == header else { throw .header(source: source, found: table.header) }
        var histograms: [HistogramKey: Histogram] = [:]
        for (offset, row) in table.rows.enumerated() {
            guard let value = UInt64(row[1]), let count = UInt64(row[2]), !row[0].isEmpty else {
                throw .badRow(source: source, line: offset + 2, row: row)
            }
            guard let key = HistogramKey(name: row[0]) else {
                throw .unknownHistogram(source: source, line: offset + 2, name: row[0])
            }
            histograms[key, default: Histogram()].record(value, count: count)
        }
        return histograms
    }
}

/// Why a `histograms.csv` cannot be read, naming the file.
public enum HistogramsFileError: Error, Equatable, CustomStringConvertible {
    case csv(source: String, CSVError)
    case header(source: String, found: [String])
    case badRow(source: String, line: Int, row: [String])
    /// A row names a histogram no ``HistogramKey`` has (a newer nse-bench's, or a typo).
    case unknownHistogram(source: String, line: Int, name: String)

    public var description: String {
        switch self {
        case .csv(let source, let error): "\(source): \(error)"
        case .header(let source, let found):
            "\(source): header \(found.joined(separator: ",")) where histogram,value_ns,count was expected"
        case .badRow(let source, let line, let row):
            "\(source): line \(line): \(row.joined(separator: ",")) is not a histogram name, a value and a count"
        case .unknownHistogram(let source, let line, let name):
            "\(source): line \(line): no histogram is named \(name) (known: "
                + HistogramKey.allCases.map(\.name).joined(separator: ", ") + ")"
        }
    }
}
