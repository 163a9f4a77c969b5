import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import SimulatedDevice
import Synchronization

/// One `run`: sets up the server, transport, host and runner, records every invocation, and writes
/// the results.
struct RunSession {
    let configuration: RunConfiguration
    let context: CommandContext

    func execute() async throws -> ExitCode {
        // First, before anything runs that would need stopping: a user's extension is built here. The
        // configuration from here on is the one its build settled (where payloads carry the media URL).
        let (factory, library, configuration) = try await prepareExtension()
        let settings = configuration.settings
        let scale = settings.timeScale
        if configuration.appGroup != nil, library == nil || configuration.extensionProcesses == 0 {
            // Only a worker process starts with its UserDefaults suites in the container (CoreFoundation
            // chose where they live as this process loaded); a built-in reads none.
            throw UsageError.invalidCombination(
                "--app-group is for your own extension (--extension PATH) run in worker processes "
                    + "(--extension-processes 1 or more): in this process, UserDefaults suites are read from ~/.config")
        }
        if configuration.keychain != nil, configuration.extensionFactory == nil,
            !ExtensionChoice.isPath(configuration.settings.extensionName)
        {
            throw UsageError.invalidCombination(
                "--keychain is for your own extension (--extension PATH): the built-in extensions read no keychain")
        }
        ProcessResources.raiseDescriptorLimit()
        let output = try OutputFolder.create(configuration.outputDirectory, scenario: settings.scenario)
        let largestMediaBytes =
            configuration.payloadFile == nil ? ScratchDirectory.largestMediaBytes(in: configuration.mediaMix) : nil
        // The embedded server's media are exactly the size they are named; another host's may not be.
        let receiveBufferBytes =
            configuration.target == nil ? largestMediaBytes.flatMap(ReceiveBufferPolicy.bytes(forBodiesUpTo:)) : nil
        let scratch = scratchParent(largestMediaBytes: largestMediaBytes)
        let work = URL(fileURLWithPath: scratch.path).appendingPathComponent("nse-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        // The media host.
        let serverFiles = ServerFiles(in: work)
        let caFile = configuration.tls ? serverFiles.certificate.path : configuration.caFile
        let server = try await startServer(writing: serverFiles)
        let mediaBases = server?.baseURLs ?? configuration.target.map { [$0] } ?? []
        // Every way out of the run stops the server, errors included (a suite runs many in one
        // process); stop() is idempotent, so the normal path's call below is the one that counts.
        defer { server?.stop() }

        // Loops, timers and transport (HarnessLoops), host.
        let loops = try HarnessLoops(transportLoops: configuration.transportLoops)
        let clock = loops.clock
        let timers = loops.timers
        let transport = loops.transport
        let key = try configuration.payloadKey ?? AESGCM.randomBytes(32)
        let container = try SharedContainer(creatingIn: work, key: key)
        if let appGroup = configuration.appGroup { try container.copyContents(of: URL(fileURLWithPath: appGroup)) }
        if let keychain = configuration.keychain { try seedKeychain(keychain, of: container) }
        // The workers' UserDefaults suites live there (``SharedContainer/userDefaultsEnvironment``).
        try container.makePreferencesDirectory()
        let host = ExtensionHost(
            settings: hostSettings(),
            environment: HostEnvironment(
                clock: clock, timers: timers,
                downloader: CurlMediaDownloader(
                    transport: transport, caFile: caFile, tagger: server == nil ? nil : RequestTagger(),
                    receiveBufferBytes: receiveBufferBytes),
                // Counts only: a long run would fill the disk with attachments nobody reads.
                attachmentStore: AttachmentStore.counting(), temporaryDirectory: work, sharedContainer: container,
                payloadKey: key))
        let workers = try library.map { library in
            try startWorkers(
                library: library, container: container, work: work, caFile: caFile, tagRequests: server != nil,
                receiveBufferBytes: receiveBufferBytes, output: output, replyLoops: loops.transportLoops)
        }
        let payloads = try PayloadSource(configuration: configuration, mediaBases: mediaBases, key: key)
        // summary.csv records the settings that took effect: a replay's own shares, not the flags'.
        var recordedSettings = settings
        if let shares = payloads.replayedShares {
            recordedSettings.encryptedFraction = shares.encrypted
            recordedSettings.mediaFraction = shares.media
            // The extension's SDK reads its media elsewhere than any replayed payload carries it.
            if shares.media == 0, let field = configuration.mediaField, !configuration.quiet {
                context.output.write(
                    "payloads: none holds an http(s) URL at \(field), where the extension's push SDK reads its media: "
                        + "none asks for an attachment (--media-field names your key)\n")
            }
        }

        // Recording and progress.
        let faultLog = server == nil ? nil : InjectedFaultLogReader(path: serverFiles.faultLog.path)
        let recorder = try RunRecorder(
            folder: output, timeScale: scale, injectedFaults: faultLog,
            network: server != nil && configuration.payloadFile == nil ? settings.network : nil, seed: settings.seed,
            lowDataMode: settings.lowDataMode
        ) { [server] in
            server?.hasExited ?? false
        }
        let progress = ProgressReporter(
            context: context, quiet: configuration.quiet, total: Self.share(of: settings.length, settings.segment),
            recorder: recorder)
        let admission: DedicatedThreadExecutor
        do {
            admission = try DedicatedThreadExecutor(name: "nse-bench-admission")
        } catch {
            throw RunError.setup("could not start the thread that admits invocations: \(error)")
        }
        defer { admission.stop() }
        // Invocations run on the transport loops. In process, each beside its downloads: a download's end
        // resumes its invocation on the same thread. With extension processes the loops here carry no
        // downloads, and an invocation only sends its request and waits for the reply: on a loop, the
        // requests go out from a thread per core rather than from however many pool threads (Examples/
        // MediaDownload at 500 in flight, 200 KB: 7% more a second and 5% less CPU, medians of 3).
        let runner = LoadRunner(
            clock: clock, admissionExecutor: admission, invocationExecutors: loops.transportLoops)
        let watcher = SignalWatcher()
        let interruption = watchInterruption(watcher, runner: runner, recorder: recorder)
        // The extension's processes are set up before the load starts (a hung one is waited for only
        // so long, a Ctrl-C ends the wait): their start-up is the harness's, not queueing on the phones.
        if let workers {
            _ = await onOwnThread(named: "nse-bench-worker-ready") {
                workers.waitUntilReady(within: ExtensionWorkerPool.readyLimit) { runner.isStopping }
            }
        }
        // --start-at: every instance of a split run waits for the same moment (a Ctrl-C ends the wait).
        let startLag = await Self.waitForStart(configuration.startAt, runner: runner)
        let meter = HarnessMeter(server: server)
        let ticker = Task { await progress.run() }

        // The schedule's time zero is timeline.csv's second 0, and endpoints.csv's (the server notes
        // side calls on the same clock): an arrival is counted in the second the schedule gave it, and
        // the harness's delay in reaching it is admission lag, never a shifted curve.
        loops.measureFromNow()
        let origin = clock.now()
        recorder.begin(at: origin)
        // Records are handed to the recorder, not returned through the invoking tasks' frames, and
        // inputs are built outside them: with 10,000 in flight, a record- or input-sized slot in each
        // task's frames is megabytes.
        let invoke =
            workers.map { Self.invoking($0, payloads: payloads, factory: factory, recorder: recorder) }
            ?? Self.invoking(host, payloads: payloads, factory: factory, recorder: recorder)
        // In this process the runtime ends every invocation by its deadline, grace and wind-down (work still
        // running after its grace gets the wind-down); a worker's records may come later, until the pool's
        // sweep records them as lost.
        let drainLimit =
            workers?.drainLimit
            ?? scaled(settings.deadline + settings.grace + settings.windDown, scale) + 1_000_000_000
        let report = await runner.run(
            model: scaledLoad(settings.load, scale), length: scaledLength(settings.length, scale),
            ramp: scaled(settings.ramp, scale), seed: settings.seed, drainLimit: drainLimit, segment: settings.segment,
            fanout: settings.burstFanout.scaled(by: scale), start: origin, invoke: invoke)

        ticker.cancel()
        await ticker.value  // its last reading of the machine's CPU times ends the steal's window
        interruption.cancel()
        let signal = await interruption.value
        watcher.stop()
        let wallSeconds = meter.wallSeconds()
        // The extension's processes are the harness too: their CPU, memory and loops count with ours.
        // Waiting for them to exit is done on a thread of its own, not the cooperative pool's. Before the
        // loops stop: the workers' replies, and the ends of their output, are read on them.
        let workerFigures = await onOwnThread(named: "nse-bench-worker-finish") { workers?.finish() ?? [] }
        let harness = meter.figures(
            wallSeconds: wallSeconds, workers: workerFigures, workersResidentAtOnce: workers?.peakResidentBytesAtOnce)
        let own = await loops.stop()
        // The embedded server shares the machine: a machine saturated by the two together is a run
        // the harness distorted, whichever process used the CPU.
        let serverCPU = meter.serverCPU(server)
        let serverReport = await server?.stopped() ?? ""
        let (serverStats, serverStatsProblem) = Self.statistics(of: server, in: serverFiles)

        let selfCheck = Self.selfCheck(
            own: own, ownCallWaitP99: host.extensionCallWaitP99, workerFigures: workerFigures,
            admissionLag: report.admissionLag, harness: harness,
            serverCPU: serverCPU, progress: progress, recorder: recorder, serverStats: serverStats)
        let (problems, harnessProblems) = problems(
            selfCheck: selfCheck, serverStatsProblem: serverStatsProblem, recorder: recorder, partial: report.partial,
            cutOff: (count: report.cutOff, after: drainLimit),
            server: server, faultLog: faultLog, workers: workers, workerFigures: workerFigures,
            unattributedAtStart: meter.unattributedAtStart, threadStartFailure: host.threadStartFailure)
        var row = SummaryRow(
            settings: recordedSettings, aggregate: recorder.aggregate, fingerprint: HostFingerprintReader.current(),
            provenance: .init(gitCommit: Provenance.gitCommit(), timestamp: Provenance.timestamp()), harness: harness,
            selfCheck: selfCheck,
            problems: report.partial ? problems.filter { !$0.hasPrefix("interrupted") } : problems,
            partial: report.partial)
        addMeasuredColumns(
            to: &row, startLag: startLag, workers: workers, workerFigures: workerFigures, serverStats: serverStats,
            timeline: recorder.timeline)
        let verdicts = try present(
            row, recorder: recorder, selfCheck: selfCheck, serverReport: serverReport, serverStats: serverStats,
            origin: origin, scratch: scratch, workers: workers, workerFigures: workerFigures, in: output)
        return exitStatus(
            signal: signal, partial: report.partial, harnessProblems: harnessProblems, verdicts: verdicts)
    }

    /// Runs each admitted invocation on `host`, in this process. The invoking task waits for the
    /// host's callback in one small async frame: the session is started without an async call chain.
    private static func invoking(
        _ host: ExtensionHost, payloads: PayloadSource, factory: ExtensionFactory, recorder: RunRecorder
    ) -> @Sendable (LoadRunner.Ticket) async -> Void {
        { ticket in
            recorder.started()
            let prepared = prepare(ticket, payloads: payloads, factory: factory, on: host)
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                host.start(prepared) { record in
                    recorder.record(record)
                    continuation.resume()
                }
            }
        }
    }

    /// The invocation `ticket` admits, built and prepared on `host` in a synchronous step, so that its
    /// input never sits in the invoking task's async frames (not inlined: the optimizer would put
    /// its temporaries in the caller's frame).
    @inline(never)
    private static func prepare(
        _ ticket: LoadRunner.Ticket, payloads: PayloadSource, factory: ExtensionFactory, on host: ExtensionHost
    ) -> PreparedInvocation {
        host.prepare(
            payloads.input(index: ticket.index, arrival: ticket.scheduledArrival, factory: factory),
            executor: ticket.executor)
    }

    /// Runs each admitted invocation in the extension's processes and records it. As in this process,
    /// the invoking task waits in one small async frame: the request is built and sent in a synchronous
    /// step, and the record goes to the recorder from where the answer comes, not through the task.
    private static func invoking(
        _ workers: ExtensionWorkerPool, payloads: PayloadSource, factory: ExtensionFactory, recorder: RunRecorder
    ) -> @Sendable (LoadRunner.Ticket) async -> Void {
        { ticket in
            recorder.started()
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                send(ticket, payloads: payloads, factory: factory, to: workers) { record in
                    recorder.record(record)
                    continuation.resume()
                }
            }
        }
    }

    /// The invocation `ticket` admits, built and sent to a worker (not inlined, so that its input never
    /// sits in the invoking task's frame).
    @inline(never)
    private static func send(
        _ ticket: LoadRunner.Ticket, payloads: PayloadSource, factory: ExtensionFactory,
        to workers: ExtensionWorkerPool,
        answer: @escaping @Sendable (InvocationRecord) -> Void
    ) {
        workers.start(
            payloads.input(index: ticket.index, arrival: ticket.scheduledArrival, factory: factory), answer: answer)
    }

    /// `bytes` in MiB with one decimal, for the extension processes' line.
    static func mebibytes(_ bytes: Int) -> String { FixedPoint.text(Double(bytes) / 1_048_576, places: 1) }

    /// The invocations this instance runs of `length` (a segment's share), for the progress line's ETA.
    private static func share(of length: RunLength, _ segment: ExecutionSegment) -> RunLength {
        guard case .invocations(let count) = length else { return length }
        return .invocations(segment.share(of: count))
    }

    /// Sleeps until `startAt` (Unix seconds) unless the run is stopped first; returns how many
    /// seconds after it the run really started, nil without `--start-at`.
    private static func waitForStart(_ startAt: Double?, runner: LoadRunner) async -> Double? {
        guard let startAt else { return nil }
        while !runner.isStopping {
            let left = startAt - Date().timeIntervalSince1970
            guard left > 0 else { break }
            // Short naps near the start, so the lag is the scheduler's, not the nap's.
            let nap = left > 0.2 ? min(left - 0.1, 0.1) : left
            try? await Task.sleep(nanoseconds: UInt64(nap * 1e9))
        }
        return Date().timeIntervalSince1970 - startAt
    }

    /// Arrival rates speed up with time: 20/s at a 0.01 time scale is 2000/s.
    private func scaledLoad(_ load: LoadModel, _ scale: Double) -> LoadModel {
        guard case .open(let rate, let arrivals, let maxInFlight) = load else { return load }
        return .open(ratePerSecond: rate / scale, arrivals: arrivals, maxInFlight: maxInFlight)
    }

    private func scaledLength(_ length: RunLength, _ scale: Double) -> RunLength {
        guard case .duration(let nanoseconds) = length else { return length }
        return .duration(scaled(nanoseconds, scale))
    }

    func scaled(_ nanoseconds: UInt64, _ scale: Double) -> UInt64 {
        UInt64((Double(nanoseconds) * scale).rounded())
    }
}
