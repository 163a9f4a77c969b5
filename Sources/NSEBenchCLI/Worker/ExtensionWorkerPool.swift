import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import Synchronization

/// The processes a user's extension runs in (`nse-bench extension-worker`), as iOS gives each
/// extension a process of its own: a crash in the user's code (a trap, a segfault) ends that process
/// and the invocations it held, which are recorded as `crashed`, and a new process takes its place;
/// every other invocation is counted as usual.
///
/// A Swift runtime trap (a force-unwrapped nil, an index out of range, `fatalError`) in an invocation's
/// code ends only that invocation: the crash reporter holds the trapping thread (``CrashReporter/holdTraps(_:)``)
/// and the worker ends the invocation `crashed`, its stack named as below, while the other invocations
/// it holds run on undisturbed, as on their own phones; the worker then takes no more invocations (one
/// that trapped may hold a lock or a half-changed singleton) and ends when those are done, and a fresh
/// one takes its place.
///
/// Any other crash ends the process. Its crash reporter names the invocation whose code crashed
/// (``CrashReporter``); the other invocations that shared its process are run again in a live worker, their clocks still running
/// from their arrival (no phone loses a notification to another phone's crash), and the time that cost
/// is counted as harness delay (``rerunDelayMaximum``). Without a name, every invocation the process
/// held is recorded as crashed and counted as lost (``lostInvocations``).
///
/// A worker whose heap passes the memory limit is killed as jetsam kills an extension's process
/// (``WorkerMemoryWatch``, ``Jetsam``): the invocations it held are `killed`, without the expiry call,
/// and those sent to it that it had not started run again in another worker.
///
/// Each invocation goes to the live worker with the fewest in flight. What a worker process shares
/// between the invocations it runs is what a reused extension process shares on a phone: statics,
/// singletons, `URLSession.shared`.
final class ExtensionWorkerPool: Sendable {
    /// How to start one worker.
    struct Launch: Sendable {
        var executable: URL
        var arguments: [String]
        /// Where the workers' replies are read, each worker's on one of these in turn: `run`'s transport
        /// loops, where the invocations waiting for them run. A reply then wakes no reading thread to
        /// hand it on, and replies that came together are read in one go.
        var replyLoops: [EventLoop]
        /// Where the workers' standard error goes (a crash's message), appended to.
        var errorLog: URL
        /// Variables the workers start with over the run's own (``WorkerEnvironment``).
        var environment: [String: String] = [:]
        /// The time budget on the run's clock: a died invocation's deadline.
        var timeBudget: UInt64
        /// How long after its arrival an invocation's record may come at the latest, in nanoseconds of
        /// the run's clock: past it, the invocation is recorded as lost to the harness (its process is
        /// alive but never answered) rather than waited for forever.
        var answerLimit: UInt64
        /// How long the workers have, all together, to end once their inputs are closed before those still
        /// running are killed: by default 10 s.
        var exitLimit: UInt64 = 10_000_000_000
        /// Starts the pool's threads (its sweep, each worker's wait for its end), named by its first argument;
        /// throws when the system would not make one. Tests stand in for `pthread_create` here.
        var startThread:
            @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) -> Void =
                { name, body throws(SystemError) in try PosixThread.detach(name: name, body) }
        /// This user's threads against their limit (``UserThreads/usage()``), counted when a worker fails
        /// to start or stops answering; tests stand in for `/proc` here.
        var userThreads: @Sendable () throws(SystemError) -> UserThreadUsage? = { () throws(SystemError) in
            try UserThreads.usage()
        }
        /// Called as each worker process is about to be started, on the thread that starts it: how a test
        /// sees where starts happen.
        var starting: @Sendable () -> Void = {}
        /// Where in the extension's code a crash was, as its record's reason says it (`at FILE:LINE:COLUMN
        /// in FUNCTION: REASON`, ``CrashSite``); nil when that cannot be told. Given the size `errorLog` had
        /// when the crash was reported (nil: unknown): what the Swift runtime printed for the crash was
        /// written before, and what came after is other crashes'. Called on the thread that waits for the
        /// crashed process, after the invocations it held that did not crash were sent on, or on the
        /// thread that names traps.
        var crashSite: @Sendable (CrashStack, _ errorLogEnd: Int?) -> String? = { _, _ in nil }
    }

    /// This user's threads when a worker failed to start or stopped answering: the most counted, or why
    /// they could not be counted.
    private struct ThreadsSeen {
        var most: UserThreadUsage?
        var uncountable: SystemError?
    }

    /// What an invocation's record may take beyond its deadline, grace and wind-down before it is
    /// recorded as lost: 10 s, for a machine so loaded that records come seconds late.
    static let answerMargin: UInt64 = 10_000_000_000

    /// How long after its last admission the run waits for the invocations in flight: the answer limit
    /// and two sweeps more, so that the sweep has recorded every overdue one as lost to the harness before
    /// the run would cut anything off.
    var drainLimit: UInt64 { launch.answerLimit + 2_000_000_000 }

    private struct Reruns {
        var count = 0
        var maximumDelay: UInt64 = 0
    }

    /// The workers by slot, and whether the pool is finishing: from then on no worker is started, so
    /// none outlives ``finish()`` unwaited for.
    private struct Slots {
        var workers: [ExtensionWorker?]
        var finishing = false
        /// Workers in a row that ended before they were ready: at ``startAttempts`` none is started again.
        var failedStarts = 0
    }

    /// How many workers in a row may fail to start before the pool gives up: 3.
    static let startAttempts = 3

    /// Why ``pick()`` found no worker after ``startAttempts`` failed to start.
    private struct StartsFailed: Error, CustomStringConvertible {
        var description: String {
            "\(ExtensionWorkerPool.startAttempts) extension processes in a row ended before they were ready "
                + "(their messages are in extension-stderr.log)"
        }
    }

    /// Why ``pick()`` found no worker for an invocation after ``finish()`` began.
    private struct Finishing: Error, CustomStringConvertible {
        var description: String { "the run's extension processes had already been told to end" }
    }

    let launch: Launch
    private let slots: Mutex<Slots>
    private let retired = Mutex<[ExtensionWorker]>([])
    private let reruns = Mutex(Reruns())
    private let peakAtOnce = Mutex<Int?>(nil)
    /// Workers finishing what they held after a trap (``mayWindDown()``), and the most at once: the slots.
    private let windingDown = Atomic<Int>(0)
    private let slotCount: Int
    /// Workers started so far: the next one's replies are read on ``Launch/replyLoops`` at this index,
    /// modulo their count.
    private let started = Atomic<Int>(0)
    private let threadsSeen = Mutex(ThreadsSeen())
    /// Signalled by ``finish()`` to end the sweep for overdue records.
    private let sweepEnd = DispatchSemaphore(value: 0)
    /// Where a pick that must start a worker runs (``pick()``), off the invoking thread: a `run`
    /// transport loop, which a spawn (milliseconds) would hold up along with every invocation on it.
    private let starts = DispatchQueue(label: "nse-bench-worker-start")

    /// Starts `count` workers; `launch` names at least one loop for their replies.
    init(count: Int, launch: Launch) throws {
        guard !launch.replyLoops.isEmpty else {
            throw RunError.setup("the extension processes were given no loop to read their replies on")
        }
        self.launch = launch
        ProcessResources.ignoreBrokenPipes()
        // The workers' stderr is appended here; a log that cannot be made is a run that would lose their messages.
        do {
            try TextFile.write("", to: launch.errorLog.path)
        } catch {
            throw RunError.output(
                "could not create \(launch.errorLog.path) for the extension processes' messages: \(error)")
        }
        slotCount = max(1, count)
        slots = Mutex(Slots(workers: Array(repeating: nil, count: slotCount)))
        try slots.withLock { slots throws in
            for index in slots.workers.indices { slots.workers[index] = try makeWorker() }
        }
        let sweepEnd = self.sweepEnd
        do {
            try launch.startThread("nse-bench-worker-sweep") { [weak self] in
                // Until finish(), or until the pool is gone without one.
                while sweepEnd.wait(timeout: .now() + .seconds(1)) == .timedOut {
                    guard let self else { return }
                    self.expireOverdue()
                }
            }
        } catch {
            // Without the sweep a record that never comes would hold the run open for ever.
            for worker in allWorkers { worker.kill() }
            throw RunError.setup("could not start the thread that watches the extension processes: \(error)")
        }
    }

    /// Records as lost to the harness every invocation whose record is overdue (``Launch/answerLimit``):
    /// a reply that never came must not hold the run open.
    private func expireOverdue() {
        let now = MonotonicClock.now()
        for worker in allWorkers {
            worker.expireOverdue(now: now, answerLimit: launch.answerLimit) { self.countUserThreads() }
        }
    }

    /// Counts this user's threads against their limit, when a worker failed to start or stopped
    /// answering: at the limit, a process cannot start the threads that run its Swift tasks, and does
    /// nothing at all (measured: a worker under `ulimit -u 45` held its reader, timer and transport threads
    /// and none of libdispatch's).
    private func countUserThreads() {
        do {
            guard let usage = try launch.userThreads() else { return }
            threadsSeen.withLock { seen in
                if usage.threads > seen.most?.threads ?? -1 { seen.most = usage }
            }
        } catch {
            threadsSeen.withLock { $0.uncountable = error }
        }
    }

    /// The most threads this user held when a worker failed to start or stopped answering; nil if none
    /// did, no limit applied, or they could not be counted.
    var userThreadsAtFailure: UserThreadUsage? { threadsSeen.withLock { $0.most } }

    /// Invocations run again after a process they shared died under another invocation (a crash, or
    /// killed for its memory), or that reached a process being killed for its memory.
    var rerunInvocations: Int { reruns.withLock { $0.count } }
    /// The longest such an invocation lost to the crash (from its first dispatch to the second), in
    /// nanoseconds of the run's clock.
    var rerunDelayMaximum: UInt64 { reruns.withLock { $0.maximumDelay } }
    /// Invocations recorded as crashed although their own code may not have crashed: their process died
    /// on a thread no invocation had marked.
    var lostInvocations: Int { allWorkers.map(\.lost).reduce(0, +) }
    /// Invocations whose code trapped and ended alone, their process going on with the others.
    var trappedInvocations: Int { allWorkers.map(\.traps).reduce(0, +) }
    /// Traps after which their process kept taking invocations (``mayWindDown()``).
    var trapsInProcessesKeptTaking: Int { allWorkers.map(\.trapsKeptTaking).reduce(0, +) }

    /// Whether a worker whose code trapped may take no more invocations and wind down: while fewer
    /// processes wind down than the run has slots. Each winding down holds what it ran until its slowest
    /// invocation ends (seconds, up to the deadline): without a bound, 500 in flight of an extension that
    /// traps on a tenth of them would keep hundreds of processes alive at once.
    /// A worker that wound down after a trap has ended: a worker that kept taking invocations after one,
    /// as the most were winding down then, winds down in its turn. Called where a worker's end is seen.
    private func windDownEnded() {
        windingDown.subtract(1, ordering: .relaxed)
        let waiting = slots.withLock { $0.workers.lazy.compactMap { $0 }.first(where: \.keepsTakingAfterTrap) }
        if let waiting, mayWindDown() { waiting.windDownAfterTrap() }
    }

    /// Counted without a lock: a reply loop asks, and the slots' lock is held while a worker starts.
    func mayWindDown() -> Bool {
        var current = windingDown.load(ordering: .relaxed)
        while current < slotCount {
            let (exchanged, seen) = windingDown.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = seen
        }
        return false
    }

    private func makeWorker() throws -> ExtensionWorker {
        launch.starting()
        let index = started.add(1, ordering: .relaxed).oldValue
        return try ExtensionWorker(
            launch: launch, replyLoop: launch.replyLoops[index % launch.replyLoops.count],
            endedBeforeReady: { [weak self] in self?.countUserThreads() },
            mayWindDown: { [weak self] in self?.mayWindDown() ?? false },
            windDownEnded: { [weak self] in self?.windDownEnded() },
            rerun: { [weak self] orphans in self?.rerun(orphans) })
    }

    private func rerun(_ orphans: [ExtensionWorker.Pending]) {
        let now = MonotonicClock.now()
        reruns.withLock { reruns in
            reruns.count += orphans.count
            for orphan in orphans { reruns.maximumDelay = max(reruns.maximumDelay, now - min(now, orphan.sentAt)) }
        }
        // Sent from the queue for starts, not from where this is called (the dead worker's end, or a reply
        // loop hearing a decline): a pick may have to start a worker, which takes milliseconds.
        starts.async {
            for orphan in orphans { self.startPicking(orphan.input, answer: orphan.answer) }
        }
    }

    /// Worker processes that died (and were replaced, when more invocations came), of a crash or killed
    /// for their memory.
    var processDeaths: Int {
        allWorkers.filter {
            !$0.isAlive && !$0.endedNormally && !$0.killedAtEnd && !$0.unresponsive && $0.wasReady
        }.count
    }

    /// Waits until every worker started so far said it was ready or ended, at most `limit` nanoseconds,
    /// and no longer than `stopping` (looked at every 100 ms: a Ctrl-C) says; whether they all did. The
    /// run starts its load after this: a process still starting (tens of milliseconds on a busy machine)
    /// would hold the first invocations sent to it in its pipe, and their queued time would be the
    /// harness's start-up counted as the phone's.
    func waitUntilReady(within limit: UInt64, stopping: () -> Bool = { false }) -> Bool {
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: limit))
        for worker in allWorkers {
            while !worker.waitUntilSettled(until: min(deadline, .now() + .milliseconds(100))) {
                if stopping() || DispatchTime.now() >= deadline { return false }
            }
        }
        return true
    }

    /// How long the run waits for its workers to be ready before it starts its load regardless: far
    /// beyond a start (a process, the extension's library loaded), short of hiding a hung one.
    static let readyLimit: UInt64 = 10_000_000_000

    /// Worker processes that said they were ready, ended since or not.
    var processesReady: Int { allWorkers.filter(\.wasReady).count }

    /// Worker processes that ended before they were ready (a failed setup): the harness's failures.
    var failedStarts: Int { allWorkers.filter { !$0.isAlive && !$0.wasReady && !$0.killedAtEnd }.count }

    /// Worker processes that did not end within ``Launch/exitLimit`` of their input's end and were killed.
    var processesKilledAtEnd: Int { allWorkers.filter(\.killedAtEnd).count }

    /// Worker processes killed and replaced because they stopped answering (``Launch/answerLimit``).
    var processesUnresponsive: Int { allWorkers.filter(\.unresponsive).count }

    /// Invocations recorded as lost because their process never answered within ``Launch/answerLimit``.
    var unansweredInvocations: Int { allWorkers.map(\.unanswered).reduce(0, +) }

    /// Invocations sent to a worker and not yet answered.
    var inFlight: Int { allWorkers.map(\.inFlight).reduce(0, +) }

    /// Worker processes that ended normally without sending their figures: their CPU, memory and lateness
    /// are missing from the run's.
    var processesWithoutFigures: Int { allWorkers.filter { $0.endedNormally && !$0.sentFigures }.count }

    /// Worker processes killed because their heap passed the memory limit (``WorkerMemoryWatch``).
    var memoryKills: Int { allWorkers.filter { $0.memoryKill != nil }.count }

    /// The largest footprint charged to an invocation of a worker killed for its memory; 0 for none.
    var memoryKillFootprint: Int { allWorkers.compactMap(\.memoryKill).max() ?? 0 }

    private var allWorkers: [ExtensionWorker] {
        slots.withLock { $0.workers.compactMap { $0 } } + retired.withLock { $0 }
    }

    /// Runs `input` in a worker; a record always comes back.
    func invoke(_ input: InvocationInput) async -> InvocationRecord {
        await withCheckedContinuation { continuation in start(input) { continuation.resume(returning: $0) } }
    }

    /// Sends `input` to a worker; `answer` gets its record, once, on the thread that learns it (the
    /// worker's reply loop, the thread that sees the worker end, the sweep, or where the invocation is
    /// found lost). Nothing waits here: a caller parked on `answer` holds no frame with the input or the
    /// record in it. The request is sent here when a worker is free to take it (never waiting for room in
    /// its pipe: ``PipeWriter``); when one must be started first, from the queue for starts.
    func start(_ input: InvocationInput, answer: @escaping @Sendable (InvocationRecord) -> Void) {
        if let live = pickWithoutStarting(), live.send(input, answer: answer) { return }
        // A worker must be started first (milliseconds), or the one picked died before it took the
        // invocation: on the queue for starts, off the invoking thread.
        starts.async { self.startPicking(input, answer: answer) }
    }

    /// ``start(_:answer:)``'s way when a worker must be picked with starts allowed: on ``starts``.
    private func startPicking(_ input: InvocationInput, answer: @escaping @Sendable (InvocationRecord) -> Void) {
        while true {
            let worker: ExtensionWorker
            do {
                worker = try pick()
            } catch {
                // A process that could not be started (fork refused: the limit's plainest sign), counted
                // here, outside the pool's lock: reading /proc takes a while. Not once the pool gave up
                // starting them (each invocation from then on lands here; those failures were counted as
                // they ended), nor when it is finishing.
                if !(error is Finishing || error is StartsFailed) { countUserThreads() }
                return answer(
                    .lost(
                        input, to: .noExtensionProcess, detail: "\(error)", now: MonotonicClock.now(),
                        deadline: input.arrival + launch.timeBudget))
            }
            // A worker that died between the pick and the send takes nothing: pick again.
            if worker.send(input, answer: answer) { return }
        }
    }

    /// Ends every worker's input and waits for their figures. No worker starts after this begins: an
    /// invocation that would need one (run again after a crash in the run's last moments) is recorded
    /// as lost to the harness instead of left in a process no one waits for.
    func finish() -> [WorkerFigures] {
        slots.withLock { $0.finishing = true }
        let workers = allWorkers
        for worker in workers { worker.closeInput() }
        // One deadline for all: waiting the limit for each in turn added up.
        let deadline = DispatchTime.now() + .nanoseconds(Int(clamping: launch.exitLimit))
        let ended = workers.map { ($0, $0.waitForExit(until: deadline)) }
        let spans = ended.map { worker, figures in
            PeakAtOnce.Span(
                start: worker.startedAt, end: worker.endedAt ?? MonotonicClock.now(),
                peak: figures?.peakResidentBytes ?? 0)
        }
        peakAtOnce.withLock { $0 = PeakAtOnce.bytes(of: spans) }
        sweepEnd.signal()
        return ended.compactMap(\.1)
    }

    /// The most resident memory the workers can have held together (``PeakAtOnce``), in bytes, once
    /// ``finish()`` has waited for them; nil before. Workers that replaced one another count once.
    var peakResidentBytesAtOnce: Int? { peakAtOnce.withLock { $0 } }

    /// The pipes the run made for its workers, as `/proc/self/fd` names them (`pipe:[inode]`): how a test
    /// sees that an ended worker's are closed.
    var pipeInodes: Set<String> { Set(allWorkers.flatMap(\.pipes)) }

    /// The least loaded worker when every slot has a live one and the slots are free within a few tries;
    /// nil when a worker must be started first, the pool is finishing, or another caller holds the slots
    /// (a start may take milliseconds): ``pick()`` then runs off the invoking thread.
    private func pickWithoutStarting() -> ExtensionWorker? {
        // A few tries: the slots are held for a pick (well under a microsecond) far more often than for a
        // start, and the run's loops send at once. Taken at the first try only, a burst of 5,000 sent
        // from two loops went through the queue for starts often enough to take 64 of the 801 samples
        // the run's process spent sending it (perf, issue #11).
        for _ in 0..<Self.pickTries {
            let picked = slots.withLockIfAvailable { slots -> ExtensionWorker? in
                guard !slots.finishing else { return nil }
                var least: ExtensionWorker?
                for slot in slots.workers {
                    guard let worker = slot, worker.isTaking else { return nil }
                    if let current = least, current.inFlight <= worker.inFlight { continue }
                    least = worker
                }
                return least
            }
            // nil: the lock was busy, try again; nil inside: taken, and no live worker to pick.
            if let picked { return picked }
        }
        return nil
    }

    /// How many times ``pickWithoutStarting()`` tries the slots' lock.
    static let pickTries = 64

    /// The least loaded live worker, replacing dead ones and those that take no more (a trap's); none
    /// once the pool is finishing.
    private func pick() throws -> ExtensionWorker {
        try slots.withLock { slots throws -> ExtensionWorker in
            guard !slots.finishing else { throw Finishing() }
            for index in slots.workers.indices where slots.workers[index]?.isTaking != true {
                if let dead = slots.workers[index] {
                    retired.withLock { $0.append(dead) }
                    slots.failedStarts = dead.wasReady ? 0 : slots.failedStarts + 1
                }
                // Emptied first: a spawn that fails, or no spawn, must not leave it to be retired again.
                slots.workers[index] = nil
                guard slots.failedStarts < Self.startAttempts else { throw StartsFailed() }
                slots.workers[index] = try makeWorker()
            }
            let live = slots.workers.compactMap { $0 }
            return live.min { $0.inFlight < $1.inFlight } ?? live[0]
        }
    }
}

extension ExtensionWorkerPool {
    /// Why the pool distorted the run, if it did: invocations recorded as crashed without knowing they
    /// caused it, processes whose figures never came, or invocations run again later than the harness's
    /// error budget allows (``rerunLateness(_:timeScale:deadline:)``).
    static func problems(_ pool: ExtensionWorkerPool, timeScale: Double, deadline: UInt64) -> [String] {
        var problems: [String] = []
        if pool.lostInvocations > 0 {
            problems.append(
                "\(pool.lostInvocations) invocations were recorded as crashed with an extension process that "
                    + "crashed on a thread nse-bench could not attribute; phones lose only the crashing "
                    + "notification")
        }
        let silent = pool.processesWithoutFigures
        if silent > 0 {
            problems.append(
                "\(silent) extension \(silent == 1 ? "process" : "processes") ended without sending \(silent == 1 ? "its" : "their") "
                    + "own figures: \(silent == 1 ? "its" : "their") timer lateness is missing from the self-check, "
                    + "and harness_cpu_s and peak_rss_bytes count \(silent == 1 ? "its" : "their") CPU and memory as "
                    + "/proc last showed them")
        }
        let failedStarts = pool.failedStarts
        if failedStarts > 0 {
            problems.append(
                "\(failedStarts) extension \(failedStarts == 1 ? "process" : "processes") ended before "
                    + "\(failedStarts == 1 ? "it was ready (its" : "they were ready (their") messages are in extension-stderr.log)"
            )
        }
        let unresponsive = pool.processesUnresponsive
        if unresponsive > 0 {
            problems.append(
                "\(unresponsive) extension \(unresponsive == 1 ? "process" : "processes") stopped answering "
                    + "(\(pool.unansweredInvocations) \(pool.unansweredInvocations == 1 ? "invocation" : "invocations") got "
                    + "no record in time) and "
                    + "\(unresponsive == 1 ? "was" : "were") killed and replaced: what \(unresponsive == 1 ? "it" : "they") "
                    + "held is lost to the harness")
        }
        let killed = pool.processesKilledAtEnd
        if killed > 0 {
            problems.append(
                "\(killed) extension \(killed == 1 ? "process" : "processes") did not end within "
                    + "\(FixedPoint.text(Double(pool.launch.exitLimit) / 1e9, places: 1)) s of the run's end and \(killed == 1 ? "was" : "were") killed: "
                    + "\(killed == 1 ? "its" : "their") timer lateness is missing, and \(killed == 1 ? "its" : "their") "
                    + "CPU and memory count as /proc last showed them")
        }
        // Counted only when a process failed to start or stopped answering.
        if let limit = threadLimitProblem(pool.userThreadsAtFailure) { problems.append(limit) }
        if let error = pool.threadsSeen.withLock({ $0.uncountable }) {
            problems.append("this user's threads could not be counted against their limit (ulimit -u): \(error)")
        }
        if let late = rerunLateness(pool, timeScale: timeScale, deadline: deadline) { problems.append(late) }
        return problems
    }

    /// Why extension processes failed to start or stopped answering when this user's threads were near
    /// the system's limit on them (`seen`, counted then); nil when they were not.
    static func threadLimitProblem(_ seen: UserThreadUsage?) -> String? {
        guard let seen, seen.isNearLimit else { return nil }
        return "this user held \(seen.threads) threads of the \(seen.limit) the system allows it (ulimit -u) when "
            + "an extension process failed to start or stopped answering: a process that cannot start a thread "
            + "stops running its Swift tasks, so the limit, not the extension, is the likely cause; raise "
            + "ulimit -u, or run fewer --extension-processes"
    }

    /// Why the invocations run again after a crash were late beyond the harness's error budget (judged in
    /// unscaled time against the larger of 5 ms and 1% of `deadline`); nil when they were not.
    static func rerunLateness(_ pool: ExtensionWorkerPool, timeScale: Double, deadline: UInt64) -> String? {
        let limit = max(5_000_000, Double(deadline) / 100)
        let delay = Double(pool.rerunDelayMaximum) / timeScale
        guard pool.rerunInvocations > 0, delay > limit else { return nil }
        return "\(pool.rerunInvocations) invocations were run again after their shared process died under another "
            + "invocation (a crash, or killed for its memory), up to \(FixedPoint.text(delay / 1e6, places: 1)) ms late (limit "
            + "\(FixedPoint.text(limit / 1e6, places: 1)) ms); more --extension-processes share each "
            + "process among fewer invocations"
    }
}
