/// The most a set of processes can have held at once, from each one's own peak and when it ran: the
/// largest sum of the peaks of processes running at the same instant. An upper bound of their real
/// peak together (each held at most its own peak), where the sum of every process's peak counts
/// processes that never ran together: 40 extension processes that replaced one another in turn would
/// count 40 times one's memory.
///
/// ```swift
/// PeakAtOnce.bytes(of: [
///     .init(start: 0, end: 10, peak: 30), .init(start: 5, end: 20, peak: 40), .init(start: 20, end: 30, peak: 50),
/// ])  // 70: the first two ran together; the third started as the second ended
/// ```
public enum PeakAtOnce {
    /// One process: when it started and ended (on any one clock), and its own peak.
    public struct Span: Sendable, Hashable {
        public var start: UInt64
        public var end: UInt64
        public var peak: Int

        /// A span; an `end` not after `start` counts as one instant (a nanosecond) after it.
        public init(start: UInt64, end: UInt64, peak: Int) {
            self.start = start
            self.end = max(start &+ 1, end)
            self.peak = peak
        }
    }

    /// The largest sum of `spans`' peaks over the spans that run at one instant (one ending as another
    /// starts does not run with it); 0 for none.
    public static func bytes(of spans: [Span]) -> Int {
        // Ends sort before starts at the same instant.
        let events = spans.flatMap { [($0.start, 1, $0.peak), ($0.end, 0, -$0.peak)] }.sorted {
            ($0.0, $0.1) < ($1.0, $1.1)
        }
        var current = 0
        var most = 0
        for (_, _, change) in events {
            current += change
            most = max(most, current)
        }
        return most
    }
}
