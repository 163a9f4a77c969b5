extension FanoutCurve {
    /// The header line a curve file may start with.
    public static let csvHeader = "seconds,share_delivered"

    /// Reads a measured delivery curve from the lines of a CSV file (what `--fanout-curve file:PATH`
    /// names); `source` is kept as the curve's name.
    ///
    /// One point a row, `seconds,share_delivered`: seconds after the broadcast (a plain number, 0 or
    /// more, strictly increasing) and the cumulative share of phones reached by then (0 to 1, never
    /// decreasing). The first point is `0,0`, the last share is 1, and there are at least two points.
    /// An optional first line `seconds,share_delivered` is the header; blank lines and everything after
    /// a `#` are ignored. This module reads no files: the caller reads the text and passes its lines.
    ///
    /// ```swift
    /// let text = "seconds,share_delivered\n0,0\n1,0.8\n10,1\n"
    /// let curve = try FanoutCurve(parsingCSVLines: text.split(separator: "\n", omittingEmptySubsequences: false),
    ///                             source: "file:curve.csv")
    /// curve.duration  // 10_000_000_000
    /// ```
    public init(parsingCSVLines lines: some Sequence<Substring>, source: String) throws(FanoutCurveError) {
        var points: [Point] = []
        var lineNumber = 0
        var sawContent = false
        var lastPointLine = 0
        for line in lines {
            lineNumber += 1
            let content = (line.firstIndex(of: "#").map { line[..<$0] } ?? line).trimmingWhitespace()
            guard !content.isEmpty else { continue }
            defer { sawContent = true }
            if !sawContent, content.filter({ !$0.isWhitespace }) == Self.csvHeader { continue }
            let fields = content.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            guard fields.count == 2, let seconds = Double(String(fields[0])), let share = Double(String(fields[1]))
            else {
                throw .invalidLine(lineNumber: lineNumber, text: String(content))
            }
            let point = Point(seconds: seconds, share: share)
            try Self.check(point, after: points.last, lineNumber: lineNumber)
            points.append(point)
            lastPointLine = lineNumber
        }
        try Self.checkEnd(points, lineCount: lineNumber, lastLine: lastPointLine)
        self.init(uncheckedPoints: points, source: source)
    }
}

/// Why a delivery curve (``FanoutCurve``) could not be read; the caller adds the file's path in front.
///
/// ```swift
/// do {
///     _ = try FanoutCurve(parsingCSVLines: ["0,0", "5,0.9", "3,1"], source: "file:curve.csv")
/// } catch {
///     print(error)  // line 3: seconds 3.0 does not increase (the point before is at 5.0)
/// }
/// ```
public enum FanoutCurveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Line `lineNumber` (counting from 1, blank and comment lines included) is not two numbers.
    case invalidLine(lineNumber: Int, text: String)
    /// Line `lineNumber` holds two numbers that do not continue the curve, for `reason`.
    case invalidPoint(lineNumber: Int, reason: String)
    /// The file had `count` points (fewer than two) in `lineCount` lines.
    case tooFewPoints(count: Int, lineCount: Int)
    /// The last point, on line `lineNumber`, has share `lastShare`, not 1: the curve does not reach
    /// every phone.
    case unfinished(lastShare: Double, lineNumber: Int)

    /// The message for the user.
    public var description: String {
        switch self {
        case .invalidLine(let lineNumber, let text):
            "line \(lineNumber): \"\(text)\" is not a point: expected seconds,share_delivered such as 2.5,0.4 "
                + "(an optional first line \(FanoutCurve.csvHeader) is the header; # starts a comment)"
        case .invalidPoint(let lineNumber, let reason): "line \(lineNumber): \(reason)"
        case .tooFewPoints(let count, let lineCount):
            "\(count) point\(count == 1 ? "" : "s") in \(lineCount) line\(lineCount == 1 ? "" : "s"): a curve needs at least two, from 0,0 to "
                + "its end at share 1"
        case .unfinished(let lastShare, let lineNumber):
            "line \(lineNumber): the last share is \(lastShare), not 1: the curve must end with every phone reached"
        }
    }
}
