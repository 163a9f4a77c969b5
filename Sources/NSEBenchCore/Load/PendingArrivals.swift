/// The arrivals of an open or burst run that are due but not yet admitted, held as a position in
/// the ``ArrivalSchedule`` rather than as stored arrivals.
///
/// An arrival rate far beyond what the harness can admit (`--rate 1e9`) must not cost memory per
/// arrival: the due arrivals are the schedule's next ones, so the queue keeps only the earliest
/// (``head``) and draws the next from the schedule when a slot frees for it. They are admitted in
/// arrival order with their scheduled times, so each budget still starts at its scheduled arrival
/// and a wait for a slot still counts against it (no coordinated omission). O(1) memory whatever the
/// rate or the backlog.
///
/// ```swift
/// var pending = PendingArrivals(schedule: schedule, start: now)
/// let backlog = pending.observe(now: clock.now())  // arrivals left waiting by an earlier round?
/// while slotFree, let arrival = pending.popDue() { admit(arrival) }
/// ```
public struct PendingArrivals: Sendable {
    private var schedule: ArrivalSchedule
    private let start: UInt64
    /// The earliest arrival not yet admitted, monotonic nanoseconds; nil once the schedule is spent.
    public private(set) var head: UInt64?
    /// Arrivals up to this instant have been seen by an admission round; nil before the first round
    /// (an arrival due at `start` itself has been seen by none, so it is no backlog).
    private var observed: UInt64?

    /// The arrivals of `schedule`, whose offsets count from `start` (monotonic nanoseconds).
    public init(schedule: ArrivalSchedule, start: UInt64) {
        self.schedule = schedule
        self.start = start
        self.observed = nil
        self.head = nil
        self.head = draw()
    }

    /// Begins an admission round at `now`: arrivals up to `now` become due. Returns whether
    /// arrivals seen by an earlier round were still waiting (a backlog), in which case the
    /// arrivals admitted in this round waited for a slot rather than for the harness.
    public mutating func observe(now: UInt64) -> Bool {
        let backlog = hasDue
        observed = max(observed ?? now, now)
        return backlog
    }

    /// Removes and returns the earliest arrival due by the last ``observe(now:)``, or nil when none
    /// is due.
    public mutating func popDue() -> UInt64? {
        guard let arrival = head, let observed, arrival <= observed else { return nil }
        head = draw()
        return arrival
    }

    /// Whether an arrival is due and waiting for a slot.
    public var hasDue: Bool {
        guard let head, let observed else { return false }
        return head <= observed
    }

    /// Whether every arrival of the schedule has been admitted.
    public var isExhausted: Bool { head == nil }

    /// Arrivals taken off the queue so far (admitted).
    public var admitted: Int { schedule.count - (head == nil ? 0 : 1) }

    private mutating func draw() -> UInt64? { schedule.next().map { start &+ $0 } }
}
