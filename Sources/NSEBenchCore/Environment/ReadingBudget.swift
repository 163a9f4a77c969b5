/// When to take the next reading of a figure whose reading costs CPU in proportion to what it reads,
/// so that watching a run takes little of the CPU the run needs.
///
/// The open descriptors are such a figure: Linux lists `/proc/self/fd` one entry per descriptor, and a
/// run with 5,000 sockets open spent about 3 ms a reading, ten readings a second, on a 2-core machine
/// whose cores the invocations needed. Readings start at least ``minimumInterval`` apart, and further
/// apart after a costly one: a reading that cost `c` (its CPU time) is followed by the next `c ×
/// costMultiple` after it started, so that the readings take at most one part in ``costMultiple`` of a
/// core; but never more than ``maximumInterval`` apart, so that a long run still reads often enough to
/// see its peak (a reading of over `maximumInterval / costMultiple` then takes more than that share).
///
/// ```swift
/// var budget = ReadingBudget(minimumInterval: 100_000_000, maximumInterval: 1_000_000_000, costMultiple: 100)
/// budget.isDue(now: 0)                        // true
/// budget.read(startedAt: 0, cost: 3_000_000)  // a reading of 3 ms of CPU
/// budget.isDue(now: 100_000_000)              // false: the next is at 300 ms
/// ```
public struct ReadingBudget: Sendable, Equatable {
    /// The shortest time between two readings' starts, in nanoseconds.
    public let minimumInterval: UInt64
    /// The longest time between two readings' starts, in nanoseconds (at least ``minimumInterval``).
    public let maximumInterval: UInt64
    /// How many times its own cost a reading is followed by before the next (at least 1): the readings
    /// take at most one part in this of a core, up to ``maximumInterval``.
    public let costMultiple: UInt64
    /// When the next reading is due, in the clock's nanoseconds (0 until the first).
    public private(set) var nextReading: UInt64 = 0

    /// - Parameters:
    ///   - minimumInterval: the shortest time between two readings' starts, in nanoseconds.
    ///   - maximumInterval: the longest, in nanoseconds; one below `minimumInterval` is taken as it.
    ///   - costMultiple: the readings take at most one part in this of a core; 0 is taken as 1.
    public init(minimumInterval: UInt64, maximumInterval: UInt64, costMultiple: UInt64) {
        self.minimumInterval = minimumInterval
        self.maximumInterval = max(minimumInterval, maximumInterval)
        self.costMultiple = max(1, costMultiple)
    }

    /// Whether a reading is due at `now`.
    public func isDue(now: UInt64) -> Bool { now >= nextReading }

    /// Notes a reading that started at `start` (the clock's nanoseconds) and cost `cost` nanoseconds of
    /// CPU, and sets when the next is due.
    public mutating func read(startedAt start: UInt64, cost: UInt64) {
        let (spacing, overflow) = cost.multipliedReportingOverflow(by: costMultiple)
        let interval = min(maximumInterval, max(minimumInterval, overflow ? .max : spacing))
        let (next, past) = start.addingReportingOverflow(interval)
        nextReading = past ? .max : next
    }
}
