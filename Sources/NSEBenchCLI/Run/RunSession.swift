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
        let settings = configuration.settings
        let scale = settings.timeScale
        // First, before anything runs that would need stopping: a user's extension is built here.
        let (factory, library) = try prepareExtension()
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
        let server = try startServer(writing: serverFiles)
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
        let hostSettings = self.hostSettings()
        let host = ExtensionHost(
            settings: hostSettings,
            environment: HostEnvironment(
                clock: clock, timers: timers,
                downloader: CurlMediaDownloader(
                    transport: transport, caFile: caFile, tagger: server == nil ? nil : RequestTagger(),
                    receiveBufferBytes: receiveBufferBytes),
                // Counts only: a long run would fill the disk with attachments nobody reads.
                attachmentStore: AttachmentStore.counting(), temporaryDirectory: work, sharedContainer: container,
                payloadKey: key))
        // A user's extension runs in processes of its own, as on a phone: a crash ends only its process.
        let workers = try library.map { path in
            try ExtensionWorkerPool(
                count: configuration.extensionProcesses,
                launch: ExtensionWorkerPool.Launch(
                    executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
                    arguments: ExtensionWorkerCommand.arguments(
                        library: path, name: settings.extensionName, container: container.directory.path,
                        scratch: work.path, settings: hostSettings, caFile: caFile, tagRequests: server != nil),
                    errorLog: output.appendingPathComponent("extension-stderr.log"),
                    timeBudget: hostSettings.timeBudget))
        }
        let payloads = try PayloadSource(configuration: configuration, mediaBases: mediaBases, key: key)
        // summary.csv records the settings that took effect: a replay's own shares, not the flags'.
        var recordedSettings = settings
        if let shares = payloads.replayedShares {
            recordedSettings.encryptedFraction = shares.encrypted
            recordedSettings.mediaFraction = shares.media
        }

        // Recording and progress.
        let faultLog = server == nil ? nil : InjectedFaultLogReader(path: serverFiles.faultLog.path)
        // timeline.csv's second 0, and endpoints.csv's: the server notes side calls on the same clock.
        let origin = clock.now()
        let recorder = try RunRecorder(
            folder: output, timeScale: scale, origin: origin, injectedFaults: faultLog,
            network: server != nil && configuration.payloadFile == nil ? settings.network : nil, seed: settings.seed,
            lowDataMode: settings.lowDataMode
        ) { [server] in
            server?.hasExited ?? false
        }
        let progress = ProgressReporter(
            context: context, quiet: configuration.quiet, total: Self.share(of: settings.length, settings.segment),
            recorder: recorder)
        let admission = DedicatedThreadExecutor(name: "nse-bench-admission")
        defer { admission.stop() }
        let runner = LoadRunner(clock: clock, admissionExecutor: admission)
        let watcher = SignalWatcher()
        let interruption = watchInterruption(watcher, runner: runner, recorder: recorder)
        // --start-at: every instance of a split run waits for the same moment (a Ctrl-C ends the wait).
        let startLag = await Self.waitForStart(configuration.startAt, runner: runner)
        let cpuAtStart = ProcessResources.cpuSeconds()
        // The server's CPU counts from here: its own start-up is not the run's.
        let serverCPUAtStart = server?.cpuSeconds ?? 0
        let unattributedAtStart = SimulatedURLSession.unattributedRequestCount
        let wallStart = MonotonicClock.now()
        let memory = try? MemoryStatistics()
        let mallocsAtStart = (try? memory?.snapshot())??.mallocCount ?? 0
        let ticker = Task { await progress.run() }

        let report = await runner.run(
            model: scaledLoad(settings.load, scale), length: scaledLength(settings.length, scale),
            ramp: scaled(settings.ramp, scale), seed: settings.seed,
            drainLimit: scaled(settings.deadline + settings.grace, scale) + 1_000_000_000, segment: settings.segment,
            fanout: settings.burstFanout.scaled(by: scale)
        ) { ticket in
            recorder.started()
            let input = payloads.input(index: ticket.index, arrival: ticket.scheduledArrival, factory: factory)
            let record = if let workers { await workers.invoke(input) } else { await host.invoke(input) }
            recorder.record(record)
        }

        ticker.cancel()
        interruption.cancel()
        let signal = await interruption.value
        watcher.stop()
        let wallSeconds = Double(MonotonicClock.now() - wallStart) / 1e9
        // The extension's processes are the harness too: their CPU, memory and loops count with ours.
        let workerFigures = workers?.finish() ?? []
        let harness = SummaryRow.HarnessFigures(
            wallSeconds: wallSeconds,
            cpuSeconds: ProcessResources.cpuSeconds() - cpuAtStart + workerFigures.map(\.cpuSeconds).reduce(0, +),
            peakResidentBytes: ProcessResources.peakResidentBytes()
                + workerFigures.map(\.peakResidentBytes).reduce(0, +),
            mallocs: ((try? memory?.snapshot())??.mallocCount ?? 0) &- mallocsAtStart)
        let own = await loops.stop()
        // The embedded server shares the machine: a machine saturated by the two together is a run
        // the harness distorted, whichever process used the CPU.
        let serverCPU = max(0, (server?.cpuSeconds ?? 0) - serverCPUAtStart)
        let serverReport = server?.stop() ?? ""
        let (serverStats, serverStatsProblem) = Self.statistics(of: server, in: serverFiles)

        var selfCheck = SelfCheck(
            timerLatenessP99: ([own.timerLatenessP99] + workerFigures.map(\.timerLatenessP99)).max() ?? 0,
            transportLagP99: ([own.transportLagP99] + workerFigures.map(\.transportLagP99)).max() ?? 0,
            admissionLagP99: ([report.admissionLag.value(atPercentile: 99)] + workerFigures.map(\.dispatchLagP99)).max()
                ?? 0,
            cpuUtilisation: wallSeconds > 0
                ? (harness.cpuSeconds + serverCPU) / (wallSeconds * Double(ProcessResources.cores)) : 0,
            descriptorsFree: ProcessResources.descriptorLimit() - progress.peakDescriptors,
            descriptorLimit: ProcessResources.descriptorLimit())
        selfCheck.wallSeconds = wallSeconds
        selfCheck.harnessWaitP99 =
            recorder.aggregate.histograms[.phase(.harnessWait)]?.value(atPercentile: 99) ?? 0
        selfCheck.serverLatenessP99 = serverStats?.firstByteLatenessP99 ?? 0
        selfCheck.machineBusyPeak = progress.machineBusyPeak
        let (problems, harnessProblems) = problems(
            selfCheck: selfCheck, serverStatsProblem: serverStatsProblem, recorder: recorder, partial: report.partial,
            server: server, faultLog: faultLog, workers: workers, workerFigures: workerFigures,
            unattributedAtStart: unattributedAtStart)
        var row = SummaryRow(
            settings: recordedSettings, aggregate: recorder.aggregate, fingerprint: HostFingerprintReader.current(),
            provenance: .init(gitCommit: Provenance.gitCommit(), timestamp: Provenance.timestamp()), harness: harness,
            selfCheck: selfCheck,
            problems: report.partial ? problems.filter { !$0.hasPrefix("interrupted") } : problems,
            partial: report.partial)
        if let startLag { row.values["start_lag_ms"] = FixedPoint.text(startLag * 1e3, places: 3) }
        // The footprint is known only where every worker could read its heap.
        if let workers, workerFigures.allSatisfy({ $0.memoryWatchFailure == nil }) {
            let footprint = max(workers.memoryKillFootprint, workerFigures.map(\.peakFootprintBytes).max() ?? 0)
            row.values["extension_footprint_peak_bytes"] = String(footprint)
        }
        if let origin = serverStats?.originCache {
            row.values["origin_fetches"] = String(origin.originFetches)
            row.values["origin_coalesced"] = String(origin.coalesced)
            row.values["cache_hits"] = String(origin.hits)
        }
        let (unwritten, sideCalls) = writeResults(
            row, recorder: recorder, serverReport: serverReport, serverStats: serverStats, origin: origin, in: output)
        // A run the harness's own queue made invalid says what load would have fit.
        let saturation =
            selfCheck.harnessQueued(timeScale: scale, deadline: settings.deadline)
            ? SaturationEstimate(
                timeline: recorder.timeline, histograms: recorder.aggregate.histograms, timeScale: scale)
            : nil
        // The terminal summary is all that is left of a run whose files could not be written, so it
        // is printed then even with --quiet.
        if !configuration.quiet || !unwritten.isEmpty {
            context.output.write(
                SummaryRenderer.render(
                    row: row, aggregate: recorder.aggregate, folder: output, format: configuration.format,
                    serverReport: serverReport, timeScale: scale, scratch: "\(scratch.path) (\(scratch.reason))",
                    unwritten: unwritten.map(\.name), network: settings.network, timeline: recorder.timeline,
                    saturation: saturation.map { ($0, settings.load) }))
        }
        if !sideCalls.isEmpty, !configuration.quiet, configuration.format == .text {
            context.output.write(SideCallLines.summary(sideCalls) + "\n")
        }
        if let workers, !configuration.quiet {
            context.output.write(
                workerSummary(workers, footprint: row.values["extension_footprint_peak_bytes"], output: output))
        }
        let verdicts = ThresholdVerdict.evaluate(configuration.thresholds, row: row.values)
        if !verdicts.isEmpty, !configuration.quiet {
            context.output.write("thresholds:\n" + verdicts.map { "  \($0)\n" }.joined())
        }
        try ThresholdFile.write(verdicts, in: output)
        if configuration.writeReport, unwritten.isEmpty {
            let path = try ReportCommand.writeRunReport(folder: output.path)
            if !configuration.quiet { context.output.write("report: \(path)\n") }
        }
        if !unwritten.isEmpty {
            throw RunError.output(
                "results not written in \(output.path): "
                    + unwritten.map(\.description).joined(separator: "; ")
                    + "; the summary printed above is what the run measured")
        }
        return exitStatus(
            signal: signal, partial: report.partial, harnessProblems: harnessProblems, verdicts: verdicts)
    }

    /// The invocations this instance runs of `length` (a segment's share), for the progress line's ETA.
    /// `bytes` in MiB with one decimal, for the extension processes' line.
    static func mebibytes(_ bytes: Int) -> String { FixedPoint.text(Double(bytes) / 1_048_576, places: 1) }

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
