/// How a broadcast's deliveries are spread over its fan-out window (`--fanout-curve`): the share of
/// phones reached by each moment, as a cumulative curve from 0 at the window's start to 1 at its end.
///
/// `linear` is the uniform spread (each phone at an independent uniform moment); a measured curve
/// is piecewise linear between its points (``init(points:source:)``, read from a CSV file by
/// ``init(parsingCSVLines:source:)``). A fan-out maps each ordered uniform draw through the curve's
/// inverse (``position(ofShare:)``), so the arrivals stay in order and their count stays exact.
///
/// ```swift
/// // 80% of the phones in the first tenth of the window, the rest over the other nine tenths.
/// let curve = try FanoutCurve(points: [.init(seconds: 0, share: 0), .init(seconds: 1, share: 0.8),
///                                      .init(seconds: 10, share: 1)], source: "file:curve.csv")
/// curve.position(ofShare: 0.4)  // 0.05: the phone 40% of the way through the herd wakes at 5% of the window
/// curve.duration                 // 10_000_000_000 ns: the curve's own length
/// ```
public struct FanoutCurve: Sendable, Hashable, CustomStringConvertible {
    /// One measured point: by `seconds` after the broadcast, `share` of the phones had it.
    public struct Point: Sendable, Hashable {
        /// Seconds from the broadcast's start.
        public var seconds: Double
        /// The cumulative share of phones delivered by then, 0 to 1.
        public var share: Double

        /// The point `(seconds, share)`.
        public init(seconds: Double, share: Double) {
            self.seconds = seconds
            self.share = share
        }
    }

    /// The curve's points, from `(0, 0)` to `(duration, 1)`; empty for ``linear``.
    public let points: [Point]
    /// Where the curve came from, as the user named it (`file:PATH`); `linear` for ``linear``.
    public let source: String

    /// The uniform spread: the share delivered grows linearly over the window.
    public static let linear = FanoutCurve(uncheckedPoints: [], source: "linear")

    /// A measured curve through `points`, checked as ``init(parsingCSVLines:source:)`` checks a file's
    /// rows (the line numbers in its errors count points from 1).
    public init(points: [Point], source: String) throws(FanoutCurveError) {
        for (index, point) in points.enumerated() {
            try Self.check(point, after: index > 0 ? points[index - 1] : nil, lineNumber: index + 1)
        }
        try Self.checkEnd(points, lineCount: points.count, lastLine: points.count)
        self.init(uncheckedPoints: points, source: source)
    }

    init(uncheckedPoints points: [Point], source: String) {
        self.points = points
        self.source = source
    }

    /// Whether this is the uniform spread.
    public var isLinear: Bool { points.isEmpty }

    /// The curve's own length in nanoseconds (its last point's time); 0 for ``linear``, which has none.
    public var duration: UInt64 {
        guard let last = points.last else { return 0 }
        return UInt64((last.seconds * 1e9).rounded())
    }

    /// The place in the window, 0 to 1, by which `share` (0 to 1) of the phones have been reached: the
    /// curve's inverse, piecewise linear, scaled so that the curve's last point is 1. Monotonic, so ordered shares give ordered
    /// places; no share but a stretch's own end falls inside a flat stretch (no deliveries there).
    public func position(ofShare share: Double) -> Double {
        let share = min(1, max(0, share))
        guard let last = points.last, last.seconds > 0 else { return share }
        // The first point whose share reaches `share`: binary search over the increasing shares.
        var low = 1
        var high = points.count - 1
        while low < high {
            let middle = (low + high) / 2
            if points[middle].share >= share { high = middle } else { low = middle + 1 }
        }
        let end = points[low]
        let start = points[low - 1]
        let rise = end.share - start.share
        let fraction = rise > 0 ? (share - start.share) / rise : 1
        return (start.seconds + fraction * (end.seconds - start.seconds)) / last.seconds
    }

    /// `linear`, or the source the curve was read from (`file:PATH`).
    public var description: String { source }

    /// Checks one point against the one before it (nil for the first).
    static func check(_ point: Point, after previous: Point?, lineNumber: Int) throws(FanoutCurveError) {
        guard point.seconds.isFinite, point.seconds >= 0 else {
            throw .invalidPoint(lineNumber: lineNumber, reason: "seconds \(point.seconds) is not a time of 0 or more")
        }
        guard point.share.isFinite, point.share >= 0, point.share <= 1 else {
            throw .invalidPoint(lineNumber: lineNumber, reason: "share \(point.share) is outside 0 to 1")
        }
        guard let previous else {
            guard point.seconds == 0, point.share == 0 else {
                throw .invalidPoint(
                    lineNumber: lineNumber,
                    reason: "the first point is \(point.seconds),\(point.share); a curve starts at 0,0 (no phone "
                        + "has it when the broadcast starts)")
            }
            return
        }
        guard point.seconds > previous.seconds else {
            throw .invalidPoint(
                lineNumber: lineNumber,
                reason: "seconds \(point.seconds) does not increase (the point before is at \(previous.seconds))")
        }
        guard point.share >= previous.share else {
            throw .invalidPoint(
                lineNumber: lineNumber,
                reason: "share \(point.share) falls below the point before's \(previous.share) (a cumulative share "
                    + "never decreases)")
        }
    }

    /// Checks that `points` (read from `lineCount` lines, the last point on `lastLine`) make a whole
    /// curve: at least two, the last at share 1.
    static func checkEnd(_ points: [Point], lineCount: Int, lastLine: Int) throws(FanoutCurveError) {
        guard points.count >= 2 else { throw .tooFewPoints(count: points.count, lineCount: lineCount) }
        let last = points[points.count - 1]
        guard abs(last.share - 1) <= shareTolerance else {
            throw .unfinished(lastShare: last.share, lineNumber: lastLine)
        }
    }

    /// How far from 1 a last share may be (rounding in an exported file).
    static let shareTolerance = 1e-9
}
