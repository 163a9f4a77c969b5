/// The machine's CPU time so far, over all cores, from the `cpu` line of Linux's `/proc/stat` (in
/// clock ticks): how much was busy, how much of that the host stole, and how much passed.
///
/// Busy is user, nice, system, irq, softirq and steal time (steal: a virtual machine's host ran
/// someone else, so the cores were not this run's either); idle and iowait are not busy.
///
/// ```swift
/// let earlier = CPUTimes(procStatLine: "cpu  100 0 100 800 0 0 0 0 0 0")
/// let later = CPUTimes(procStatLine: "cpu  250 0 250 900 0 0 0 0 0 0")
/// later?.busyShare(since: earlier!)  // 0.75
/// ```
public struct CPUTimes: Sendable, Equatable {
    /// Busy ticks, and all ticks.
    public var busy: UInt64
    public var total: UInt64
    /// Ticks the virtual machine's host gave to someone else while this machine had work (counted in
    /// ``busy`` too).
    public var steal: UInt64

    public init(busy: UInt64, total: UInt64, steal: UInt64 = 0) {
        self.busy = busy
        self.total = total
        self.steal = steal
    }

    /// Reads `cpu  user nice system idle iowait irq softirq steal ...`; nil for any other line, or
    /// one with fewer than the first four fields.
    public init?(procStatLine line: Substring) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.first == "cpu", fields.count >= 5 else { return nil }
        var ticks: [UInt64] = []
        for field in fields.dropFirst().prefix(8) {
            guard let value = UInt64(field) else { return nil }
            ticks.append(value)
        }
        while ticks.count < 8 { ticks.append(0) }
        let idle = ticks[3] &+ ticks[4]
        busy = ticks[0] &+ ticks[1] &+ ticks[2] &+ ticks[5] &+ ticks[6] &+ ticks[7]
        total = busy &+ idle
        steal = ticks[7]
    }

    /// The `cpu` line of a whole `/proc/stat` text; nil when it has none.
    public init?(procStat text: String) {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        self.init(procStatLine: line)
    }

    /// The share (0 to 1) of the machine busy between `earlier` and these times; nil when no tick
    /// passed (or the counters went back).
    public func busyShare(since earlier: CPUTimes) -> Double? {
        guard total > earlier.total, busy >= earlier.busy else { return nil }
        return min(1, Double(busy - earlier.busy) / Double(total - earlier.total))
    }

    /// The share (0 to 1) of the machine's CPU time the host stole between `earlier` and these times;
    /// nil when no tick passed (or the counters went back).
    public func stealShare(since earlier: CPUTimes) -> Double? {
        guard total > earlier.total, steal >= earlier.steal else { return nil }
        return min(1, Double(steal - earlier.steal) / Double(total - earlier.total))
    }
}
