import Foundation
import NSEBenchCore
import NSEBenchSystem
import Synchronization

/// The live progress: on a terminal one line rewritten in place, otherwise a plain line every 2
/// seconds, nothing with `--quiet`. Also samples open descriptors for the self-check (within a CPU
/// budget: ``descriptorReadings``), and how busy the whole machine was each second (`/proc/stat`),
/// whose peak says whether the cores, not the network, set the pace while the run's CPU over its whole
/// length looked low, and how much of the machine's CPU time its virtual machine's host took (steal).
final class ProgressReporter: Sendable {
    let context: CommandContext
    let quiet: Bool
    let total: RunLength
    let recorder: RunRecorder
    private let peak = Atomic<Int>(0)
    /// The busiest second's share of the machine, in parts per million; -1 until a second was measured.
    private let busiestSecond = Atomic<Int>(-1)
    /// The share of the machine's CPU time stolen by its host since the first reading, in parts per
    /// million; -1 until a second was measured.
    private let stolen = Atomic<Int>(-1)

    init(context: CommandContext, quiet: Bool, total: RunLength, recorder: RunRecorder) {
        self.context = context
        self.quiet = quiet
        self.total = total
        self.recorder = recorder
    }

    var peakDescriptors: Int { peak.load(ordering: .relaxed) }

    /// How often the open descriptors are counted: every 100 ms while that is cheap, at most 1% of a core
    /// when it is not, and at least once a second. Counting lists `/proc/self/fd`, one entry per
    /// descriptor: with 5,000 sockets open that took about 3 ms, which at 10 readings a second was 4.6%
    /// of the CPU of a 5,000-in-flight run on 2 cores, taken from its invocations.
    static let descriptorReadings = ReadingBudget(
        minimumInterval: 100_000_000, maximumInterval: 1_000_000_000, costMultiple: 100)

    /// The share (0 to 1) of all cores busy, by every process, in the run's busiest second; nil when
    /// no second was measured (a run under a second, or `/proc/stat` unreadable).
    var machineBusyPeak: Double? {
        let parts = busiestSecond.load(ordering: .relaxed)
        return parts < 0 ? nil : Double(parts) / 1e6
    }

    /// The share (0 to 1) of the machine's CPU time its host took for others over the run (steal time);
    /// nil for a run shorter than a second, or when `/proc/stat` could not be read.
    var machineSteal: Double? {
        let parts = stolen.load(ordering: .relaxed)
        return parts < 0 ? nil : Double(parts) / 1e6
    }

    func run() async {
        let start = Date()
        let interval: TimeInterval = context.outputIsTerminal ? 0.2 : 2
        var last = Date()
        var cpu = MachineBusySampler()
        _ = cpu.sample(now: MonotonicClock.now())  // the steal's window opens with the run
        var descriptorReadings = Self.descriptorReadings
        while !Task.isCancelled {
            do { try await Task.sleep(for: .milliseconds(100)) } catch { break }
            let now = MonotonicClock.now()
            if descriptorReadings.isDue(now: now) {
                // The listing's own CPU time (it runs on this thread, start to end), not the time it took:
                // on a busy machine a thread waits for a core, which costs the run nothing.
                let cpuBefore = KernelThread.currentCPUTime
                let open = ProcessResources.openDescriptors()
                let cost: UInt64
                if let cpuBefore, let cpuAfter = KernelThread.currentCPUTime {
                    cost = cpuAfter &- cpuBefore
                } else {
                    cost = MonotonicClock.now() &- now
                }
                descriptorReadings.read(startedAt: now, cost: cost)
                if open > peak.load(ordering: .relaxed) { peak.store(open, ordering: .relaxed) }
            }
            if let share = cpu.sample(now: MonotonicClock.now()) {
                let parts = Int((share * 1e6).rounded())
                if parts > busiestSecond.load(ordering: .relaxed) { busiestSecond.store(parts, ordering: .relaxed) }
            }
            if let steal = cpu.stealShare { stolen.store(Int((steal * 1e6).rounded()), ordering: .relaxed) }
            guard !quiet, Date().timeIntervalSince(last) >= interval else { continue }
            last = Date()
            let line = self.line(elapsed: Date().timeIntervalSince(start))
            context.output.write(context.outputIsTerminal ? "\r\u{1B}[K" + line : line + "\n")
        }
        cpu.closeStealWindow(now: MonotonicClock.now())
        if let steal = cpu.stealShare { stolen.store(Int((steal * 1e6).rounded()), ordering: .relaxed) }
        if !quiet, context.outputIsTerminal { context.output.write("\r\u{1B}[K") }
    }

    private func line(elapsed: Double) -> String {
        let counts = recorder.counts
        let outcomes = counts.outcomes
        func count(_ outcome: InvocationOutcome) -> Int { outcomes[outcome] ?? 0 }
        let rate = elapsed > 0 ? Double(counts.finished) / elapsed : 0
        var eta = ""
        if case .invocations(let target) = total, rate > 0 {
            eta = String(format: "  eta %.0fs", Double(max(0, target - counts.finished)) / rate)
        }
        let expired = count(.expiredBestAttempt) + count(.expiredOriginal)
        return "in flight \(counts.started - counts.finished)  done \(counts.finished)  enriched \(count(.enriched))  "
            + "degraded \(count(.degraded))  unchanged \(count(.unchanged))  expired \(expired)  killed/crashed \(count(.killed) + count(.crashed))  "
            + String(format: "%.0f/s", rate) + eta
    }
}

/// Reads the machine's CPU times about once a second and gives each second's busy share, and the share
/// stolen by the host since the first reading.
struct MachineBusySampler {
    private var first: (times: CPUTimes, at: UInt64)?
    private var last: (times: CPUTimes, at: UInt64)?
    /// The share of the machine's CPU time the host stole from the first reading to the latest; nil
    /// before a second reading.
    private(set) var stealShare: Double?
    /// Whether `/proc/stat` could not be read: sampling stops, and the peak stays unknown.
    private var unreadable = false

    /// The busy share since the previous sample once at least a second has passed; nil otherwise.
    mutating func sample(now: UInt64) -> Double? {
        guard !unreadable else { return nil }
        if let last, now &- last.at < 1_000_000_000 { return nil }
        let times: CPUTimes
        do { times = try ProcessResources.machineCPUTimes() } catch {
            unreadable = true
            return nil
        }
        defer { last = (times, now) }
        if let first { stealShare = times.stealShare(since: first.times) } else { first = (times, now) }
        return last.flatMap { times.busyShare(since: $0.times) }
    }

    /// Reads the CPU times once more, however soon after the last reading, so that the steal's share
    /// covers the run to its end (steal is counted from the first reading, not per second). A run shorter
    /// than a second keeps no share: over a few 10 ms ticks, one stolen tick would read as 5%.
    mutating func closeStealWindow(now: UInt64) {
        guard !unreadable, let first, now &- first.at >= 1_000_000_000 else { return }
        do {
            stealShare = try ProcessResources.machineCPUTimes().stealShare(since: first.times)
        } catch {
            unreadable = true
        }
    }
}
