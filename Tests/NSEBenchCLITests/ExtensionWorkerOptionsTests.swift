import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSEBenchTestSupport
import NSERuntime
import Synchronization
import Testing

@testable import NSEBenchCLI

@Suite struct ExtensionWorkerOptionsTests {
    /// The loop these tests' pools read their workers' replies on, as `run`'s transport loops do: one for
    /// the whole test process, never shut down (a worker's end may come after a test has returned); nil
    /// when it could not be started, which the tests that need it report.
    static let replyLoop: EventLoop? = {
        do {
            let loop = try EventLoop(name: "nseb-test-reply")
            try loop.start()
            return loop
        } catch {
            return nil
        }
    }()

    /// A pool of `count` script workers (``scriptWorker(_:ready:in:)``) logging into `directory`.
    func scriptPool(
        _ body: String, ready: Bool = true, count: Int = 1, in directory: TemporaryDirectory,
        timeBudget: UInt64 = 30_000_000_000, answerLimit: UInt64 = 40_000_000_000,
        exitLimit: UInt64 = 10_000_000_000,
        userThreads: (@Sendable () throws(SystemError) -> UserThreadUsage?)? = nil,
        starting: @escaping @Sendable () -> Void = {},
        crashSite: (@Sendable (CrashStack, Int?) -> String?)? = nil
    ) throws -> ExtensionWorkerPool {
        var launch = ExtensionWorkerPool.Launch(
            executable: try scriptWorker(body, ready: ready, in: directory), arguments: [],
            replyLoops: [try #require(Self.replyLoop)],
            errorLog: directory.url.appendingPathComponent("extension-stderr.log"), timeBudget: timeBudget,
            answerLimit: answerLimit, exitLimit: exitLimit)
        if let userThreads { launch.userThreads = userThreads }
        if let crashSite { launch.crashSite = crashSite }
        launch.starting = starting
        return try ExtensionWorkerPool(count: count, launch: launch)
    }

    /// `pool.finish()`, which waits for the workers to exit (seconds, for some of these), on a thread of
    /// its own: blocking one of the few threads Swift's concurrency runs the tests on held up the resumption
    /// of every other test's waits, timed ones among them.
    static func finish(_ pool: ExtensionWorkerPool) async -> [WorkerFigures] {
        await onOwnThread(named: "test-pool-finish") { pool.finish() }
    }

    /// `bytes` as `printf` octal escapes.
    static func octal(_ bytes: [UInt8]) -> String { bytes.map { "\\" + String($0, radix: 8) }.joined() }

    /// What each of this process's open descriptors refers to (`/proc/self/fd`): a path, or `pipe:[inode]`.
    func openDescriptorTargets() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
            // Nil for one closed since the listing (tests run in parallel): it holds nothing.
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")
        }
    }

    /// A plain payload's invocation of the built-in template, arriving now unless told: an arrival long
    /// past (the pool's answer limit counts from it) would be expired by the pool's next sweep.
    func templateInput(id: Int, arrival: UInt64 = MonotonicClock.now()) throws -> InvocationInput {
        InvocationInput(
            id: id, payload: NotificationPayload(alert: NotificationAlert(title: "t", body: "b")), arrival: arrival,
            extension: try BuiltInExtensions.named("template"))
    }

    /// An executable shell script in `directory` standing in for a worker: `body` is its whole behaviour,
    /// after it says it is ready unless `ready` is false (a worker whose setup failed).
    func scriptWorker(_ body: String, ready: Bool = true, in directory: TemporaryDirectory) throws -> URL {
        let script = directory.url.appendingPathComponent("worker-\(UUID().uuidString)")
        // The ready reply's exact bytes, as printf octal escapes.
        let say = ready ? "printf '\(Self.octal(WorkerWire.line(WorkerReply.ready)))'\n" : ""
        // Written close-on-exec: a process another test starts meanwhile must not inherit the descriptor,
        // or starting the script fails with "Text file busy" for as long as that process lives.
        try TextFile.write("#!/bin/sh\n\(say)\(body)\n", to: script.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test func theArgumentsRunGivesParseBackToTheSameWorker() throws {
        let settings = HostSettings(
            timeBudget: 3_000_000_000, gracePeriod: 200_000_000, windDown: 0, memoryLimit: 24 << 20, timeScale: 0.1)
        let arguments = ExtensionWorkerCommand.arguments(
            library: "/tmp/lib.so", name: "mine", container: "/tmp/c", scratch: "/tmp/s", settings: settings,
            caFile: "/tmp/ca.pem", tagRequests: true, receiveBufferBytes: 2_047)
        let parsed = try ArgumentParser.parse(arguments, for: ExtensionWorkerCommand.configuration)
        let worker = try ExtensionWorkerCommand(parsing: parsed)
        #expect(worker.library == "/tmp/lib.so" && worker.name == "mine")
        #expect(worker.container == "/tmp/c" && worker.scratch == "/tmp/s")
        #expect(worker.caFile == "/tmp/ca.pem" && worker.tagRequests)
        #expect(
            worker.settings.timeBudget == settings.timeBudget && worker.settings.gracePeriod == settings.gracePeriod)
        #expect(worker.settings.memoryLimit == settings.memoryLimit && worker.settings.timeScale == 0.1)
        #expect(worker.receiveBufferBytes == 2_047, "the run's receive buffer, as its own downloads have it")

        let plain = try ExtensionWorkerCommand(
            parsing: ArgumentParser.parse(
                ExtensionWorkerCommand.arguments(
                    library: "/tmp/lib.so", name: "mine", container: "/tmp/c", scratch: "/tmp/s", settings: settings,
                    caFile: nil),
                for: ExtensionWorkerCommand.configuration))
        #expect(plain.receiveBufferBytes == nil && plain.caFile == nil && !plain.tagRequests)
    }

    @Test func aReceiveBufferOutsideTheTransportsRangeIsRefused() {
        let arguments = ExtensionWorkerCommand.arguments(
            library: "/tmp/lib.so", name: "mine", container: "/tmp/c", scratch: "/tmp/s",
            settings: HostSettings(timeBudget: 1, gracePeriod: 1, windDown: 0, memoryLimit: 1, timeScale: 1),
            caFile: nil, receiveBufferBytes: 100)
        let error = #expect(throws: UsageError.self) {
            try ExtensionWorkerCommand(
                parsing: ArgumentParser.parse(arguments, for: ExtensionWorkerCommand.configuration))
        }
        #expect(error.map { "\($0)" }?.contains("'--receive-buffer'") == true, "\(String(describing: error))")
    }

    @Test func aLineThatIsNotARequestIsRejectedUnderItsIDWhenThatMuchReads() throws {
        let body = WorkerWire.line(WorkerRequest(try templateInput(id: 70_000))).dropLast()
        // Torn after the id, and corrupt after it: the run is told which invocation ended.
        for line in [body.prefix(6), body.prefix(6) + [0x1B, 0x07] + body.dropFirst(6)] {
            let error = #expect(throws: WorkerWire.LineError.self) {
                try WorkerWire.message(WorkerRequest.self, from: line)
            }
            guard let error else { continue }
            guard case .rejected(let id, let reason) = ExtensionWorkerCommand.rejection(of: line, error) else {
                Issue.record("not a rejection")
                continue
            }
            #expect(id == 70_000)
            #expect(reason == "not a worker request: \(error)")
        }
        // A line with no id that reads matches no invocation: that one is lost when its answer is overdue.
        let garbage = Array("{\"id\":3,".utf8)[...]
        let error = try #require(throws: WorkerWire.LineError.self) {
            try WorkerWire.message(WorkerRequest.self, from: garbage)
        }
        #expect(
            ExtensionWorkerCommand.rejection(of: garbage, error)
                == .rejected(id: -1, reason: "not a worker request: \(error)"))
    }

    /// A pool of one script worker that becomes `sleep <token>` (it ends only when killed, not when its
    /// input ends) and whose thread named `refused` the system will not make.
    func poolRefusingThread(_ refused: String, token: String, in directory: TemporaryDirectory) throws
        -> ExtensionWorkerPool
    {
        var launch = ExtensionWorkerPool.Launch(
            executable: try scriptWorker("exec sleep \(token)", in: directory), arguments: [],
            replyLoops: [try #require(Self.replyLoop)],
            errorLog: directory.url.appendingPathComponent("extension-stderr.log"), timeBudget: 30_000_000_000,
            answerLimit: 40_000_000_000)
        launch.startThread = { name, body throws(SystemError) in
            guard name != refused else { throw SystemError(call: "pthread_create", errno: EAGAIN) }
            try PosixThread.detach(name: name, body)
        }
        return try ExtensionWorkerPool(count: 1, launch: launch)
    }

    /// Processes running (not ended, not zombies) whose command line holds `token`.
    func processesRunning(holding token: String) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: "/proc")
        } catch {
            Issue.record("/proc could not be listed: \(error)")
            return []
        }
        return names.filter { name in
            guard Int32(name) != nil else { return false }
            do {
                let arguments = try String(contentsOfFile: "/proc/\(name)/cmdline", encoding: .utf8)
                let status = try String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8)
                return arguments.contains(token) && !status.contains(") Z ")
            } catch {
                return false  // ended while listed
            }
        }
    }

    @Test(arguments: [
        ("nse-bench-worker-end", "could not start the thread that waits for an extension process's end"),
        ("nse-bench-worker-sweep", "could not start the thread that watches the extension processes"),
    ])
    func aPoolThreadTheSystemWillNotMakeIsAnErrorNamingItAndLeavesNoWorkerRunning(
        thread: String, message: String
    ) async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        // A sleep no other test runs: the worker's process once it has started.
        let token = "59.\(Int.random(in: 100_000...999_999))"
        do {
            _ = try poolRefusingThread(thread, token: token, in: directory)
            Issue.record("the pool started without its \(thread) thread")
        } catch {
            #expect("\(error)" == "\(message): pthread_create failed: Resource temporarily unavailable (errno 11)")
        }
        // Its replies could not be read, or it could not be watched: the worker was killed, not left to run.
        #expect(await eventually { processesRunning(holding: token).isEmpty })
    }

    @Test func aMissingRequiredOptionIsAUsageErrorNamingIt() async {
        let result = await ToolRun.main(["extension-worker", "--name", "x"])
        #expect(result.status == .usage)
        #expect(result.errors.contains("--library"))
    }

    @Test func aBadNumberIsAUsageErrorNamingIt() async {
        let result = await ToolRun.main([
            "extension-worker", "--library", "l", "--name", "n", "--container", "c", "--scratch", "s",
            "--budget-ns", "soon", "--grace-ns", "0", "--wind-down-ns", "0", "--memory-limit", "1",
        ])
        #expect(result.status == .usage)
        #expect(result.errors.contains("--budget-ns"))
    }

    @Test func noWorkerStartsOnceThePoolIsFinishingAndTheInvocationIsTheHarnesssNotACrash() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        // Reads its input to the end and exits 0, as a worker told to end does, without its figures.
        let pool = try scriptPool("cat > /dev/null", in: directory)
        _ = await Self.finish(pool)
        // An invocation run again after a crash in the run's last moments comes to a finishing pool: it
        // would need a new process, which no one would wait for.
        // Arrived at 5 ns: its deadline is checked below. No sweep can expire it, as it is sent nowhere.
        let input = try templateInput(id: 7, arrival: 5)
        let record = await pool.invoke(input)
        #expect(record.id == 7 && record.outcome == .crashed)
        #expect(record.harnessFailure == .noExtensionProcess)
        #expect(
            record.crashReason
                == "harness: no extension process could take the invocation: the run's extension processes had "
                + "already been told to end")
        #expect(record.times.deadline == 30_000_000_005)
        #expect(pool.processesWithoutFigures == 1, "no second process was started")
    }

    @Test func anInvocationAProcessNeverAnswersIsLostToTheHarnessNotWaitedForForever() async throws {
        // A worker that reads nothing and says nothing until it is killed.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let pool = try scriptPool(
            "exec sleep 60", in: directory, timeBudget: 100_000_000, answerLimit: 300_000_000, exitLimit: 200_000_000)
        let input = try templateInput(id: 4, arrival: MonotonicClock.now())

        let record = await pool.invoke(input)
        // When the sweep ended it, by the record's own clock: when this test's task resumes after that
        // depends on what else holds the threads Swift's concurrency runs the tests on (measured: 3.8 s
        // after the sweep, beside the extension-process tests, which compile and run extensions).
        let ended = record.times.finished - input.arrival

        #expect(record.id == 4 && record.outcome == .crashed)
        #expect(record.harnessFailure == .recordLost)
        #expect(
            record.crashReason?.hasPrefix("harness: the invocation ended without a record: extension process ") == true)
        #expect(record.crashReason?.hasSuffix(" sent none within 0.3 s of its arrival") == true, "\(record)")
        // The sweep looks once a second: the record comes within a sweep of the limit.
        #expect(ended >= 300_000_000 && ended < 3_000_000_000, "the sweep ended it \(ended) ns after its arrival")
        #expect(pool.unansweredInvocations == 1)

        // A process that lost an answer takes no more: it is killed, to be replaced by the next pick.
        #expect(await eventually { pool.processesUnresponsive == 1 && pool.inFlight == 0 })
        let started = MonotonicClock.now()
        #expect(await Self.finish(pool).allSatisfy { $0.timerLatenessP99 == 0 }, "its own figures never came")
        // Bounded well above a late resumption of this task, well below the worker's 60 s sleep.
        #expect(MonotonicClock.now() - started < 30_000_000_000, "not left to sleep for 60 s")
        #expect(pool.processDeaths == 0, "a process that stopped answering is no crash of the extension")
        // Under a loaded machine (the whole suite in parallel) the replacement process may also be slow to
        // exit at the end (seen once in 2026-12-05's suite): a problem of its own, said apart, not this one.
        let problems = ExtensionWorkerPool.problems(pool, timeScale: 1, deadline: 30_000_000_000)
        #expect(
            problems.first
                == "1 extension process stopped answering (1 invocation got no record in time) and was killed and "
                + "replaced: what it held is lost to the harness")
        #expect(
            problems.dropFirst().allSatisfy { $0.contains("did not end within 0.2 s of the run's end") }, "\(problems)")
    }

    /// What `/proc` says of this user's threads, in the thread-limit tests.
    enum ThreadsCounted: String, CaseIterable, CustomTestStringConvertible {
        case atTheLimit, farBelow, uncountable
        var testDescription: String { rawValue }

        var reader: @Sendable () throws(SystemError) -> UserThreadUsage? {
            switch self {
            case .atTheLimit: { () throws(SystemError) in UserThreadUsage(threads: 44, limit: 45) }
            case .farBelow: { () throws(SystemError) in UserThreadUsage(threads: 10, limit: 45) }
            case .uncountable: { () throws(SystemError) in throw SystemError(call: "opendir /proc", errno: EACCES) }
            }
        }

        /// The problem the run states beside the processes' own, if any.
        var problem: String? {
            switch self {
            case .atTheLimit: ExtensionWorkerPool.threadLimitProblem(UserThreadUsage(threads: 44, limit: 45))
            case .farBelow: nil
            case .uncountable:
                "this user's threads could not be counted against their limit (ulimit -u): "
                    + "\(SystemError(call: "opendir /proc", errno: EACCES))"
            }
        }
    }

    @Test(arguments: ThreadsCounted.allCases)
    func aProcessThatStoppedAnsweringNamesTheThreadLimitWhenThisUserWasAtIt(_ counted: ThreadsCounted) async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let pool = try scriptPool(
            "exec sleep 60", in: directory, timeBudget: 100_000_000, answerLimit: 300_000_000, exitLimit: 200_000_000,
            userThreads: counted.reader)
        let record = await pool.invoke(try templateInput(id: 4, arrival: MonotonicClock.now()))
        #expect(record.harnessFailure == .recordLost)
        #expect(await eventually { pool.processesUnresponsive == 1 })
        _ = await Self.finish(pool)
        let stopped =
            "1 extension process stopped answering (1 invocation got no record in time) and was killed and "
            + "replaced: what it held is lost to the harness"
        // The replacement runs the same script, which ignores the end of the run; whether it was started
        // before the end (and so is killed after the exit limit, and said so) depends on how loaded the
        // machine is: under 4 CPU-bound processes on 2 cores it was, in 1 of 3 full-suite runs.
        let lateExit = "1 extension process did not end within 0.2 s of the run's end and was killed"
        let problems = ExtensionWorkerPool.problems(pool, timeScale: 1, deadline: 30_000_000_000)
        #expect(problems.filter { !$0.hasPrefix(lateExit) } == [stopped] + [counted.problem].compactMap { $0 })
    }

    @Test func processesThatEndedBeforeTheyWereReadyNameTheThreadLimitWhenThisUserWasAtIt() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let pool = try scriptPool(
            "read line; exit 1", ready: false, in: directory, userThreads: ThreadsCounted.atTheLimit.reader)
        // One: the count is taken as the process ends, not when a later invocation replaces it.
        _ = await pool.invoke(try templateInput(id: 0))
        _ = await Self.finish(pool)
        let problems = ExtensionWorkerPool.problems(pool, timeScale: 1, deadline: 30_000_000_000)
        #expect(problems.last == ThreadsCounted.atTheLimit.problem, "\(problems)")
        #expect(
            ThreadsCounted.atTheLimit.problem?.hasPrefix(
                "this user held 44 threads of the 45 the system allows it (ulimit -u) when an extension process "
                    + "failed to start or stopped answering") == true)
    }

    @Test func aPoolThatGaveUpStartingProcessesCountsThreadsOncePerFailureNotPerInvocation() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let counts = Mutex(0)
        let pool = try scriptPool(
            "read line; exit 1", ready: false, in: directory,
            userThreads: { () throws(SystemError) in
                counts.withLock { $0 += 1 }
                return UserThreadUsage(threads: 10, limit: 45)
            })
        for id in 0..<6 { _ = await pool.invoke(try templateInput(id: id)) }
        _ = await Self.finish(pool)
        #expect(pool.failedStarts == 3)
        #expect(counts.withLock { $0 } == 3, "one per process that ended before ready; none after the pool gave up")
    }

    @Test func aHealthyRunNeverCountsThisUsersThreads() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let counts = Mutex(0)
        let pool = try scriptPool(
            "exec sleep 60", in: directory, exitLimit: 200_000_000,
            userThreads: { () throws(SystemError) in
                counts.withLock { $0 += 1 }
                return UserThreadUsage(threads: 44, limit: 45)
            })
        try await Task.sleep(for: .milliseconds(1_500))  // a sweep, which finds nothing overdue
        _ = await Self.finish(pool)
        #expect(counts.withLock { $0 } == 0, "counted only when a process fails: /proc is read over every process")
        // Killed at the end (it sleeps on), which is no failure to start or to answer: not counted either.
        #expect(
            !ExtensionWorkerPool.problems(pool, timeScale: 1, deadline: 30_000_000_000).contains {
                $0.contains("ulimit -u")
            })
    }

    /// A crash is named with the error log as it stood when the crash was reported: what the Swift runtime
    /// printed for it came before, and what came after is another crash's (``RuntimeMessage``).
    @Test func aCrashIsNamedWithTheErrorLogAsItStoodWhenItWasReported() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let stack = CrashStack(images: ["/ext/libExt.so"], frames: [.init(image: 0, address: 0x1234)])
        let report = Self.octal(WorkerWire.line(WorkerReply.crashed(id: -1, stack: stack)))
        let logEnds = Mutex<[Int?]>([])
        // Written 2 s after the report: a reply loop that took longer to read it would fail this.
        let pool = try scriptPool(
            "read line; printf 'before\\n' >&2; printf '\(report)'; sleep 2; printf 'after\\n' >&2; kill -SEGV $$",
            in: directory,
            crashSite: { named, logEnd in
                logEnds.withLock { $0.append(logEnd) }
                return named == stack ? "at a.swift:1:1 in f()" : nil
            })
        let record = await pool.invoke(try templateInput(id: 1))
        _ = await Self.finish(pool)

        #expect(logEnds.withLock { $0 } == ["before\n".utf8.count])
        #expect(record.outcome == .crashed)
        #expect(record.crashReason == "the extension crashed at a.swift:1:1 in f() (signal 11, SIGSEGV)", "\(record)")
        let log = try TextFile.read(directory.url.appendingPathComponent("extension-stderr.log").path)
        #expect(log == "before\nafter\n", "the log went on after the report")
    }

    @Test func workersKilledAtTheEndShareOneDeadlineAndWhatTheyHeldIsTheHarnesssLoss() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        // Four, so that one limit for all (1 s) and one each (4 s) stay apart on a loaded machine, where the
        // kills and the reads of /proc after the limit once took 1.7 s.
        let pool = try scriptPool("while :; do :; done", count: 4, in: directory, exitLimit: 1_000_000_000)
        let input = try templateInput(id: 9, arrival: MonotonicClock.now())
        // Abandoned in flight, as a second Ctrl-C leaves invocations.
        let held = Task { await pool.invoke(input) }
        try #require(await eventually { pool.inFlight == 1 }, "sent")

        // Timed on the thread that waits, not around the await: this task's resumption may come late.
        let (figures, took) = await onOwnThread(named: "test-pool-finish") {
            let started = MonotonicClock.now()
            let figures = pool.finish()
            return (figures, MonotonicClock.now() - started)
        }
        let record = await held.value

        // Killed, they sent no figures: their CPU (busy loops for about a second) still counts, as read
        // from /proc. How much they got depends on what else runs (the whole suite beside them once gave
        // them under 0.5 s in all): any is what shows it is read, as a process never read counts none.
        let cpu = figures.map(\.cpuSeconds).reduce(0, +)
        #expect(figures.count == 4 && cpu > 0.02, "\(figures.map(\.cpuSeconds))")

        #expect(took >= 1_000_000_000 && took < 3_500_000_000, "one 1 s limit for all four, not 4 s: \(took) ns")
        #expect(pool.processesKilledAtEnd == 4)
        #expect(record.harnessFailure == .recordLost, "\(record)")
        #expect(record.crashReason?.hasSuffix("SIGKILL) without answering it") == true, "\(record.crashReason ?? "")")
        #expect(pool.lostInvocations == 0 && pool.processDeaths == 0, "no crash of the extension")
    }

    @Test func aProcessThatEndsBeforeItIsReadyIsTheHarnesssFailureAndThreeInARowStopTheStarts() async throws {
        // A worker whose setup failed: it exits 1 without a word.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let pool = try scriptPool("read line; exit 1", ready: false, in: directory)
        var records: [InvocationRecord] = []
        for id in 0..<4 {
            let input = try templateInput(id: id)
            records.append(await pool.invoke(input))
        }
        _ = await Self.finish(pool)

        #expect(records.allSatisfy { $0.harnessFailure == .noExtensionProcess }, "\(records.map(\.crashReason))")
        #expect(
            records[0].crashReason?.hasSuffix(
                "exited with status 1 before it was ready (its messages are in "
                    + "extension-stderr.log)") == true, "\(records[0].crashReason ?? "")")
        // The first three each started a process; then the pool stopped starting them.
        #expect(records[3].crashReason?.contains("3 extension processes in a row ended before they were ready") == true)
        #expect(pool.processDeaths == 0, "no crash of the extension")
        #expect(pool.failedStarts == 3)
    }

    @Test func aRequestTheWorkerRejectsEndsAtOnceAsTheHarnesssFailure() async throws {
        // A worker that reads one request and rejects invocation 5, as one whose request did not read.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let rejected = WorkerWire.line(WorkerReply.rejected(id: 5, reason: "a torn line"))
        let pool = try scriptPool(
            "read line; printf '\(Self.octal(rejected))'; cat > /dev/null", in: directory, answerLimit: 60_000_000_000)
        let input = try templateInput(id: 5, arrival: MonotonicClock.now())
        let record = await pool.invoke(input)
        #expect(MonotonicClock.now() - input.arrival < 5_000_000_000, "not left for the sweep")
        #expect(record.harnessFailure == .noExtensionProcess)
        #expect(record.crashReason?.hasSuffix("the worker rejected its request: a torn line") == true, "\(record)")
        _ = await Self.finish(pool)
        #expect(pool.processDeaths == 0)
    }

    @Test func aProcessDyingForItsMemoryIsNotSentWhatItDeclinesAgain() async throws {
        // The first process reads one request, says it is dying for its memory and declines invocation
        // 9, then lives on (as one does for up to Jetsam.reportingLimit while its killed invocations are
        // reported), taking nothing more. Every later process answers invocation 9 with a record.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let input = try templateInput(id: 9)
        let dying =
            WorkerWire.line(WorkerReply.memoryExceeded(footprint: 30 << 20, inFlight: 1))
            + WorkerWire.line(WorkerReply.declined(id: 9))
        let answered = InvocationRecord.lost(
            input, to: .noExtensionProcess, detail: "answered by the process that took its place", now: input.arrival,
            deadline: input.arrival + 30_000_000_000)
        let first = directory.url.appendingPathComponent("first").path
        let pool = try scriptPool(
            """
            if mkdir '\(first)' 2>/dev/null; then
                read line; printf '\(Self.octal(dying))'; cat > /dev/null
            else
                read line; printf '\(Self.octal(WorkerWire.line(WorkerReply.record(answered))))'; cat > /dev/null
            fi
            """, in: directory, answerLimit: 10_000_000_000)

        let record = await pool.invoke(input)
        _ = await Self.finish(pool)

        // Sent back to the dying process, it would wait there until the answer limit and be lost.
        #expect(record.crashReason?.hasSuffix("answered by the process that took its place") == true, "\(record)")
        #expect(pool.rerunInvocations == 1, "declined once, then run in the process that took its place")
        #expect(pool.memoryKills == 1)
        #expect(pool.unansweredInvocations == 0)
    }

    @Test func aWorkerThatReadsNothingNeverHoldsUpTheLoopThatSendsItsRequests() async throws {
        // Reads nothing for 4 s, then all of it, and answers nothing: its input pipe fills at once. The loop
        // that sends the requests also reads the replies, which a worker's own loop may be waiting to
        // write: a send that waited for room in the pipe stopped both. A send that waits takes 4 s; one
        // that does not took up to 1.1 s on the 2-core machine while it compiled in the background.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let pool = try scriptPool("sleep 4; cat > /dev/null", in: directory)
        let loop = try #require(Self.replyLoop)
        let line = WorkerWire.line(WorkerRequest(try templateInput(id: 0)))
        // Twice what the pipe holds.
        let count = 2 * ExtensionWorker.inputPipeCapacity / line.count + 1
        let inputs = try (0..<count).map { try templateInput(id: $0) }
        let answered = Atomic<Int>(0)
        let sendingTook = await withCheckedContinuation { (continuation: CheckedContinuation<UInt64, Never>) in
            do {
                try loop.execute {
                    let started = MonotonicClock.now()
                    for input in inputs { pool.start(input) { _ in answered.add(1, ordering: .relaxed) } }
                    continuation.resume(returning: MonotonicClock.now() - started)
                }
            } catch {
                Issue.record("the loop took no work: \(error)")
                continuation.resume(returning: .max)
            }
        }
        #expect(sendingTook < 3_000_000_000, "the loop waited \(sendingTook) ns for the worker to read")
        // Told to end, it reads the rest and exits without answering: every invocation gets its record.
        _ = await Self.finish(pool)
        #expect(await eventually { answered.load(ordering: .relaxed) == count }, "\(answered.load(ordering: .relaxed))")
    }

    @Test(.timeLimit(.minutes(1)))
    func aReplyLoopThatStopsEndsItsWorkersInvocationsAsTheHarnesssLossNotAHang() async throws {
        // The worker takes one request and never answers; the loop its replies are read on stops under it.
        // The loop drops its watch of the worker's output without a word, and nothing else would tell the
        // worker's end: its invocation must still end, and the pool must still finish.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let loop = try EventLoop(name: "nseb-test-stops")
        try loop.start()
        let launch = ExtensionWorkerPool.Launch(
            executable: try scriptWorker("read line; cat > /dev/null", in: directory), arguments: [],
            replyLoops: [loop], errorLog: directory.url.appendingPathComponent("extension-stderr.log"),
            timeBudget: 30_000_000_000, answerLimit: 60_000_000_000)
        let pool = try ExtensionWorkerPool(count: 1, launch: launch)
        let input = try templateInput(id: 3)
        let answered = Task { await pool.invoke(input) }
        // Ready first (its ready line is read on that loop too): a worker that never said so is a failed
        // start, whose invocations are `noExtensionProcess` (seen once in CI, its ready line unread).
        #expect(await eventually { pool.inFlight == 1 && pool.processesReady == 1 })
        try loop.shutdown()
        let record = await answered.value
        #expect(record.harnessFailure == .recordLost, "\(record)")
        #expect(MonotonicClock.now() - input.arrival < 10_000_000_000, "ended within seconds, not at the answer limit")
        _ = await Self.finish(pool)
        #expect(pool.processesUnresponsive == 1, "its replies could no longer be read")
    }

    @Test func theRunWaitsForItsWorkersToBeReadyOrEndedAndNoLongerThanItsLimit() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let ready = "printf '\(Self.octal(WorkerWire.line(WorkerReply.ready)))'"
        // Two that take 300 ms to be ready: the wait ends once both are, well within its limit.
        let slow = try scriptPool("sleep 0.3; \(ready); cat > /dev/null", ready: false, count: 2, in: directory)
        let started = MonotonicClock.now()
        let allReady = await onOwnThread(named: "test-ready") { slow.waitUntilReady(within: 10_000_000_000) }
        let waited = MonotonicClock.now() - started
        #expect(allReady)
        #expect(slow.processesReady == 2, "both said so before the wait ended")
        #expect(waited >= 250_000_000 && waited < 5_000_000_000, "\(waited) ns")
        _ = await Self.finish(slow)
        // One that ends before it is ready (a failed set-up): settled, not waited for to the limit.
        let failing = try scriptPool("exit 1", ready: false, in: directory)
        let failingStarted = MonotonicClock.now()
        #expect(await onOwnThread(named: "test-ready") { failing.waitUntilReady(within: 10_000_000_000) })
        #expect(MonotonicClock.now() - failingStarted < 5_000_000_000)
        _ = await Self.finish(failing)
        // One that never says so: the limit ends the wait.
        let hung = try scriptPool("cat > /dev/null", ready: false, in: directory)
        let hungStarted = MonotonicClock.now()
        #expect(await onOwnThread(named: "test-ready") { hung.waitUntilReady(within: 200_000_000) } == false)
        #expect(MonotonicClock.now() - hungStarted >= 200_000_000)
        // A run told to stop (a Ctrl-C) stops waiting within a slice, not at the limit. Timed on the waiting
        // thread: the test's own task may wait seconds for a core when the suite runs many tests at once
        // (2.16 s once in CI, after the wait itself had ended).
        let (stoppedReady, stoppedAfter) = await onOwnThread(named: "test-ready") { () -> (Bool, UInt64) in
            let stoppedAt = MonotonicClock.now()
            let ready = hung.waitUntilReady(within: 10_000_000_000) { true }
            return (ready, MonotonicClock.now() - stoppedAt)
        }
        #expect(stoppedReady == false)
        #expect(stoppedAfter < 2_000_000_000, "\(stoppedAfter) ns")
        _ = await Self.finish(hung)
    }

    @Test func aProcessThatDiedKeepsNoDescriptorOpenInTheRun() async throws {
        // Each worker takes one request and exits: twenty deaths, twenty workers kept for their figures.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let pool = try scriptPool("read line; exit 3", in: directory)
        var records: [InvocationRecord] = []
        for id in 0..<20 {
            let input = try templateInput(id: id)
            records.append(await pool.invoke(input))
        }
        _ = await Self.finish(pool)
        #expect(
            records.allSatisfy { $0.outcome == .crashed && $0.harnessFailure == nil }, "\(records.map(\.crashReason))")
        #expect(pool.processDeaths == 20)
        // What this process still has open on the workers' log or on pipes it made for them.
        let log = directory.url.appendingPathComponent("extension-stderr.log").path
        let held = try openDescriptorTargets().filter { $0 == log || pool.pipeInodes.contains($0) }
        #expect(held.isEmpty, "\(held)")
        #expect(pool.pipeInodes.count == 40, "each worker's two pipes were seen")
    }

    /// The records of `inputs`, invoked on `pool` one after another from a task on `loop`, as `run`'s
    /// transport loops invoke.
    static func invoke(_ inputs: [InvocationInput], on pool: ExtensionWorkerPool, from loop: EventLoop) async
        -> [InvocationRecord]
    {
        await Task(executorPreference: loop) {
            var records: [InvocationRecord] = []
            for input in inputs { records.append(await pool.invoke(input)) }
            return records
        }.value
    }

    @Test func aWorkerStartedAfterADeathIsStartedOffTheLoopThatInvokes() async throws {
        // Each worker takes one request and dies: every invocation after the first needs a new one.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let loop = try EventLoop(name: "nseb-pool-invoke")
        try loop.start()
        defer { try? loop.shutdown() }
        let onLoop = Mutex<[Bool]>([])
        let pool = try scriptPool(
            "read line; exit 3", in: directory, starting: { onLoop.withLock { $0.append(loop.inEventLoop) } })
        let records = await Self.invoke(try (0..<3).map { id in try templateInput(id: id) }, on: pool, from: loop)
        _ = await Self.finish(pool)
        #expect(records.allSatisfy { $0.outcome == .crashed }, "\(records.map(\.crashReason))")
        let starts = onLoop.withLock { $0 }
        // The first at the pool's creation (this test's thread), then one for each invocation after a death.
        #expect(starts.count == 3, "\(starts)")
        #expect(!starts.contains(true), "a spawn holds up every invocation of the loop it runs on: \(starts)")
    }

    @Test func threadsAreCountedOffTheInvokingLoopWhenAWorkerCannotBeStarted() async throws {
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let loop = try EventLoop(name: "nseb-pool-count")
        try loop.start()
        defer { try? loop.shutdown() }
        let counted = Mutex<[Bool]>([])
        let pool = try scriptPool(
            "read line; exit 3", in: directory,
            userThreads: { () throws(SystemError) in
                counted.withLock { $0.append(loop.inEventLoop) }
                return nil
            })
        // The script is gone: the worker started with the pool still runs it, and no other can start.
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        where name.hasPrefix("worker-") {
            try FileManager.default.removeItem(at: directory.url.appendingPathComponent(name))
        }
        let records = await Self.invoke(try (0..<2).map { id in try templateInput(id: id) }, on: pool, from: loop)
        _ = await Self.finish(pool)
        #expect(records.last?.harnessFailure == .noExtensionProcess, "\(records.map(\.crashReason))")
        let seen = counted.withLock { $0 }
        #expect(!seen.isEmpty, "the failed start was counted")
        #expect(!seen.contains(true), "reading /proc holds up the loop it runs on: \(seen)")
    }

    @Test func aProcessThatExitsZeroBeforeItsInputEndsDiedItDidNotEndNormally() async throws {
        // An extension's own exit(0): the process is gone before the run told it to end.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let pool = try scriptPool("read line; exit 0", in: directory)
        let input = try templateInput(id: 2)
        let record = await pool.invoke(input)
        #expect(record.outcome == .crashed && record.harnessFailure == nil)
        #expect(record.crashReason == "the extension's process exited with status 0")
        _ = await Self.finish(pool)
        #expect(pool.processDeaths == 1)
        #expect(pool.processesWithoutFigures == 0, "it was not told to end: its missing figures are no surprise")
    }

    @Test func aProcessThatEndsWithoutItsFiguresIsNamedNotCountedAsZero() async throws {
        // Exits 0 once its input ends and says nothing: a worker that ended normally, without its figures.
        let directory = try TemporaryDirectory(prefix: "nse-bench-workers")
        defer { directory.remove() }
        let pool = try scriptPool("cat > /dev/null", count: 2, in: directory, timeBudget: 1)
        // What counts for them is what /proc last showed, not their own figures, and the run says so.
        #expect(await Self.finish(pool).allSatisfy { $0.timerLatenessP99 == 0 && $0.peakFootprintBytes == 0 })
        #expect(pool.processesWithoutFigures == 2)
        #expect(pool.processDeaths == 0)
        #expect(
            ExtensionWorkerPool.problems(pool, timeScale: 1, deadline: 30_000_000_000) == [
                "2 extension processes ended without sending their own figures: their timer lateness is missing "
                    + "from the self-check, and harness_cpu_s and peak_rss_bytes count their CPU and memory as /proc "
                    + "last showed them"
            ])
    }
}
