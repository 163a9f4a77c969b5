import Foundation
public import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import SimulatedDevice

/// `nse-bench extension-worker`: one process of a user's extension, as iOS runs each extension in a
/// process of its own. `run` starts these (``ExtensionWorkerPool``) so that a crash in the user's code
/// ends only the invocations that process held, never the run.
///
/// It loads the compiled library, reads one ``WorkerRequest`` per line on standard input, runs each
/// under its own host (clock, timers, transport, as `run`'s), writes each ``WorkerReply`` as a line on
/// standard output, and when its input ends, finishes what is in flight, reports its self-check and exits.
public struct ExtensionWorkerCommand: ParsableCommand {
    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "extension-worker",
        abstract: "Internal: one process running a compiled user extension for 'run' (started by run itself).",
        discussion: """
            'nse-bench run --extension PATH' starts these, one or more per run, and feeds them invocations on \
            standard input, one line each in a compact binary form; a crashed worker's invocations are counted \
            as crashed and a new worker takes its place. There is no reason to start one by hand.
            """,
        options: Options.all.map(\.declaration))

    /// The worker's options: all but `--ca-file`, `--tag-requests` and `--receive-buffer` are required,
    /// since only `run` starts a worker and it gives them all.
    enum Options {
        static let library: Option<String?> = .value(
            "library", valueName: "PATH", help: "The compiled extension (a shared library).")
        static let name: Option<String?> = .value(
            "name", valueName: "NAME", help: "The extension's name for the records.")
        static let container: Option<String?> = .value(
            "container", valueName: "DIR", help: "The App Group container holding payload.key.")
        static let scratch: Option<String?> = .value(
            "scratch", valueName: "DIR", help: "Where downloads wait to be counted.")
        static let budget: Option<UInt64?> = .value(
            "budget-ns", valueName: "NS", help: "The time budget, scaled, in nanoseconds.", .converted)
        static let grace: Option<UInt64?> = .value(
            "grace-ns", valueName: "NS", help: "The grace period, scaled, in nanoseconds.", .converted)
        static let windDown: Option<UInt64?> = .value(
            "wind-down-ns", valueName: "NS", help: "The wind-down, scaled, in nanoseconds.", .converted)
        static let memoryLimit: Option<Int?> = .value(
            "memory-limit", valueName: "BYTES", help: "The memory limit.", .within(1...Int.max))
        static let timeScale: Option<Double> = .value(
            "time-scale", valueName: "F", default: "1", help: "The run's time scale.", .timeScale)
        static let caFile: Option<String?> = .value(
            "ca-file", valueName: "FILE", help: "Certificates the transport trusts (the run's --tls or --ca-file).")
        static let tagRequests: Option<Bool> = .flag(
            "tag-requests",
            help: "Tag every download for the embedded server, which notes faults its responses cannot name.")
        static let receiveBuffer: Option<Int?> = .value(
            "receive-buffer", valueName: "BYTES",
            help: "Every download's receive buffer, as the run's own downloads have it (its media are known "
                + "small); without it the transport chooses.", .within(DownloadRequest.receiveBufferRange))

        static let all: [any DeclaredOption] = [
            library, name, container, scratch, budget, grace, windDown, memoryLimit, timeScale, caFile, tagRequests,
            receiveBuffer,
        ]
    }

    /// The arguments that start a worker for `library` under `settings`, its downloads with a receive
    /// buffer of `receiveBufferBytes` (nil: the transport's choice), as the run's own.
    static func arguments(
        library: String, name: String, container: String, scratch: String, settings: HostSettings, caFile: String?,
        tagRequests: Bool = false, receiveBufferBytes: Int? = nil
    ) -> [String] {
        func pair(_ option: some DeclaredOption, _ value: String) -> [String] { ["--\(option.name)", value] }
        return (caFile.map { pair(Options.caFile, $0) } ?? []) + (tagRequests ? ["--\(Options.tagRequests.name)"] : [])
            + (receiveBufferBytes.map { pair(Options.receiveBuffer, String($0)) } ?? [])
            + pair(Options.library, library) + pair(Options.name, name) + pair(Options.container, container)
            + pair(Options.scratch, scratch) + pair(Options.budget, String(settings.timeBudget))
            + pair(Options.grace, String(settings.gracePeriod)) + pair(Options.windDown, String(settings.windDown))
            + pair(Options.memoryLimit, String(settings.memoryLimit))
            + pair(Options.timeScale, String(settings.timeScale))
    }

    let library: String
    let name: String
    let container: String
    let scratch: String
    let settings: HostSettings
    let caFile: String?
    let tagRequests: Bool
    /// Every download's receive buffer; nil for the transport's choice.
    let receiveBufferBytes: Int?

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        func required<Value>(_ option: Option<Value?>) throws(UsageError) -> Value {
            guard let value = try arguments[option] else {
                throw .missingValue(option: option.name, valueName: "VALUE")
            }
            return value
        }
        library = try required(Options.library)
        name = try required(Options.name)
        container = try required(Options.container)
        scratch = try required(Options.scratch)
        caFile = try arguments[Options.caFile]
        tagRequests = try arguments[Options.tagRequests]
        receiveBufferBytes = try arguments[Options.receiveBuffer]
        settings = HostSettings(
            timeBudget: try required(Options.budget), gracePeriod: try required(Options.grace),
            windDown: try required(Options.windDown), memoryLimit: try required(Options.memoryLimit),
            timeScale: try arguments[Options.timeScale])
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        // Before the user's code is loaded: what it prints goes to standard error, never into a reply, and
        // it reads no request from standard input.
        let channel: MessageChannel
        let requests: Int32
        do {
            channel = try MessageChannel.take()
        } catch {
            throw RunError.output("the extension worker could not keep its standard output for its replies: \(error)")
        }
        do {
            requests = try MessageChannel.takeInput()
        } catch {
            throw RunError.setup("the extension worker could not keep its standard input for its requests: \(error)")
        }
        CrashReporter.install(descriptor: channel.descriptor)
        let sharedContainer = SharedContainer(directory: URL(fileURLWithPath: container))
        // Started with its UserDefaults suites in the container (CoreFoundation read the variable as it
        // loaded): a worker started otherwise would read and write the user's ~/.config.
        let suites = sharedContainer.userDefaultsEnvironment
        guard ProcessInfo.processInfo.environment[suites.name] == suites.value else {
            throw RunError.setup(
                "the extension worker was not started with \(suites.name)=\(suites.value): its UserDefaults "
                    + "suites would not be the App Group container's")
        }
        try sharedContainer.loadUserDefaultsSuites()
        let factory = try UserExtensionLoader.factory(name: name, libraryPath: library)
        // Loaded with its modules' libraries, beside it in its build folder.
        CrashReporter.nameFrames(inLibrariesFrom: URL(fileURLWithPath: library).deletingLastPathComponent().path)
        let harness = try HarnessLoops()
        let host = ExtensionHost(
            settings: settings,
            environment: HostEnvironment(
                clock: harness.clock, timers: harness.timers,
                downloader: CurlMediaDownloader(
                    transport: harness.transport, caFile: caFile, tagger: tagRequests ? RequestTagger() : nil,
                    receiveBufferBytes: receiveBufferBytes),
                attachmentStore: AttachmentStore.counting(), temporaryDirectory: URL(fileURLWithPath: scratch),
                sharedContainer: sharedContainer, payloadKey: try sharedContainer.loadKey(),
                threadMarker: CrashMarker()))
        let output = WorkerOutput(channel: channel)
        let dispatchLag = LagHistogram()
        let cpuAtStart = ProcessResources.cpuSeconds()
        let jetsam = Jetsam(host: host, output: output)
        // Each invocation runs on the transport's loop, beside its downloads, as in `run`'s own process:
        // its phone's transfers start and end there without waking a pool thread. The user's code never
        // runs there (its calls and callbacks have threads of their own: ``ExtensionCalls``).
        let loop = harness.transportLoops[0]
        let invocations = WorkerInvocations()
        // The memory watch's thread starts before the worker says it is ready: a worker without it (the
        // system's thread limit) fails its setup, and the run counts it so, rather than one that never
        // watches.
        let watch: WorkerMemoryWatch
        do {
            watch = try WorkerMemoryWatch(
                baseline: settings.baselineFootprint, limit: settings.memoryLimit,
                inFlight: { host.invocationsInFlight },
                exceeded: { footprint, held in jetsam.kill(footprint: footprint, inFlight: held) })
        } catch {
            throw RunError.setup("the extension worker could not start its threads: \(error)")
        }
        // A trap in an invocation's code ends that invocation alone; the others run on, as on their own
        // phones (the run then sends this process no more), not charged for what the trapped one holds,
        // and one held up by a lock the trapped code holds is the harness's.
        let trapped = TrappedThreads()
        do {
            try CrashReporter.holdTraps { id, signal, thread in
                trapped.held(thread)
                let inFlight = host.invocationsInFlight
                // Only for an invocation in flight (one already finished left nothing of its share), and
                // before it ends, while it still counts among those the heap is shared by.
                host.crashed(id: id, reason: ExtensionWorker.trapReason(signal: signal, site: nil)) {
                    watch.setAsideTrappedShare(inFlight: inFlight)
                }
            }
        } catch {
            watch.stop()
            throw RunError.setup("the extension worker could not start its threads: \(error)")
        }
        // Requests are read on the loop, and each is read, its session built and started there in one
        // synchronous step: a request wakes no reading thread to hand it on, no task waits for it (as
        // `run` needs one per slot), so an invocation in flight holds no task of its own, and its end
        // wakes no loop to finish one. The worker says it is ready in the same step as it starts
        // watching its input: requests may wait in the pipe before, and none starts before it said so.
        let watching = await withCheckedContinuation { (continuation: CheckedContinuation<EventLoopError?, Never>) in
            do throws(EventLoopError) {
                try loop.execute {
                    do throws(EventLoopError) {
                        try LoopLineReader.start(
                            requests, on: loop,
                            line: { line in
                                // The loops' figures are the run's from its first request on, not the
                                // worker's start-up's (``HarnessLoops/measureFromNow()``).
                                if invocations.started() { harness.measureFromNow() }
                                Self.begin(
                                    line, on: host, loop: loop, factory: factory, jetsam: jetsam, output: output,
                                    clock: harness.clock, dispatchLag: dispatchLag, invocations: invocations,
                                    trapped: trapped)
                            },
                            ended: { error in
                                if let error {
                                    // The run's end of the pipe is gone wrong: it hears of it as this worker's end.
                                    FileHandle.standardError.write(Data("nse-bench extension-worker: \(error)\n".utf8))
                                }
                                invocations.inputEnded()
                            })
                    } catch {
                        return continuation.resume(returning: error)
                    }
                    output.send(.ready)
                    continuation.resume(returning: nil)
                }
            } catch {
                continuation.resume(returning: error)
            }
        }
        if let watching {
            watch.stop()
            throw RunError.setup("the extension worker could not read its requests on its loop: \(watching)")
        }
        await invocations.drained()
        watch.stop()
        let figures = await harness.stop()
        var workerFigures = WorkerFigures(
            timerLatenessP99: figures.timerLatenessP99, transportLagP99: figures.transportLagP99,
            dispatchLagP99: dispatchLag.p99, cpuSeconds: ProcessResources.cpuSeconds() - cpuAtStart,
            peakResidentBytes: ProcessResources.peakResidentBytes())
        workerFigures.unattributedRequests = SimulatedURLSession.unattributedRequestCount
        workerFigures.peakFootprintBytes = watch.peakFootprint
        workerFigures.peakBlockedCallThreads = host.peakThreadsForBlockedCalls
        workerFigures.peakBlockedCallbackThreads = host.peakThreadsForBlockedCallbacks
        workerFigures.threadStartFailure = host.threadStartFailure
        workerFigures.extensionCallWaitP99 = host.extensionCallWaitP99
        workerFigures.memoryWatchFailure = watch.readFailure.map { "\($0)" }
        output.send(.figures(workerFigures))
        return .success
    }

    /// The reply to `line`, which is not a request (`error` says why): rejected under its id when that much
    /// reads, so the run ends that invocation now; -1 matches none, and the invocation is then lost when
    /// its answer is overdue.
    static func rejection(of line: ArraySlice<UInt8>, _ error: WorkerWire.LineError) -> WorkerReply {
        .rejected(id: WorkerWire.requestID(from: line) ?? -1, reason: "not a worker request: \(error)")
    }

    /// Starts the invocation `line` asks for on `host`, on `loop`'s thread (where `line` was read, and is
    /// valid only during the call: what is kept is decoded from it); `invocations` hears when it is
    /// answered (or was not started: not a request, or declined).
    private static func begin(
        _ line: ArraySlice<UInt8>, on host: ExtensionHost, loop: EventLoop, factory: ExtensionFactory,
        jetsam: Jetsam, output: WorkerOutput, clock: LoopInvocationClock, dispatchLag: LagHistogram,
        invocations: WorkerInvocations, trapped: TrappedThreads
    ) {
        guard
            let prepared = admit(
                line, on: host, executor: loop, factory: factory, jetsam: jetsam, output: output, clock: clock,
                dispatchLag: dispatchLag)
        else { return invocations.finished() }
        host.start(prepared) { record in
            trapped.judge(record) { judged in
                output.send(.record(judged))
                jetsam.answered()
                invocations.finished()
            }
        }
    }

    /// The invocation `line` asks for, prepared on `host`; nil when the line is not a request (answered
    /// as rejected) or the process is being killed for its memory (answered as declined).
    private static func admit(
        _ line: ArraySlice<UInt8>, on host: ExtensionHost, executor: any TaskExecutor, factory: ExtensionFactory,
        jetsam: Jetsam, output: WorkerOutput, clock: LoopInvocationClock, dispatchLag: LagHistogram
    ) -> PreparedInvocation? {
        let request: WorkerRequest
        do throws(WorkerWire.LineError) {
            request = try WorkerWire.message(WorkerRequest.self, from: line)
        } catch {
            output.send(rejection(of: line, error))
            return nil
        }
        guard jetsam.admit() else {
            output.send(.declined(id: request.id))
            return nil
        }
        let now = clock.now()
        dispatchLag.record(now > request.arrival ? now - request.arrival : 0)
        return host.prepare(request.input(extension: factory), executor: executor)
    }
}
