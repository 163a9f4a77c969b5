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
/// Each invocation goes to the live worker with the fewest in flight. What a worker process shares
/// between the invocations it runs is what a reused extension process shares on a phone: statics,
/// singletons, `URLSession.shared`.
final class ExtensionWorkerPool: Sendable {
    /// How to start one worker.
    struct Launch: Sendable {
        var executable: URL
        var arguments: [String]
        /// Where the workers' standard error goes (a crash's message), appended to.
        var errorLog: URL
        /// The time budget on the run's clock: a died invocation's deadline.
        var timeBudget: UInt64
    }

    private let launch: Launch
    private let slots: Mutex<[ExtensionWorker?]>
    private let retired = Mutex<[ExtensionWorker]>([])

    /// Starts `count` workers.
    init(count: Int, launch: Launch) throws {
        self.launch = launch
        FileManager.default.createFile(atPath: launch.errorLog.path, contents: nil)
        var workers: [ExtensionWorker?] = []
        for _ in 0..<max(1, count) { workers.append(try ExtensionWorker(launch: launch)) }
        slots = Mutex(workers)
    }

    /// Worker processes that died (and were replaced, when more invocations came).
    var processDeaths: Int { allWorkers.filter { !$0.isAlive && !$0.endedNormally }.count }

    /// Invocations in flight in worker processes when they died: one of each death's is the crashing
    /// one; the others were simulated phones that shared its process, which no phone does.
    var orphanedInvocations: Int { allWorkers.map(\.orphans).reduce(0, +) }

    private var allWorkers: [ExtensionWorker] { slots.withLock { $0.compactMap { $0 } } + retired.withLock { $0 } }

    /// Runs `input` in a worker; a record always comes back.
    func invoke(_ input: InvocationInput) async -> InvocationRecord {
        let worker: ExtensionWorker
        do {
            worker = try pick()
        } catch {
            return .processDied(
                input, reason: "harness: no extension worker could be started: \(error)", now: MonotonicClock.now(),
                deadline: input.arrival + launch.timeBudget)
        }
        return await worker.invoke(input, timeBudget: launch.timeBudget)
    }

    /// Ends every worker's input and waits for their figures.
    func finish() -> [WorkerFigures] {
        let workers = allWorkers
        for worker in workers { worker.closeInput() }
        return workers.compactMap { $0.waitForExit() }
    }

    /// The least loaded live worker, replacing dead ones.
    private func pick() throws -> ExtensionWorker {
        try slots.withLock { slots throws -> ExtensionWorker in
            for index in slots.indices where slots[index]?.isAlive != true {
                if let dead = slots[index] { retired.withLock { $0.append(dead) } }
                slots[index] = try ExtensionWorker(launch: launch)
            }
            let live = slots.compactMap { $0 }
            return live.min { $0.inFlight < $1.inFlight } ?? live[0]
        }
    }
}

/// One worker process and the invocations it holds.
///
/// `@unchecked Sendable`: `process`, `input` and the reader thread are set in init and then only read;
/// everything that changes lives in `state`, a `Mutex`.
final class ExtensionWorker: @unchecked Sendable {
    private struct State {
        var pending: [Int: (InvocationInput, CheckedContinuation<InvocationRecord, Never>)] = [:]
        var alive = true
        var figures: WorkerFigures?
        var orphans = 0
        var endedNormally = false
    }

    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private let state = Mutex(State())
    private let exited = DispatchSemaphore(value: 0)
    private let timeBudget: UInt64

    init(launch: ExtensionWorkerPool.Launch) throws {
        let process = Process()
        process.executableURL = launch.executable
        process.arguments = ["extension-worker"] + launch.arguments
        var environment = ProcessInfo.processInfo.environment
        // A crash should end the process at once: the runtime's backtracer takes seconds per crash.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        let log = try FileHandle(forWritingTo: launch.errorLog)
        log.seekToEndOfFile()
        process.standardError = log
        try process.run()
        self.process = process
        self.input = stdin.fileHandleForWriting
        self.output = stdout.fileHandleForReading
        self.timeBudget = launch.timeBudget
        let reader = Thread { [self] in readReplies() }
        reader.name = "nse-bench-worker-reader"
        reader.start()
    }

    var isAlive: Bool { state.withLock { $0.alive } }
    var inFlight: Int { state.withLock { $0.pending.count } }
    /// Invocations in flight when the process died.
    var orphans: Int { state.withLock { $0.orphans } }
    /// Whether it exited with status 0 after its input ended.
    var endedNormally: Bool { state.withLock { $0.endedNormally } }

    func invoke(_ invocation: InvocationInput, timeBudget: UInt64) async -> InvocationRecord {
        await withCheckedContinuation { continuation in
            let line: Data
            do {
                line = try JSONEncoder().encode(WorkerRequest(invocation)) + Data([UInt8(ascii: "\n")])
            } catch {
                continuation.resume(
                    returning: .processDied(
                        invocation, reason: "harness: the invocation did not encode: \(error)",
                        now: MonotonicClock.now(), deadline: invocation.arrival + timeBudget))
                return
            }
            let accepted = state.withLock { state -> Bool in
                guard state.alive else { return false }
                state.pending[invocation.id] = (invocation, continuation)
                return true
            }
            guard accepted else {
                continuation.resume(
                    returning: .processDied(
                        invocation, reason: "the extension's process had died", now: MonotonicClock.now(),
                        deadline: invocation.arrival + timeBudget))
                return
            }
            do {
                try input.write(contentsOf: line)
            } catch {
                // The process is gone: the reader ends the invocation with the process's fate.
            }
        }
    }

    func closeInput() {
        do {
            try input.close()
        } catch {
            // Already closed: the process ended.
        }
    }

    /// Waits for the process to end; its figures, if it sent them.
    func waitForExit() -> WorkerFigures? {
        exited.wait()
        exited.signal()
        return state.withLock { $0.figures }
    }

    private func readReplies() {
        var buffer = Data()
        let decoder = JSONDecoder()
        while true {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                guard let reply = try? decoder.decode(WorkerReply.self, from: line) else { continue }
                handle(reply)
            }
        }
        process.waitUntilExit()
        let reason =
            process.terminationReason == .uncaughtSignal
            ? "the extension's process died of signal \(process.terminationStatus) (\(Self.signalName(process.terminationStatus)))"
            : "the extension's process exited with status \(process.terminationStatus)"
        let normal = process.terminationReason == .exit && process.terminationStatus == 0
        let orphans = state.withLock { state -> [(InvocationInput, CheckedContinuation<InvocationRecord, Never>)] in
            state.alive = false
            state.endedNormally = normal
            state.orphans = state.pending.count
            defer { state.pending = [:] }
            return Array(state.pending.values)
        }
        let now = MonotonicClock.now()
        for (invocation, continuation) in orphans {
            continuation.resume(
                returning: .processDied(invocation, reason: reason, now: now, deadline: invocation.arrival + timeBudget)
            )
        }
        exited.signal()
    }

    private func handle(_ reply: WorkerReply) {
        switch reply {
        case .record(let record):
            let waiting = state.withLock { $0.pending.removeValue(forKey: record.id) }
            waiting?.1.resume(returning: record)
        case .figures(let figures):
            state.withLock { $0.figures = figures }
        case .rejected(let id, let reason):
            guard let (invocation, continuation) = state.withLock({ $0.pending.removeValue(forKey: id) }) else {
                return
            }
            continuation.resume(
                returning: .processDied(
                    invocation, reason: "harness: the worker rejected the invocation: \(reason)",
                    now: MonotonicClock.now(), deadline: invocation.arrival + timeBudget))
        }
    }

    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case 4: "SIGILL: a Swift runtime trap such as fatalError, a force-unwrapped nil or an index out of range"
        case 5: "SIGTRAP: a Swift runtime trap"
        case 6: "SIGABRT"
        case 7: "SIGBUS"
        case 9: "SIGKILL"
        case 11: "SIGSEGV: a bad memory access"
        default: "signal \(signal)"
        }
    }
}
