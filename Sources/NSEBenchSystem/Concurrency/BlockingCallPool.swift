import Foundation
public import NSEBenchCore
import Synchronization

/// Threads for calls that may block (a semaphore's wait, a synchronous read): one per core, and more
/// while calls that block hold threads and others have waited ``Settings/stallLimit`` with no thread
/// free, so a call that blocks costs a thread, not the other calls' time.
///
/// libdispatch's pool on Linux keeps about one thread per core for its concurrent queues and adds
/// threads for blocked ones only slowly: 50 calls each waiting on a semaphore for its own download
/// held the others up to 24 s (deliver p99). Its overcommit pool (a serial queue per call) makes a thread whenever
/// every thread is busy, blocked or not: 110 threads instead of 11 for 100 calls that never block.
/// This pool adds threads only for calls that have waited the stall limit with no thread free while a
/// thread is blocked: one whose call has run half the stall limit, that spent under a tenth of the
/// time to the monitor's next check on a CPU, and that the kernel has asleep (its state under `/proc`
/// is not `R`). Calls that never block run on the core threads; each call that blocks keeps one thread
/// per core free for the others (and where every running call blocks, the threads double, as the
/// waiting calls likely block too). Calls that wait only because every core is busy add none: on a
/// saturated 2-core machine, 500 in flight of `Examples/MediaDownload` grew each extension worker's
/// pool by 8-248 threads for calls that never block, when any waiting call counted.
/// Threads above the core count end when they find no call and as many threads as there are cores
/// already wait, or after ``Settings/idleLimit`` idle.
///
/// ```swift
/// let pool = BlockingCallPool(name: "nseb-ext-call")
/// pool.submit { semaphore.wait() }  // holds one thread
/// pool.submit { print("runs within the stall limit") }
/// ```
public final class BlockingCallPool: @unchecked Sendable {
    // @unchecked: every stored property is immutable after init or is `state`, which is read and
    // written only with `condition` locked; `monitorWake` is a semaphore, safe from any thread.

    /// How the pool grows and shrinks.
    public struct Settings: Sendable {
        /// Threads started for calls without waiting for a stall: by default one per core.
        public var coreThreads = ProcessInfo.processInfo.activeProcessorCount
        /// How long the oldest waiting call may wait with no thread free before a thread is added, in
        /// nanoseconds: by default 2 ms, within the harness's 5 ms error budget.
        public var stallLimit: UInt64 = 2_000_000
        /// The most threads the pool makes: by default 4,096.
        public var maximumThreads = 4_096
        /// How long a thread stays idle before it ends, in seconds: by default 1. Only ``coreThreads``
        /// threads wait for calls at once; one that finds that many waiting ends at once.
        public var idleLimit: Double = 1
        /// Each thread's stack: by default 512 KiB, what iOS gives a secondary thread.
        public var stackSize = 512 * 1024
        /// How many calls to this pool a thread handing calls over together
        /// (``BlockingCallPool/handingOverTogether(_:)``) submits before it wakes threads for them (as many
        /// as are idle, up to one per call): by default 8, so that eight calls cost one or two wake-ups
        /// rather than eight.
        public var handOverBatch = 8
        /// How long the first of those calls may wait for the batch to fill, in nanoseconds: by default
        /// 100 µs (a worker prepares and starts a request in about 10-20 µs), well inside the harness's
        /// 5 ms error budget. The thread's next submit to any pool hands them over once they have waited
        /// that long, as an event loop does between its events and jobs; the body's end hands over the
        /// rest.
        public var handOverWait: UInt64 = 100_000
        /// Whether the thread of kernel id `id`, whose call has run half the stall limit and spent little
        /// CPU time since the check before, is blocked rather than running or ready to run: by default,
        /// whether its state under `/proc` is other than `R`. A state that cannot be read counts as
        /// blocked, so that calls are not left waiting on a guess; without a readable `/proc` (or one of
        /// another PID namespace), the CPU time's word stands. Tests stand in here.
        var threadIsBlocked: @Sendable (_ id: Int32) -> Bool = { id in
            guard KernelThread.statesReadable else { return true }
            do {
                switch try KernelThread.runState(of: id) {
                case .runnable: return false
                case .waiting: return true
                case nil: return false  // ended: its call is over
                }
            } catch {
                return true
            }
        }
        /// Called on a thread above ``coreThreads`` when it finds no call to run, before it waits: what
        /// it holds for its next calls (its allocator's cache) is let go, as it may be the last.
        public var surplusThreadIdles: (@Sendable () -> Void)?
        /// Starts a detached thread named with the given name and stack size running the closure; throws
        /// when none could be made. Tests stand in for `pthread_create` here.
        var startThread:
            @Sendable (_ name: String, _ stackSize: Int, _ body: @escaping @Sendable () -> Void) throws(SystemError)
                -> Void = { name, stackSize, body throws(SystemError) in
                    try PosixThread.detach(name: name, stackSize: stackSize, body)
                }

        /// The defaults.
        public init() {}
    }

    /// When a thread's current call began, or 0 between calls: the thread sets it without the pool's
    /// lock, so that a thread waiting for the lock after its call is not taken for one blocked in it.
    private final class CallClock: Sendable {
        /// The thread's kernel id.
        let id: Int32
        /// The thread's CPU-time clock; nil when the system gave none.
        let cpuClock: clockid_t?
        let started = Atomic<UInt64>(0)

        /// The calling thread's.
        init() {
            id = KernelThread.currentID
            cpuClock = KernelThread.currentCPUClock
        }
    }

    /// A call of a thread: the thread's id and when the call began.
    private struct BlockedCall: Hashable {
        var id: Int32
        var started: UInt64
    }

    /// What the monitor has seen of a call that has run half the stall limit.
    private struct Sightings {
        /// Its thread's CPU time at the last check, and when that was.
        var cpuTime: UInt64?
        var checkedAt: UInt64 = 0
        /// Whether the kernel had its thread asleep after a check that found it had spent little CPU
        /// time: blocked until it returns.
        var blocked = false
    }

    private struct Waiting {
        var call: @Sendable () -> Void
        var since: UInt64
    }

    private struct State {
        /// Calls not yet started, oldest first from `head`.
        var queue: [Waiting] = []
        var head = 0
        var threads = 0
        /// Threads started that have not yet looked for a call: each will take one of those waiting.
        var starting = 0
        /// Threads waiting for a call and not yet woken for one.
        var idle = 0
        /// Threads woken for a call that have not yet taken it (a wake-up handed over, not yet used):
        /// each will take one of those waiting.
        var wakeups = 0
        /// Each thread's clock of its call.
        var callClocks: [CallClock] = []
        /// What the monitor has seen of each call that has run half the stall limit (the monitor's alone).
        var sightings: [BlockedCall: Sightings] = [:]
        var peakThreads = 0
        var addedForStalls = 0
        /// How long each call waited for a thread, from its submission to its start, in nanoseconds.
        var waits = Histogram(highestTrackableValue: 1 << 40)
        var startFailures = 0
        var firstStartFailure: SystemError?
        var monitorArmed = false
        var monitorRunning = false

        var waiting: Int { queue.count - head }
        /// Calls waiting that no thread already on its way will take.
        var uncovered: Int { waiting - starting - wakeups }

        /// A thread with `clock` ends.
        mutating func end(_ clock: CallClock) {
            threads -= 1
            callClocks.removeAll { $0 === clock }
        }

        mutating func add() {
            threads += 1
            starting += 1
            peakThreads = max(peakThreads, threads)
        }

        /// Arms the monitor, which then watches until no call waits: whether it must be started, or woken
        /// from its idle wait; neither when it is armed already.
        mutating func armMonitor() -> (start: Bool, wake: Bool) {
            guard !monitorArmed else { return (false, false) }
            monitorArmed = true
            let start = !monitorRunning
            monitorRunning = true
            return (start, !start)
        }

        /// How many threads to add for `stalled` calls that have waited the stall limit, when `blocked` of
        /// the `inCall` threads running calls are blocked in them.
        ///
        /// As many threads free to run calls as there are cores: fewer only where calls block, or where
        /// threads could not be started; a busy machine is no reason for more. Where every call running
        /// blocks, those waiting are likely the same extension's and block too: the threads double, so
        /// that 50 calls blocked at once have theirs within a few rounds.
        func threadsToAdd(stalled: Int, blocked: Int, inCall: Int, settings: Settings) -> Int {
            var wanted = settings.coreThreads + blocked - threads
            if blocked > 0, blocked >= inCall { wanted = max(wanted, threads) }
            return max(0, min(wanted, stalled - starting - wakeups, settings.maximumThreads - threads))
        }

        mutating func recordStartFailure(_ error: SystemError) {
            startFailures += 1
            if firstStartFailure == nil { firstStartFailure = error }
        }

        mutating func pop() -> Waiting? {
            guard head < queue.count else { return nil }
            let first = queue[head]
            head += 1
            // Compacted once half is spent: pops stay O(1) on average.
            if head > 64, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return first
        }
    }

    private let name: String
    private let settings: Settings
    private let condition = NSCondition()
    private var state = State()
    /// Signalled when calls wait with no thread free: the monitor then watches until none waits.
    private let monitorWake = DispatchSemaphore(value: 0)

    /// A pool whose threads are named `name` (15 bytes are kept; the monitor adds `-mon`); no thread starts before the first call, and every thread
    /// ends once idle for ``Settings/idleLimit``, so a pool no longer used holds none.
    public init(name: String, settings: Settings = Settings()) {
        self.name = name
        self.settings = settings
    }

    /// Threads now, busy or idle.
    public var threadCount: Int { locked { $0.threads } }
    /// The most threads there have been at once.
    public var peakThreadCount: Int { locked { $0.peakThreads } }
    /// The most threads there have been at once beyond ``Settings/coreThreads``: those calls that blocked
    /// needed.
    public var peakThreadsBeyondCores: Int { locked { max(0, $0.peakThreads - settings.coreThreads) } }
    /// How long each call so far waited for a thread, from ``submit(_:)`` to its start, in nanoseconds:
    /// the stall limit when calls block the threads, longer when every core is busy.
    public var waits: Histogram { locked { $0.waits } }
    /// Threads added because calls waited past the stall limit.
    public var threadsAddedForStalls: Int { locked { $0.addedForStalls } }
    /// Threads that could not be started (``Settings/maximumThreads`` not reached, but the system made
    /// none), with the first error: calls waited for a thread the harness failed to give them. The monitor
    /// tries again while calls wait; when the monitor itself could not start, the next call tries again.
    public var threadStartFailures: (count: Int, first: SystemError?) {
        locked { ($0.startFailures, $0.firstStartFailure) }
    }

    /// Runs `call` on one of the pool's threads: at once when one is free, otherwise within about the
    /// stall limit. Inside ``handingOverTogether(_:)``, the thread to run it is woken with others.
    public func submit(_ call: @escaping @Sendable () -> Void) {
        let now = MonotonicClock.now()
        // Kept for the batch: `nil`. Handed over now: how many of this thread's calls (1 outside a batch).
        let handOverCount =
            HandOverBatch.current.map {
                $0.add(to: self, now: now, size: settings.handOverBatch, wait: settings.handOverWait)
            } ?? 1
        let handOver = locked { state -> HandOver? in
            state.queue.append(Waiting(call: call, since: now))
            return handOverCount.map { planHandOver(newCalls: $0, &state) }
        }
        handOver.map(perform)
    }

    /// Runs `body`, in which the calls this thread submits to any pool are handed to threads together:
    /// ``Settings/handOverBatch`` at a time, or once the first has waited ``Settings/handOverWait``, and
    /// the rest when `body` returns.
    ///
    /// For a thread that submits calls in bursts and goes on with its own work meanwhile: an event loop's
    /// iteration (``EventLoop`` runs each inside one), which reads a worker's requests and starts their
    /// `didReceive` calls, and ends transfers whose completion handlers a phone's session runs. Woken for
    /// each call, a thread ran it at once on the submitter's core and slept again before the next came,
    /// so the two took turns (measured with `perf sched`: each worker used half a core while the machine's
    /// other half was idle, and each call cost two context switches). Nested, the inner calls join the
    /// outer batch; other threads' calls are their own (handed over one by one outside a batch). `body`
    /// must not wait for the calls it submits.
    public static func handingOverTogether<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try HandOverBatch.collecting { (_) throws(Failure) -> Result in try body() }
    }

    /// Hands over `count` calls that a thread's batch kept (``HandOverBatch``).
    func handOver(_ count: Int) {
        perform(locked { planHandOver(newCalls: count, &$0) })
    }

    /// What to do, once the lock is let go, for calls just queued.
    private struct HandOver {
        var wake = 0
        var spawn = 0
        var startMonitor = false
        var wakeMonitor = false
    }

    /// Hands the `newCalls` calls last queued to idle threads, then to new ones up to one per core; for
    /// any left waiting for a busy thread, or for one on its way that may take an earlier call and block,
    /// arms the monitor, which watches until the queue is empty.
    private func planHandOver(newCalls: Int, _ state: inout State) -> HandOver {
        var handOver = HandOver()
        // Handed over: a thread woken counts as on its way from now, so the next call does not count on
        // it too. (Fewer calls may wait than threads are on their way: threads that woke took calls
        // queued since.)
        handOver.wake = max(0, min(newCalls, state.uncovered, state.idle))
        state.idle -= handOver.wake
        state.wakeups += handOver.wake
        handOver.spawn = min(newCalls - handOver.wake, state.uncovered, settings.coreThreads - state.threads)
        handOver.spawn = max(0, handOver.spawn)
        for _ in 0..<handOver.spawn { state.add() }
        if handOver.wake + handOver.spawn < min(newCalls, state.waiting) {
            let monitor = state.armMonitor()
            handOver.startMonitor = monitor.start
            handOver.wakeMonitor = monitor.wake
        }
        return handOver
    }

    /// Wakes and starts the threads `handOver` counted. Signalled after the lock is let go: signalled
    /// under it, the woken thread found it still held and slept again on the mutex (a futex wait and wake
    /// more per call, measured with perf). The hand-over is already counted in `wakeups`, so a thread
    /// whose wait timed out meanwhile takes the call, and a waiter this signal then wakes finds no
    /// wake-up for it: it looks for a call, and waits again or, a thread beyond those that should wait,
    /// ends.
    private func perform(_ handOver: HandOver) {
        for _ in 0..<handOver.wake { condition.signal() }
        for _ in 0..<handOver.spawn { startThread() }
        if handOver.startMonitor { startMonitorThread() }
        if handOver.wakeMonitor { monitorWake.signal() }
    }

    private func locked<T>(_ body: (inout State) -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }

    /// Starts a thread counted by ``State/add()``; when none can be made, takes the count back and arms
    /// the monitor, which tries again while calls wait.
    private func startThread() {
        do throws(SystemError) {
            try settings.startThread(name, settings.stackSize) { [self] in serve() }
        } catch {
            let monitor = locked { state in
                state.threads -= 1
                state.starting -= 1
                state.recordStartFailure(error)
                return state.armMonitor()
            }
            if monitor.start { startMonitorThread() }
            if monitor.wake { monitorWake.signal() }
        }
    }

    /// A thread's life: calls in order until it has been idle too long, or finds enough threads idle.
    private func serve() {
        let clock = CallClock()
        condition.lock()
        state.starting -= 1
        state.callClocks.append(clock)
        var cacheLetGo = false
        while true {
            if let next = state.pop() {
                let now = MonotonicClock.now()
                state.waits.record(now > next.since ? now - next.since : 0)
                condition.unlock()
                clock.started.store(now, ordering: .relaxed)
                next.call()
                clock.started.store(0, ordering: .relaxed)
                condition.lock()
                cacheLetGo = false
                continue
            }
            // No call for it. Enough threads already wait: it ends at once, and what it holds (its
            // allocator's metadata, tens of kilobytes) is not left to a run's end.
            if state.idle >= settings.coreThreads {
                state.end(clock)
                condition.unlock()
                return
            }
            if state.threads > settings.coreThreads, !cacheLetGo, let idles = settings.surplusThreadIdles {
                condition.unlock()
                idles()
                condition.lock()
                cacheLetGo = true
                continue  // calls may have come, and threads gone idle, meanwhile: look again
            }
            state.idle += 1
            let signalled = condition.wait(until: Date(timeIntervalSinceNow: settings.idleLimit))
            if state.wakeups > 0 {
                // Woken for a call (this one or another waiter's wake-up: either way, one less on its way).
                state.wakeups -= 1
            } else {
                state.idle -= 1
                if !signalled, state.waiting == 0 {
                    state.end(clock)
                    condition.unlock()
                    return
                }
            }
        }
    }

    /// Adds threads for calls that have waited the stall limit with no thread free; ends after the idle
    /// limit with none armed.
    private func startMonitorThread() {
        let body: @Sendable () -> Void = { [self] in
            while true {
                watchStalls()
                guard monitorWake.wait(timeout: .now() + settings.idleLimit) == .success else {
                    let ended = locked { state -> Bool in
                        // Armed while the wait timed out: its wake-up is pending, take it and go on.
                        guard !state.monitorArmed else { return false }
                        state.monitorRunning = false
                        return true
                    }
                    if ended { return }
                    monitorWake.wait()
                    continue
                }
            }
        }
        do throws(SystemError) {
            try settings.startThread("\(name)-mon", settings.stackSize, body)
        } catch {
            // None watches: the next call that waits with no thread free arms it again.
            locked { state in
                state.monitorArmed = false
                state.monitorRunning = false
                state.recordStartFailure(error)
            }
        }
    }

    /// Adds threads while calls wait: for each call blocked in a thread, a thread. A call counts as
    /// blocked once it has run half the stall limit, its thread spent under a tenth of the time since
    /// the check before (a half stall limit earlier, while calls waited) on a CPU, and the kernel then
    /// has it asleep (its state under /proc is not `R`): a thread ready to run that waits for a busy core
    /// is not one blocked; one that polls (`usleep(100)` in a loop) is. The CPU clock costs a system
    /// call, the /proc read an open, a read and a close (about 20 µs); once counted, a call stays so,
    /// unread, until it returns, so that 250 calls blocked for hundreds of ms are read once each, not at
    /// every check.
    private func watchStalls() {
        let halfLimit = Double(settings.stallLimit) / 2e9
        while true {
            Thread.sleep(forTimeInterval: halfLimit)
            typealias LongCall = (call: BlockedCall, cpuClock: clockid_t?, seen: Sightings)
            let seen = locked { state -> (stalled: Int, longCalls: [LongCall])? in
                guard state.waiting > 0 else {
                    state.monitorArmed = false
                    return nil
                }
                let now = MonotonicClock.now()
                var stalled = 0
                for index in state.head..<state.queue.count {
                    guard now &- state.queue[index].since >= settings.stallLimit else { break }
                    stalled += 1
                }
                guard stalled > 0 else { return (0, []) }
                var longCalls: [LongCall] = []
                for clock in state.callClocks {
                    let started = clock.started.load(ordering: .relaxed)
                    guard started != 0, now &- started >= settings.stallLimit / 2 else { continue }
                    let call = BlockedCall(id: clock.id, started: started)
                    longCalls.append((call, clock.cpuClock, state.sightings[call] ?? Sightings()))
                }
                return (stalled, longCalls)
            }
            guard let seen else { return }
            guard seen.stalled > 0 else { continue }
            // Read outside the lock: each is a system call or a file under /proc.
            var sightings: [BlockedCall: Sightings] = [:]
            for (call, cpuClock, before) in seen.longCalls {
                var now = before
                if !before.blocked {
                    now.cpuTime = cpuClock.flatMap(KernelThread.cpuTime(of:))
                    now.checkedAt = MonotonicClock.now()
                    // Without a CPU clock, the kernel is asked at every check; with one, from the second.
                    var mostlyOffCPU = now.cpuTime == nil
                    if let cpuTime = now.cpuTime, let earlier = before.cpuTime, now.checkedAt > before.checkedAt {
                        mostlyOffCPU = (cpuTime &- earlier) * 10 < now.checkedAt - before.checkedAt
                    }
                    if mostlyOffCPU { now.blocked = settings.threadIsBlocked(call.id) }
                }
                sightings[call] = now
            }
            let spawn = locked { state -> Int in
                // Only the calls still running long are kept: the others have returned. A blocked call
                // counts only while its thread still runs it (the thread id may even be another's now).
                state.sightings = sightings
                let running = Dictionary(
                    state.callClocks.map { ($0.id, $0.started.load(ordering: .relaxed)) },
                    uniquingKeysWith: { first, _ in first })
                let blocked = sightings.count { call, seen in seen.blocked && running[call.id] == call.started }
                // Threads in or about a call: not idle, starting or woken for one (a thread waiting for the
                // lock after its call is busy, though its clock says no call).
                let busy = state.threads - state.idle - state.starting - state.wakeups
                let count = state.threadsToAdd(
                    stalled: seen.stalled, blocked: blocked, inCall: busy, settings: settings)
                for _ in 0..<count { state.add() }
                state.addedForStalls += count
                return count
            }
            for _ in 0..<spawn { startThread() }
        }
    }
}
