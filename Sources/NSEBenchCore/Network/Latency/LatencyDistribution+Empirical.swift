extension LatencyDistribution {
    /// Builds an empirical distribution from the lines of a latency file (what `file:PATH` names).
    ///
    /// One duration per line, in the ``DurationValue`` form (`250ms`, `1.2s`); a bare number means
    /// milliseconds (`12.5` is 12.5 ms), the unit most latency exports use. Blank lines and everything
    /// after a `#` are ignored. Sampling then picks one of the values uniformly, which replays a
    /// measured latency profile. This module reads no files: the caller reads the text and passes its lines.
    ///
    /// ```swift
    /// let text = "# ttfb from production\n120\n95.5\n1.2s\n"
    /// let ttfb = try LatencyDistribution.empirical(parsingLines: text.split(separator: "\n"))
    /// // .empirical([120_000_000, 95_500_000, 1_200_000_000])
    /// ```
    public static func empirical(parsingLines lines: some Sequence<Substring>) throws(EmpiricalSamplesError)
        -> LatencyDistribution
    {
        var samples: [Int64] = []
        var lineNumber = 0
        for line in lines {
            lineNumber += 1
            let content = (line.firstIndex(of: "#").map { line[..<$0] } ?? line).trimmingWhitespace()
            guard !content.isEmpty else { continue }
            let withUnit = content.splitNumberAndUnit().unit.isEmpty ? content + "ms" : String(content)
            guard let delay = try? DurationValue(parsing: withUnit) else {
                throw .invalidLine(
                    lineNumber: lineNumber,
                    error: ValueParseError(
                        subject: "latency sample", input: content,
                        expected: "a duration such as 250ms or 1.2s, or a bare number of milliseconds such as 12.5"))
            }
            samples.append(delay.nanoseconds)
        }
        guard !samples.isEmpty else { throw .noSamples(lineCount: lineNumber) }
        return .empirical(samples)
    }
}

/// Why the lines of a latency file did not give an empirical distribution.
///
/// ```swift
/// do {
///     _ = try LatencyDistribution.empirical(parsingLines: ["120", "fast"])
/// } catch {
///     print(error)  // line 2: invalid latency sample "fast": expected a duration such as 250ms ...
/// }
/// ```
public enum EmpiricalSamplesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Line `lineNumber` (counting from 1, blank and comment lines included) is not a duration.
    case invalidLine(lineNumber: Int, error: ValueParseError)
    /// The file had no samples, only blank lines and comments (`lineCount` lines in all).
    case noSamples(lineCount: Int)

    /// The message for the user; the caller adds the file's path in front.
    public var description: String {
        switch self {
        case .invalidLine(let lineNumber, let error): "line \(lineNumber): \(error)"
        case .noSamples(let lineCount):
            "no latency samples in \(lineCount) lines: expected one duration per line, such as 250ms or 12.5 "
                + "(milliseconds); blank lines and # comments are ignored"
        }
    }
}
