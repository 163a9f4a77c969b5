import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import Synchronization

/// One worker process and the invocations it holds.
///
/// `@unchecked Sendable`: `process`, `input` and `output` are set in init and then only read (`output`
/// only by its reply loop, which reads it, then by the thread that waits for the process's end, which
/// closes it once the loop no longer watches it); everything that changes lives in `state`, a `Mutex`,
/// and `input` guards its own descriptor.
///
/// A worker holds no descriptor once its process has ended (its log's is closed once the process has its
/// own copy, its pipes when it ends): the pool keeps ended workers for their figures, and a run whose
/// extension crashes thousands of times must not run out of descriptors.
final class ExtensionWorker: @unchecked Sendable {
    /// An invocation sent to the process and not yet answered. A class: the table of those a worker
    /// holds moved each input (hundreds of bytes) whenever it grew, 53 of the 801 samples the run's
    /// process spent while it sent the first 5,000 requests of `--concurrency 5000` (perf, issue #11).
    final class Pending: Sendable {
        let input: InvocationInput
        /// Called once, with its record.
        let answer: @Sendable (InvocationRecord) -> Void
        let sentAt: UInt64

        init(input: InvocationInput, answer: @escaping @Sendable (InvocationRecord) -> Void, sentAt: UInt64) {
            self.input = input
            self.answer = answer
            self.sentAt = sentAt
        }
    }

    /// A trap in an invocation's code (``WorkerReply/trapped(id:signal:stack:)``).
    private struct Trap {
        var signal: Int32
        var stack: CrashStack?
        /// The error log's size when the trap was reported.
        var errorLogEnd: Int?
    }

    private struct State {
        var pending: [Int: Pending] = [:]
        var alive = true
        var figures: WorkerFigures?
        /// The invocation the crash reporter named; -1 for an unmarked thread.
        var crashedID: Int?
        /// Where in the extension's libraries it crashed, as the crash reporter read it.
        var crashStack: CrashStack?
        /// The error log's size when that crash was reported.
        var crashLogEnd: Int?
        /// Invocations whose code trapped, the thread held and the process going on, until their record
        /// comes: the signal, and where the reporter read the stack.
        var trapped: [Int: Trap] = [:]
        /// How many invocations' code trapped here.
        var traps = 0
        /// Traps after which it kept taking invocations, as enough processes were winding down.
        var trapsKeptTaking = 0
        /// Whether it winds down after a trap, counted by the pool until it ends.
        var windingDownAfterTrap = false
        var lost = 0
        var endedNormally = false
        /// Whether the run closed its input: only then is an exit with status 0 its normal end.
        var inputClosed = false
        /// The footprint charged to each invocation when the worker was killed for its memory.
        var memoryKill: Int?
        /// Killed because it did not end within the limit after its input was closed.
        var killedAtEnd = false
        /// Invocations recorded as lost because no record came within the answer limit.
        var unanswered = 0
        /// Whether it said it was ready (``WorkerReply/ready``).
        var ready = false
        /// Stopped answering: an invocation it held passed the answer limit. It takes no more and is killed.
        var unresponsive = false
        /// Its CPU seconds and peak resident bytes as last read from /proc (each second, and when its
        /// output ends): what counts for a process that dies without sending its own figures.
        var lastUsage: (cpuSeconds: Double, peakResidentBytes: Int)?
        /// When its end was seen, on the monotonic clock.
        var endedAt: UInt64?
        /// Its replies could not be read (a failed read, or its loop would not watch them).
        var unreadable = false
    }

    private let process: Process
    private let input: PipeWriter
    private let output: FileHandle
    private let state = Mutex(State())
    private let exited = DispatchSemaphore(value: 0)
    /// Signalled when it says it is ready, and when it ends (ready or not): what ``waitUntilSettled(until:)``
    /// waits for.
    private let settled = DispatchSemaphore(value: 0)
    /// Signalled once its reply loop has read the end of its output, or could not read it.
    private let outputEnded = DispatchSemaphore(value: 0)
    private let timeBudget: UInt64
    private let crashSite: @Sendable (CrashStack, _ errorLogEnd: Int?) -> String?
    /// The extension processes' standard error, shared by every worker of the run.
    private let errorLog: String
    private let rerun: @Sendable ([Pending]) -> Void
    /// Called when it ended before it was ready (not killed at the run's end), before the invocations it
    /// held end: what the run then says of them is complete.
    private let endedBeforeReady: @Sendable () -> Void
    /// Asked after a trap: whether it may take no more invocations and wind down (false when enough
    /// processes already do: each trap would otherwise add one while the others finish).
    private let mayWindDown: @Sendable () -> Bool
    /// Called when a worker that ``mayWindDown`` let wind down has ended.
    private let windDownEnded: @Sendable () -> Void
    /// Its two pipes (its input's and its output's) as `/proc/self/fd` names them, `pipe:[inode]`.
    let pipes: [String]
    /// When it was started, on the monotonic clock.
    let startedAt = MonotonicClock.now()
    /// When its end was seen, on the monotonic clock; nil while it runs.
    var endedAt: UInt64? { state.withLock { $0.endedAt } }

    /// Starts the process; its replies are read on `replyLoop`.
    init(
        launch: ExtensionWorkerPool.Launch, replyLoop: EventLoop, endedBeforeReady: @escaping @Sendable () -> Void = {},
        mayWindDown: @escaping @Sendable () -> Bool = { true }, windDownEnded: @escaping @Sendable () -> Void = {},
        rerun: @escaping @Sendable ([Pending]) -> Void
    ) throws {
        self.rerun = rerun
        self.mayWindDown = mayWindDown
        self.windDownEnded = windDownEnded
        self.endedBeforeReady = endedBeforeReady
        let process = Process()
        process.executableURL = launch.executable
        process.arguments = ["extension-worker"] + launch.arguments
        process.environment = WorkerEnvironment.forWorker(
            inheriting: ProcessInfo.processInfo.environment, cores: ProcessResources.cores, extra: launch.environment)
        // Close-on-exec pipes: another process started meanwhile (by another pool) must not hold this
        // one's output open after it ended.
        let stdin = try CloseOnExecPipe()
        let stdout = try CloseOnExecPipe()
        // Requests wait in the input pipe until the worker's loop takes them. On a saturated machine that
        // loop can be without CPU for tens of milliseconds; a 64 KiB pipe then fills (about 90 requests)
        // and what does not fit waits in the run (``PipeWriter``), written by a thread woken for it.
        // 256 KiB holds four times as much. Only this pipe, and not more: a user's pipes beyond
        // /proc/sys/fs/pipe-user-pages-soft (64 MiB by default) are all made with 8 KiB, which 2 MiB a
        // worker reached at 32 workers.
        do {
            try stdin.setCapacity(Self.inputPipeCapacity)
        } catch {
            // A lowered /proc/sys/fs/pipe-max-size: the default capacity still works, with requests
            // waiting in the run more often.
        }
        // Never a blocking write: the `run` loop that sends the requests also reads the replies, which
        // the worker's loop may be waiting to write.
        let input = try PipeWriter(stdin.writing, label: "nse-bench-worker-input")
        // Appending: each worker has its own descriptor on the log, and without O_APPEND each wrote at
        // its own offset, over what the others had written.
        let log = FileHandle(fileDescriptor: try Posix.openForAppending(launch.errorLog.path), closeOnDealloc: true)
        process.standardInput = stdin.reading
        process.standardOutput = stdout.writing
        process.standardError = log
        try process.runWhenNotBusy()
        // The process has its own copies now; the worker, kept for its figures after it ends, keeps none.
        for handle in [stdin.reading, stdout.writing, log] { CloseOnExecPipe.closeChildEnd(handle) }
        self.process = process
        self.input = input
        pipes = [stdin.writing, stdout.reading].compactMap { handle in
            Posix.fileStatus("/proc/self/fd/\(handle.fileDescriptor)").map { "pipe:[\($0.inode)]" }
        }
        self.output = stdout.reading
        self.timeBudget = launch.timeBudget
        self.crashSite = launch.crashSite
        errorLog = launch.errorLog.path
        // The wait for its end (Foundation's `Process` offers only a blocking one) has a thread of its own,
        // idle until its output ends; its replies are read on the loop.
        do {
            try launch.startThread("nse-bench-worker-end") { [self] in
                // A loop that stopped (a failed system call, or shut down while the worker ran) drops its
                // watch without a word: the output's end would never be told, and the run would wait for
                // this worker for ever. Its replies are then unreadable, and it is ended as such.
                while outputEnded.wait(timeout: .now() + .seconds(1)) == .timedOut {
                    guard replyLoop.hasStopped else { continue }
                    state.withLock { $0.unreadable = true }
                    break
                }
                end()
            }
        } catch {
            // Its end would never be seen: the process is ended, and no invocation is sent to it.
            kill()
            throw RunError.setup("could not start the thread that waits for an extension process's end: \(error)")
        }
        do throws(EventLoopError) {
            try replyLoop.execute { [self] in
                do throws(EventLoopError) {
                    try LoopLineReader.start(
                        output.fileDescriptor, on: replyLoop, line: { [self] line in received(line) },
                        ended: { [self] error in outputDone(readable: error == nil) })
                } catch {
                    outputDone(readable: false)
                }
            }
        } catch {
            // The loop is shutting down: the thread waiting for the end ends the process.
            outputDone(readable: false)
        }
    }

    /// Its output ended, or could not be read (`readable` false): the thread waiting for its end goes on.
    private func outputDone(readable: Bool) {
        if !readable { state.withLock { $0.unreadable = true } }
        outputEnded.signal()
    }

    /// One line of its output, on its reply loop.
    private func received(_ line: ArraySlice<UInt8>) {
        do {
            handle(try WorkerWire.message(WorkerReply.self, from: line))
        } catch {
            // Not a reply: the head of one cut short by the crash whose report follows it on its own
            // line. The crash accounts for the invocation.
        }
    }

    /// The capacity asked for a worker's input pipe: 256 KiB.
    static let inputPipeCapacity = 1 << 18

    /// Running, answering, and taking invocations: a worker that stopped answering, or that is dying for
    /// its memory (it declines what it is sent until it ends, up to ``Jetsam/reportingLimit``), is replaced
    /// as a dead one is.
    var isAlive: Bool { state.withLock { $0.alive && !$0.unresponsive && $0.memoryKill == nil } }
    /// Whether it takes invocations: alive, and its input still open (closed after a trap, or at the end).
    var isTaking: Bool { state.withLock { $0.alive && !$0.inputClosed && !$0.unresponsive && $0.memoryKill == nil } }
    /// How many invocations' code trapped here, each ending alone.
    var traps: Int { state.withLock { $0.traps } }
    /// Traps after which it kept taking invocations (``ExtensionWorkerPool/mayWindDown()``).
    var trapsKeptTaking: Int { state.withLock { $0.trapsKeptTaking } }
    /// Whether a thread of its is held after a trap while it still takes invocations.
    var keepsTakingAfterTrap: Bool {
        state.withLock { $0.trapsKeptTaking > 0 && $0.alive && !$0.inputClosed && !$0.windingDownAfterTrap }
    }

    /// Takes no more invocations and ends once those it holds are done: a trap's thread is held in it
    /// (``ExtensionWorkerPool/mayWindDown()`` allowed it).
    func windDownAfterTrap() {
        state.withLock { $0.windingDownAfterTrap = true }
        closeInput()
    }
    /// Whether it said it was set up and reading requests.
    var wasReady: Bool { state.withLock { $0.ready } }
    /// Whether it was killed for not answering.
    var unresponsive: Bool { state.withLock { $0.unresponsive } }
    var inFlight: Int { state.withLock { $0.pending.count } }
    /// Invocations recorded as crashed with the process without knowing they caused it.
    var lost: Int { state.withLock { $0.lost } }
    /// Whether its figures came (``WorkerReply/figures(_:)``).
    var sentFigures: Bool { state.withLock { $0.figures != nil } }
    /// Whether it exited with status 0 after its input ended.
    var endedNormally: Bool { state.withLock { $0.endedNormally } }
    /// The footprint charged to each of its invocations when it was killed for its memory; nil if it was not.
    var memoryKill: Int? { state.withLock { $0.memoryKill } }
    /// Whether it was killed for not ending after its input was closed.
    var killedAtEnd: Bool { state.withLock { $0.killedAtEnd } }
    /// Invocations recorded as lost because it never answered them in time.
    var unanswered: Int { state.withLock { $0.unanswered } }

    /// Ends, as lost to the harness, the invocations sent to it whose records are more than
    /// `answerLimit` past their arrival: the process is alive, or its end was not seen, and never
    /// answered. A record that comes later finds no one waiting and is dropped.
    /// `stopped` is called when this sweep finds it stopped answering (and kills it), before the overdue
    /// invocations end: what the run says of them is complete once they have.
    func expireOverdue(now: UInt64, answerLimit: UInt64, stopped: () -> Void = {}) {
        readUsage()
        let (overdue, kill) = state.withLock { state -> ([Pending], Bool) in
            let late = state.pending.values.filter { now > $0.input.arrival &+ answerLimit }
            for pending in late { state.pending[pending.input.id] = nil }
            state.unanswered += late.count
            // A process that lost one answer may lose every one sent to it: it takes no more, and what
            // it still holds ends with it. Killed only while it runs (an ended one's pid may be reused).
            guard !late.isEmpty, state.alive, !state.unresponsive else { return (late, false) }
            state.unresponsive = true
            return (late, true)
        }
        if kill {
            // Counted first: the count should hold the threads this process held when it stopped.
            stopped()
            ProcessResources.killOutright(process.processIdentifier)
        }
        let seconds = FixedPoint.text(Double(answerLimit) / 1e9, places: 1)
        for pending in overdue {
            pending.answer(
                .lost(
                    pending.input, to: .recordLost,
                    detail:
                        "extension process \(process.processIdentifier) sent none within \(seconds) s of its arrival",
                    now: now, deadline: pending.input.arrival + timeBudget))
        }
    }

    /// Sends `invocation` to the process, whose record `answer` gets once it comes (or the process's
    /// fate, when it ends first); false when the process had died before it took it, or is dying for its
    /// memory (`answer` is then not called).
    func send(_ invocation: InvocationInput, answer: @escaping @Sendable (InvocationRecord) -> Void) -> Bool {
        let line = WorkerWire.line(WorkerRequest(invocation))
        let accepted = state.withLock { state -> Bool in
            // One dying for its memory would only decline it, and the least loaded again once its held
            // invocations end: picked again and again until it dies.
            guard state.alive, !state.inputClosed, !state.unresponsive, state.memoryKill == nil else { return false }
            state.pending[invocation.id] = Pending(input: invocation, answer: answer, sentAt: MonotonicClock.now())
            return true
        }
        guard accepted else { return false }
        if input.send(line) { return true }
        // Not written: its input was closed meanwhile (a trap's wind-down: it never reached the process,
        // and is picked again), or the process is gone (its end answers it, unless it ended before this
        // was held, when it is picked again too).
        return state.withLock { $0.pending.removeValue(forKey: invocation.id) == nil }
    }

    func closeInput() {
        state.withLock { $0.inputClosed = true }
        input.close()
    }

    /// Ends the process at once, before it was given anything: the run could not read its replies or
    /// watch it. Its pipes close with it (and with this worker).
    func kill() {
        input.closeNow()
        ProcessResources.killOutright(process.processIdentifier)
    }

    /// Reads its CPU and peak memory from /proc while it is there to read.
    private func readUsage() {
        do {
            let usage = try ProcessResources.usage(ofProcess: process.processIdentifier)
            state.withLock { $0.lastUsage = usage }
        } catch {
            // Gone (reaped): the last reading stands.
        }
    }

    /// Waits for the process to end, killing it if it has not by `deadline`; its figures, or for a
    /// process that died without sending them (a crash, a kill), its CPU and peak memory as last read.
    func waitForExit(until deadline: DispatchTime) -> WorkerFigures? {
        if exited.wait(timeout: deadline) == .timedOut {
            // Only a process still running is killed: one that ended meanwhile may have been reaped,
            // and its pid reused.
            let running = state.withLock { state -> Bool in
                guard state.alive else { return false }
                state.killedAtEnd = true
                return true
            }
            if running {
                // Read while it still runs: once killed, it may be reaped (Foundation's `Process` reaps
                // its children as they end) before the thread that sees its end gets to /proc, and a process that never
                // sent its figures would then count no CPU at all (measured: 2 of 6 runs of the test
                // beside two busy loops lost one of three killed processes' figures).
                readUsage()
                ProcessResources.killOutright(process.processIdentifier)
            }
            exited.wait()
        }
        exited.signal()
        return state.withLock { state in
            state.figures
                ?? state.lastUsage.map {
                    WorkerFigures(
                        timerLatenessP99: 0, transportLagP99: 0, dispatchLagP99: 0, cpuSeconds: $0.cpuSeconds,
                        peakResidentBytes: $0.peakResidentBytes)
                }
        }
    }

    /// After its output ended (on the thread that waits for that): waits for the process to end, and
    /// ends the invocations it still held with its fate.
    private func end() {
        // A pipe read fails only with a bad descriptor or buffer, and a loop refuses to watch it only
        // while shutting down: the harness's fault. Its replies can no longer be read, so the process is
        // ended (it could block on a full pipe for ever) and what it held is lost to the harness, as
        // with one that stopped answering. Killed only while it runs (an ended one's pid may be reused).
        let running = state.withLock { state -> Bool in
            guard state.unreadable, state.alive, !state.unresponsive else { return false }
            state.unresponsive = true
            return true
        }
        if running { kill() }
        // Its output ended: it is exiting, and may still be readable in /proc.
        readUsage()
        process.waitUntilExit()
        // Nothing more to read or send: the ended worker, kept for its figures, keeps no descriptor.
        input.closeNow()
        do {
            try output.close()
        } catch {
            // Linux releases the descriptor whatever close(2) reports.
        }
        let reason =
            process.terminationReason == .uncaughtSignal
            ? "the extension's process died of signal \(process.terminationStatus) (\(Self.signalName(process.terminationStatus)))"
            : "the extension's process exited with status \(process.terminationStatus)"
        let signal =
            process.terminationReason == .uncaughtSignal
            ? "signal \(process.terminationStatus), \(Self.signalName(process.terminationStatus, briefly: true))"
            : "exit status \(process.terminationStatus)"
        let normal = process.terminationReason == .exit && process.terminationStatus == 0
        // Where it crashed is said for the invocation the reporter named, or, when the crash was on a thread
        // of no invocation's, for every one the process held: each crashed of it, whichever one's code made
        // the thread (named for the only one, the place came and went with how many the process held). Never
        // for one blamed in another's place: those run again.
        let (crashed, others, unanswered, stack, trappedLeft) = state.withLock {
            state -> ([Pending], [Pending], [Pending], CrashStack?, [(Pending, Trap)]) in
            state.alive = false
            state.endedAt = MonotonicClock.now()
            // Status 0 before its input ended is the extension's own exit(): a death like a crash.
            state.endedNormally = normal && state.inputClosed && state.crashedID == nil
            defer { state.pending = [:] }
            let all = Array(state.pending.values)
            // Ended by the harness (killed at the run's end) or ended when told to without answering:
            // what it still held is the harness's loss, not a crash of the extension.
            // Ended before it was ready: its setup failed, not the extension.
            if state.killedAtEnd || state.endedNormally || state.unresponsive || !state.ready {
                return ([], [], all, nil, [])
            }
            // Killed for its memory: the worker reported every invocation it had started, so what is
            // left never started there and runs in another process.
            if state.memoryKill != nil { return ([], all, [], nil, []) }
            // Invocations whose code trapped and whose record never came (the process died meanwhile):
            // crashed, each where it trapped.
            let trapped = state.trapped.compactMap { id, trap in state.pending[id].map { ($0, trap) } }
            let rest = all.filter { state.trapped[$0.input.id] == nil }
            // The crash reporter named the crashing invocation: only it crashed, the rest run again.
            if let id = state.crashedID, let culprit = state.pending[id], state.trapped[id] == nil {
                return ([culprit], rest.filter { $0.input.id != id }, [], state.crashStack, trapped)
            }
            // Died of a trap after all (its thread could not be held), or of nothing it named: the others
            // did not crash.
            if !trapped.isEmpty, state.crashedID != -1 { return ([], rest, [], nil, trapped) }
            state.lost = rest.count > 1 ? rest.count - 1 : 0
            return (rest, [], [], state.crashedID == -1 ? state.crashStack : nil, trapped)
        }
        let (ready, killedAtEnd, windingDownAfterTrap) = state.withLock {
            ($0.ready, $0.killedAtEnd, $0.windingDownAfterTrap)
        }
        if !ready && !killedAtEnd { endedBeforeReady() }
        let now = MonotonicClock.now()
        for pending in unanswered {
            pending.answer(
                ready
                    ? .lost(
                        pending.input, to: .recordLost, detail: "\(reason) without answering it", now: now,
                        deadline: pending.input.arrival + timeBudget)
                    : .lost(
                        pending.input, to: .noExtensionProcess,
                        detail: "\(reason) before it was ready (its messages are in extension-stderr.log)", now: now,
                        deadline: pending.input.arrival + timeBudget))
        }
        if !others.isEmpty { rerun(others) }
        // Named after the others were sent on: a stack's first naming takes tens of milliseconds (at most
        // the symbolizer's patience, 3 s); the crashed record's time was taken before.
        let crashLogEnd = state.withLock { $0.crashLogEnd }
        let site = stack.flatMap { crashSite($0, crashLogEnd) }
        for pending in crashed {
            pending.answer(
                .processDied(
                    pending.input, reason: site.map { "the extension crashed \($0) (\(signal))" } ?? reason, now: now,
                    deadline: pending.input.arrival + timeBudget))
        }
        for (pending, trap) in trappedLeft {
            pending.answer(
                .processDied(
                    pending.input,
                    reason: Self.trapReason(
                        signal: trap.signal, site: trap.stack.flatMap { crashSite($0, trap.errorLogEnd) }),
                    now: now, deadline: pending.input.arrival + timeBudget))
        }
        if windingDownAfterTrap { windDownEnded() }
        exited.signal()
        settled.signal()
    }

    /// Waits until it said it was ready, or ended, or `deadline` passed; whether it did either.
    func waitUntilSettled(until deadline: DispatchTime) -> Bool {
        guard settled.wait(timeout: deadline) == .success else { return false }
        // Left signalled for any later wait.
        settled.signal()
        return true
    }

    private func handle(_ reply: WorkerReply) {
        switch reply {
        case .record(let record):
            let (waiting, trap) = state.withLock { state in
                (state.pending.removeValue(forKey: record.id), state.trapped.removeValue(forKey: record.id))
            }
            guard let waiting else { return }
            // A trap's record (crashed, or its outcome kept when it had delivered before) says where.
            guard let trap, record.crashReason != nil else { return waiting.answer(record) }
            // Named off the reply loop: a stack's first naming takes tens of milliseconds (at most the
            // symbolizer's patience, 3 s); the record's times were taken before.
            let crashSite = self.crashSite
            Self.naming.async {
                var named = record
                named.crashReason = Self.trapReason(
                    signal: trap.signal, site: trap.stack.flatMap { crashSite($0, trap.errorLogEnd) })
                waiting.answer(named)
            }
        case .trapped(let id, let signal, let stack):
            // Its other invocations run on; it takes no more (the trapped code may hold a lock, or have
            // left a singleton half changed), and ends once they are done.
            // A trap in code of an invocation already answered (work it left running) ends none, but its
            // thread is held all the same.
            let logEnd = Posix.fileStatus(errorLog)?.size
            let windsDown = state.withLock { state in
                if state.pending[id] != nil {
                    state.trapped[id] = Trap(signal: signal, stack: stack, errorLogEnd: logEnd)
                    state.traps += 1
                }
                return !state.inputClosed
            }
            guard windsDown else { return }
            if mayWindDown() {
                windDownAfterTrap()
            } else {
                state.withLock { $0.trapsKeptTaking += 1 }
            }
        case .crashed(let id, let stack):
            // The first report names the culprit: a later one comes from the process's teardown.
            let logEnd = Posix.fileStatus(errorLog)?.size
            state.withLock { state in
                if state.crashedID == nil {
                    state.crashedID = id
                    state.crashStack = stack
                    state.crashLogEnd = logEnd
                }
            }
        case .figures(let figures):
            state.withLock { $0.figures = figures }
        case .memoryExceeded(let footprint, _):
            state.withLock { $0.memoryKill = footprint }
        case .declined(let id):
            guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
            rerun([pending])
        case .ready:
            let first = state.withLock { state -> Bool in
                defer { state.ready = true }
                return !state.ready
            }
            if first { settled.signal() }
        case .rejected(let id, let reason):
            guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return }
            pending.answer(
                .lost(
                    pending.input, to: .noExtensionProcess, detail: "the worker rejected its request: \(reason)",
                    now: MonotonicClock.now(), deadline: pending.input.arrival + timeBudget))
        }
    }

    /// Where a trapped invocation's crash site is named before its record is answered: one at a time, as
    /// the symbolizer names one stack at a time, holding no more than this one thread meanwhile.
    private static let naming = DispatchQueue(label: "nse-bench-crash-naming")

    /// The reason of an invocation whose code trapped on `signal`, at `site` where it could be told.
    static func trapReason(signal: Int32, site: String?) -> String {
        guard let site else { return "the extension crashed: signal \(signal) (\(signalName(signal)))" }
        return "the extension crashed \(site) (signal \(signal), \(signalName(signal, briefly: true)))"
    }

    /// The signal's name and what it means for Swift code; `briefly`, the name alone.
    private static func signalName(_ signal: Int32, briefly: Bool = false) -> String {
        let (name, meaning): (String, String?) =
            switch signal {
            case 4:
                ("SIGILL", "a Swift runtime trap such as fatalError, a force-unwrapped nil or an index out of range")
            case 5: ("SIGTRAP", "a Swift runtime trap")
            case 6: ("SIGABRT", nil)
            case 7: ("SIGBUS", nil)
            case 9: ("SIGKILL", nil)
            case 11: ("SIGSEGV", "a bad memory access")
            default: ("signal \(signal)", nil)
            }
        guard !briefly, let meaning else { return name }
        return "\(name): \(meaning)"
    }
}
