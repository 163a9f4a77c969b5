public import NSEBenchCore
import NSEBenchSystem
import Synchronization

/// How late, and how heavy, many pending timers are: ``TimerService`` deadlines and sleeps against
/// `Task.sleep`, in one process.
///
/// Each run spreads `count` deadlines evenly over `spread`, starting `lead` after the timers are
/// requested (enough for every timer or task to be waiting before the first deadline), in a scrambled
/// order (timers are requested as invocations arrive, not sorted by deadline), and records
/// for each how long after its deadline it ran (loop-side for deadline actions, task-side after
/// resuming for sleeps; the sleeping tasks are spawned through ``ConcurrentTasks``, so task-group
/// bookkeeping does not swamp the timers). Memory is jemalloc's `stats.allocated` once every timer is pending, minus
/// a baseline taken after a warm-up run of the same size (so capacities that persist, such as the
/// wheel's slab, are not charged).
public enum TimerBenchmark {
    /// Everything ``compare(count:lead:spread:)`` measures, in one run.
    public struct Comparison: Sendable {
        public var deadlines: TimerBenchmarkResult
        public var serviceSleeps: TimerBenchmarkResult
        public var taskSleeps: TimerBenchmarkResult
        /// Bytes per task parked on a continuation with no timer: the part of a sleep's memory that
        /// is the task's own.
        public var parkedTaskBytes: Double
    }

    /// Runs ``deadlines(count:lead:spread:)``, ``serviceSleeps(count:lead:spread:)``,
    /// ``taskSleeps(count:lead:spread:)`` and ``parkedTaskBytes(count:)`` one after another.
    public static func compare(
        count: Int = 100_000, lead: DurationValue = .seconds(1), spread: DurationValue = .seconds(1)
    ) async throws(TransportBenchmarkError) -> Comparison {
        let deadlines = try await self.deadlines(count: count, lead: lead, spread: spread)
        let serviceSleeps = try await self.serviceSleeps(count: count, lead: lead, spread: spread)
        let parked = try await parkedTaskBytes(count: count)
        let taskSleeps = try await self.taskSleeps(count: count, lead: lead, spread: spread)
        return Comparison(
            deadlines: deadlines, serviceSleeps: serviceSleeps, taskSleeps: taskSleeps, parkedTaskBytes: parked)
    }

    /// `count` ``TimerService/deadline(at:_:)`` handles on one loop, requested in one burst; the
    /// handles are kept (as a watchdog's owner would), in an array allocated before the baseline.
    public static func deadlines(
        count: Int = 100_000, lead: DurationValue = .milliseconds(500), spread: DurationValue = .seconds(1)
    ) async throws(TransportBenchmarkError) -> TimerBenchmarkResult {
        try validate(count: count)
        let memory = try memoryStatistics()
        let loop = try startLoop("nseb-bench-tmr")
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        // Warm-up: grow the wheel's slab and the inbox to `count` entries.
        var unkept: [DeadlineHandle]? = nil
        _ = try await fire(count: count, timers: timers, lead: 1_000_000, spread: 1_000_000, keeping: &unkept) { nil }
        var handles: [DeadlineHandle]? = []
        handles?.reserveCapacity(count)
        let before = try snapshot(memory)
        let (lateness, wall, pendingBytes) = try await fire(
            count: count, timers: timers, lead: UInt64(lead.nanoseconds), spread: UInt64(spread.nanoseconds),
            keeping: &handles
        ) {
            guard let after = try? memory.snapshot() else { return nil }
            return Double(after.allocatedBytes - before.allocatedBytes) / Double(count)
        }
        return TimerBenchmarkResult(
            label: "TimerService.deadline", count: count, lateness: lateness.histogram, early: lateness.early,
            bytesPerTimer: pendingBytes ?? .nan, wallSeconds: wall)
    }

    /// `count` tasks, each in ``TimerService/sleep(until:)``.
    public static func serviceSleeps(
        count: Int = 100_000, lead: DurationValue = .seconds(1), spread: DurationValue = .seconds(1)
    ) async throws(TransportBenchmarkError) -> TimerBenchmarkResult {
        try validate(count: count)
        let memory = try memoryStatistics()
        let loop = try startLoop("nseb-bench-slp")
        defer { try? loop.shutdown() }
        let timers = TimerService(loop: loop)
        let warmUp = MonotonicClock.now() + 1_000_000
        _ = await sleepers(count: count, label: "warm-up", lead: 0, spread: 1, memory: nil) { _ in
            try? await timers.sleep(until: warmUp)
        }
        return await sleepers(
            count: count, label: "TimerService.sleep", lead: UInt64(lead.nanoseconds),
            spread: UInt64(spread.nanoseconds), memory: memory
        ) { deadline in
            try? await timers.sleep(until: deadline)
        }
    }

    /// `count` tasks, each in `Task.sleep` until its deadline.
    public static func taskSleeps(
        count: Int = 100_000, lead: DurationValue = .seconds(1), spread: DurationValue = .seconds(1)
    ) async throws(TransportBenchmarkError) -> TimerBenchmarkResult {
        try validate(count: count)
        let memory = try memoryStatistics()
        _ = await sleepers(count: min(count, 10_000), label: "warm-up", lead: 0, spread: 1, memory: nil) { _ in
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
        return await sleepers(
            count: count, label: "Task.sleep", lead: UInt64(lead.nanoseconds), spread: UInt64(spread.nanoseconds),
            memory: memory
        ) { deadline in
            let now = MonotonicClock.now()
            try? await Task.sleep(nanoseconds: deadline > now ? deadline - now : 0)
        }
    }

    /// Bytes per task parked on a continuation, with no timer at all.
    public static func parkedTaskBytes(count: Int = 100_000) async throws(TransportBenchmarkError) -> Double {
        try validate(count: count)
        let memory = try memoryStatistics()
        let parked = ParkedTasks(capacity: count)
        let before = try snapshot(memory)
        var bytes = Double.nan
        await withDiscardingTaskGroup { group in
            group.addTask {
                await ConcurrentTasks.run(count: count) { _ in
                    await withUnsafeContinuation { continuation in parked.append(continuation) }
                }
            }
            while parked.count < count { try? await Task.sleep(nanoseconds: 5_000_000) }
            if let after = try? memory.snapshot() {
                bytes = Double(after.allocatedBytes - before.allocatedBytes) / Double(count)
            }
            parked.resumeAll()
        }
        return bytes
    }

    // MARK: Drivers

    /// Schedules `count` deadlines `lead` + i × `spread` / `count` from now, keeping their handles in
    /// `handles` if given; once the loop holds them all, calls `measure`; then waits for all to fire.
    /// Returns their lateness, the wall time, and what `measure` returned.
    private static func fire(
        count: Int, timers: TimerService, lead: UInt64, spread: UInt64, keeping handles: inout [DeadlineHandle]?,
        measure: () -> Double?
    ) async throws(TransportBenchmarkError) -> (LatenessRecorder.Summary, Double, Double?) {
        let recorder = LatenessRecorder(expected: count)
        let start = MonotonicClock.now()
        for index in 0..<count {
            let deadline = start + lead + scrambled(index, count) * spread / UInt64(count)
            let handle = timers.deadline(at: deadline) {
                recorder.record(now: MonotonicClock.now(), deadline: deadline)
            }
            handles?.append(handle)
        }
        try await waitUntilPending(timers.loop, count: count, orFired: recorder)
        let measured = measure()
        await recorder.waitForAll()
        return (recorder.summary, Double(MonotonicClock.now() - start) / 1e9, measured)
    }

    /// Polls `loop` every millisecond until its wheel holds `count` timers, or the recorder has seen
    /// some fire (then they are no longer all pending, and waiting longer is pointless).
    private static func waitUntilPending(
        _ loop: EventLoop, count: Int, orFired recorder: LatenessRecorder
    ) async throws(TransportBenchmarkError) {
        while recorder.summary.histogram.totalCount == 0 {
            let pending: Int
            do {
                pending = try await withUnsafeThrowingContinuation { continuation in
                    do {
                        try loop.execute { continuation.resume(with: Result { try loop.pendingTimerCount() }) }
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            } catch let error as EventLoopError {
                throw .eventLoop(error)
            } catch {
                return
            }
            if pending >= count { return }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    private static func sleepers(
        count: Int, label: String, lead: UInt64, spread: UInt64, memory: MemoryStatistics?,
        sleep: @escaping @Sendable (UInt64) async -> Void
    ) async -> TimerBenchmarkResult {
        let lateness = LatenessRecorder(expected: count)
        let ready = BenchmarkCounter()
        let before = try? memory?.snapshot()
        var bytes = Double.nan
        let start = MonotonicClock.now()
        await withDiscardingTaskGroup { group in
            group.addTask {
                await ConcurrentTasks.run(count: count) { index in
                    let deadline = start + lead + scrambled(index, count) * spread / UInt64(count)
                    ready.increment()
                    await sleep(deadline)
                    lateness.record(now: MonotonicClock.now(), deadline: deadline)
                }
            }
            if let memory, let before {
                while ready.value < count { try? await Task.sleep(nanoseconds: 5_000_000) }
                // The last tasks counted themselves just before suspending; give them a moment.
                try? await Task.sleep(nanoseconds: 20_000_000)
                if let after = try? memory.snapshot() {
                    bytes = Double(after.allocatedBytes - before.allocatedBytes) / Double(count)
                }
            }
        }
        let summary = lateness.summary
        return TimerBenchmarkResult(
            label: label, count: count, lateness: summary.histogram, early: summary.early, bytesPerTimer: bytes,
            wallSeconds: Double(MonotonicClock.now() - start) / 1e9)
    }

    /// A permutation of `0..<count`: multiplying by a prime above any count used here visits every
    /// residue once when the prime does not divide `count`.
    static func scrambled(_ index: Int, _ count: Int) -> UInt64 {
        let prime: UInt64 = 1_000_003
        let modulus = UInt64(count)
        guard modulus % prime != 0 else { return UInt64(index) }
        return UInt64(index) * prime % modulus
    }

    private static func validate(count: Int) throws(TransportBenchmarkError) {
        guard count >= 1 else { throw .invalidParameter(name: "count", value: "\(count)") }
    }

    static func memoryStatistics() throws(TransportBenchmarkError) -> MemoryStatistics {
        do throws(MemoryStatisticsError) { return try MemoryStatistics() } catch { throw .memory(error) }
    }

    static func snapshot(_ memory: MemoryStatistics) throws(TransportBenchmarkError) -> MemorySnapshot {
        do throws(MemoryStatisticsError) { return try memory.snapshot() } catch { throw .memory(error) }
    }

    static func startLoop(_ name: String) throws(TransportBenchmarkError) -> EventLoop {
        let loop: EventLoop
        do throws(SystemError) { loop = try EventLoop(name: name) } catch { throw .system(error) }
        do throws(EventLoopError) { try loop.start() } catch { throw .eventLoop(error) }
        return loop
    }
}

/// One timer benchmark's figures.
public struct TimerBenchmarkResult: Sendable {
    /// What was measured (`TimerService.deadline`, `TimerService.sleep`, `Task.sleep`).
    public var label: String
    public var count: Int
    /// Nanoseconds each timer ran after its deadline.
    public var lateness: Histogram
    /// Timers that ran before their deadline (always 0 for a correct timer).
    public var early: Int
    /// jemalloc-allocated bytes per pending timer (for sleeps, the sleeping task included).
    public var bytesPerTimer: Double
    /// From requesting the timers to the last one running.
    public var wallSeconds: Double
}

/// Tasks parked on continuations, resumed together.
private final class ParkedTasks: Sendable {
    private let continuations: Mutex<[UnsafeContinuation<Void, Never>]>

    init(capacity: Int) {
        var reserved: [UnsafeContinuation<Void, Never>] = []
        reserved.reserveCapacity(capacity)
        continuations = Mutex(reserved)
    }

    func append(_ continuation: UnsafeContinuation<Void, Never>) { continuations.withLock { $0.append(continuation) } }

    var count: Int { continuations.withLock { $0.count } }

    func resumeAll() {
        for continuation in continuations.withLock({ $0 }) { continuation.resume() }
    }
}
