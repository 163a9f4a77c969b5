/// When to take the next reading of a figure whose reading costs CPU in proportion to what it reads,
/// so that watching a run never takes more than a set share of one core from it.
///
/// The open descriptors are such a figure: Linux lists `/proc/self/fd` one entry per descriptor, and a
/// run with 10,000 sockets open spent about 3 ms a reading, ten readings a second, on a 2-core machine
/// whose cores the invocations needed. Readings start at least ``minimumInterval`` apart, and further
/// apart after a long one: a reading that took `t` is followed by the next `t × costMultiple` after it
/// started, so the readings take at most one part in ``costMultiple`` of a core.
///
/// ```swift
/// var budget = ReadingBudget(minimumInterval: 100_000_000, costMultiple: 100)
/// budget.isDue(now: 0)                           // true
/// budget.read(startedAt: 0, endedAt: 3_000_000)  // a reading of 3 ms
/// budget.isDue(now: 100_000_000)                 // false: the next is at 300 ms
/// ```
public struct ReadingBudget: Sendable, Equatable {
    /// The shortest time between two readings' starts, in nanoseconds.
    public let minimumInterval: UInt64
    /// How many times its own length a reading is followed by before the next (at least 1): the
    /// readings take at most one part in this of a core.
    public let costMultiple: UInt64
    /// When the next reading is due, in the clock's nanoseconds (0 until the first).
    public private(set) var nextReading: UInt64 = 0

    /// - Parameters:
    ///   - minimumInterval: the shortest time between two readings' starts, in nanoseconds.
    ///   - costMultiple: the readings take at most one part in this of a core; 0 is taken as 1.
    public init(minimumInterval: UInt64, costMultiple: UInt64) {
        self.minimumInterval = minimumInterval
        self.costMultiple = max(1, costMultiple)
    }

    /// Whether a reading is due at `now`.
    public func isDue(now: UInt64) -> Bool { now >= nextReading }

    /// Notes a reading that ran from `start` to `end` (the clock's nanoseconds; an end before the
    /// start counts as a reading that took no time), and sets when the next is due.
    public mutating func read(startedAt start: UInt64, endedAt end: UInt64) {
        let took = end > start ? end - start : 0
        let (spacing, overflow) = took.multipliedReportingOverflow(by: costMultiple)
        let (next, past) = start.addingReportingOverflow(max(minimumInterval, overflow ? .max : spacing))
        nextReading = past ? .max : next
    }
}
