import Foundation
import NSEBenchCore
import NSEBenchSystem
import NSERuntime
import SimulatedDevice

/// The steps of ``RunSession/execute()`` that stand on their own: the extension, the scratch folder,
/// the embedded server and its files, the host's settings, the interruption watch, the server's
/// statistics, the extension processes' line and the exit status.
extension RunSession {
    /// The files the embedded server and the run share in the run's work folder.
    struct ServerFiles {
        /// With `--tls` the server writes its self-signed certificate here, and the transport trusts it alone.
        let certificate: URL
        /// The server notes here the faults its responses cannot name (a reset before the response), by
        /// request tag; the recorder reads them back.
        let faultLog: URL
        /// The managed server writes its counters and its own lateness here when it stops.
        let statistics: URL
        /// The settings the run hands the server (``ServeSettings``).
        let settings: URL

        init(in work: URL) {
            certificate = work.appendingPathComponent("media-server.pem")
            faultLog = work.appendingPathComponent("server-faults.log")
            statistics = work.appendingPathComponent("server-stats.json")
            settings = work.appendingPathComponent("server-settings.json")
        }
    }

    /// The extension to run, built first (a user's is compiled here) so that nothing is running yet
    /// that would need stopping; with the notes on the way and a load beyond what `nse-bench capacity`
    /// measured here said before it runs, not only found out afterwards by the self-check.
    /// Compiling a user's extension takes seconds to minutes, so it runs on a thread of its own
    /// (``onOwnThread``), not the cooperative pool's.
    /// The configuration it returns is the run's, with payloads carrying the media URL where the built
    /// extension's SDK reads it (a module the build left out may have been the one importing it).
    func prepareExtension() async throws -> (
        factory: ExtensionFactory, library: ExtensionLibrary?, configuration: RunConfiguration
    ) {
        let settings = configuration.settings
        var configuration = configuration
        let configurationNow = configuration
        let (factory, library, notes, source) = try await onOwnThread(named: "nse-bench-extension-build") {
            try ExtensionChoice.factory(
                configurationNow, settings: BuiltInExtensionSettings(timeScale: settings.timeScale))
        }
        if let source, !configuration.mediaFieldGiven { configuration.mediaField = source.mediaField }
        if let source { configuration.pushPayloadFields = source.pushPayloadFields }
        if !configuration.quiet {
            for note in notes { context.output.write("\(note)\n") }
            if let warning = CapacityFile.warning(
                for: settings.load, timeScale: settings.timeScale,
                extensionName: CapacityFile.key(
                    extension: settings.extensionName, principalClass: configuration.principalClass,
                    modules: configuration.modules),
                environment: context.environment)
            {
                context.errors.write(warning)
            }
        }
        return (factory, library, configuration)
    }

    /// Writes the `--keychain` items where the run's phones find them, saying which of them a locked phone
    /// (as the run's are) will refuse to the extension, and why.
    func seedKeychain(_ items: KeychainItems, of container: SharedContainer) throws {
        do {
            try PhoneKeychain.write(items, to: container.keychainFile)
        } catch {
            throw RunError.setup("cannot write the run's keychain \(container.keychainFile.path): \(error)")
        }
        guard !configuration.quiet else { return }
        for item in KeychainSeed.unlockedOnly(items) {
            context.errors.write(
                "keychain: \(item): readable only while the phone is unlocked (WhenUnlocked is the default); "
                    + "the run's phones are locked, as most are when a notification arrives, so "
                    + "SecItemCopyMatching returns errSecInteractionNotAllowed (-25308) for it. An app whose "
                    + "extension reads it adds it with kSecAttrAccessibleAfterFirstUnlock.\n")
        }
    }

    /// Where the run's work folder goes (``ScratchDirectory``), and why there, for downloads of up to
    /// `largestMediaBytes` (nil when unknown).
    func scratchParent(largestMediaBytes: Int?) -> (path: String, reason: String) {
        ScratchDirectory.parent(
            requested: configuration.scratchDirectory, environment: ProcessInfo.processInfo.environment,
            inFlight: configuration.settings.load.maxInFlight, largestMediaBytes: largestMediaBytes)
    }

    /// The embedded media server, started with the run's settings and `files`; nil with `--target`.
    /// Starting it waits for the server's address lines, on a thread of its own (``onOwnThread``).
    func startServer(writing files: ServerFiles) async throws(RunError) -> EmbeddedServerProcess? {
        guard configuration.target == nil else { return nil }
        var settings = ServeSettings(embeddedFor: configuration)
        settings.faultLog = files.faultLog.path
        settings.statsOutput = files.statistics.path
        if configuration.tls { settings.certificateOutput = files.certificate.path }
        let executable = configuration.serverExecutable ?? EmbeddedServerProcess.ownExecutable
        let settingsFile = files.settings.path
        return try await onOwnThread(named: "nse-bench-server-start") { [settings] () throws(RunError) in
            try EmbeddedServerProcess(executable: executable, settings: settings, settingsFile: settingsFile)
        }
    }

    /// The phone's budget, grace, wind-down and memory limit, every time scaled.
    func hostSettings() -> HostSettings {
        let settings = configuration.settings
        let scale = settings.timeScale
        return HostSettings(
            timeBudget: scaled(settings.deadline, scale), gracePeriod: scaled(settings.grace, scale),
            windDown: scaled(settings.windDown, scale), memoryLimit: settings.memoryLimit, timeScale: scale)
    }

    /// The first Ctrl-C (or SIGTERM) stops admitting and lets invocations in flight finish within
    /// deadline and grace; a second ends the run at once, abandoning them. Either way what was
    /// recorded is written, marked partial. The task returns the first signal.
    func watchInterruption(_ watcher: SignalWatcher, runner: LoadRunner, recorder: RunRecorder) -> Task<Int32?, Never> {
        Task { [context] () -> Int32? in
            var signals = watcher.signals.makeAsyncIterator()
            guard let first = await signals.next() else { return nil }
            runner.stop()
            context.errors.write(
                "nse-bench: \(SignalWatcher.name(of: first)): no more arrivals; invocations in flight may finish "
                    + "(send it again to stop at once)\n")
            guard let second = await signals.next() else { return first }
            let abandoned = recorder.seal()
            runner.abort()
            context.errors.write(
                "nse-bench: \(SignalWatcher.name(of: second)) again: stopping now; \(abandoned) \(abandoned == 1 ? "invocation" : "invocations") "
                    + "in flight \(abandoned == 1 ? "is" : "are") abandoned and will be in no result file\n")
            return first
        }
    }

    /// What the stopped server reported (its counters and own lateness), or why it could not be read;
    /// neither without a server or for one that ended before it was stopped.
    static func statistics(of server: EmbeddedServerProcess?, in files: ServerFiles) -> (
        report: ManagedServerReport?, problem: String?
    ) {
        guard server != nil, server?.exitedBeforeStop == nil else { return (nil, nil) }
        do {
            return (try ManagedServerReport.read(from: files.statistics.path), nil)
        } catch {
            return (
                nil, "the embedded media server's statistics could not be read (\(error)): its own lateness is unknown"
            )
        }
    }

    /// The extension processes' line: how many, deaths, memory kills, footprint (`footprint`, the
    /// summary's bytes, when known), the threads added for calls that waited (from their `figures`)
    /// and invocations run again.
    func workerSummary(_ workers: ExtensionWorkerPool, figures: [WorkerFigures], footprint: String?, output: URL)
        -> String
    {
        let blocked = figures.map(\.peakBlockedCallThreads).max() ?? 0
        let blockedCallbacks = figures.map(\.peakBlockedCallbackThreads).max() ?? 0
        let settings = configuration.settings
        let deaths = workers.processDeaths
        let footprint = Int(footprint ?? "").map { "\(Self.mebibytes($0)) MiB" }
        return "extension processes: \(configuration.extensionProcesses), \(deaths) died and were replaced"
            + (workers.memoryKills > 0
                ? " (\(workers.memoryKills) killed by the memory limit, as jetsam kills them)" : "")
            + "; footprint up to \(footprint ?? "unknown") per invocation (limit "
            + "\(Self.mebibytes(settings.memoryLimit)) MiB)"
            + (blocked > 0
                ? "; calls into your extension needed up to \(blocked) threads at once in a process beyond one "
                    + "per core, added for calls that waited 2 ms with none free while calls blocked their "
                    + "threads" + (workers.trappedInvocations > 0 ? " (a trap's held thread among them)" : "")
                : "")
            + (blockedCallbacks > 0
                ? "; its session callbacks (completion handlers, delegate calls) needed up to "
                    + "\(blockedCallbacks) threads at once in a process beyond one per core, for callbacks that "
                    + "blocked theirs"
                : "")
            + (workers.trappedInvocations > 0
                ? "; \(workers.trappedInvocations) \(workers.trappedInvocations == 1 ? "trap" : "traps") in your "
                    + "extension's code ended only \(workers.trappedInvocations == 1 ? "its invocation" : "their invocations"): "
                    + "the others in \(workers.trappedInvocations == 1 ? "its process" : "their processes") ran on, "
                    + "as on their own phones, and a fresh process took the next"
                    + (workers.trapsInProcessesKeptTaking > 0
                        ? " (after \(workers.trapsInProcessesKeptTaking) of them, the process kept taking invocations: "
                            + "as many processes as the run has (\(configuration.extensionProcesses)) were already "
                            + "finishing what they held after a trap, and it finished in its turn)"
                        : "")
                : "")
            + (workers.rerunInvocations > 0
                ? "; \(workers.rerunInvocations) invocations sent to a process that died under another ran again, up to "
                    + "\(FixedPoint.text(Double(workers.rerunDelayMaximum) / settings.timeScale / 1e6, places: 1)) ms late"
                : "")
            + (deaths > 0
                ? " (their messages: \(output.appendingPathComponent("extension-stderr.log").path))" : "")
            + "\n"
    }

    /// The run's exit status: a signal's, interrupted, the harness's failure (said on stderr), or the
    /// thresholds' verdict.
    func exitStatus(signal: Int32?, partial: Bool, harnessProblems: [String], verdicts: [ThresholdVerdict])
        -> ExitCode
    {
        if let signal, let status = ExitCode(stoppedBy: signal) { return status }
        if partial { return .interrupted }
        if !harnessProblems.isEmpty {
            context.errors.write(
                "nse-bench: the harness failed, so the run is not valid: \(harnessProblems.joined(separator: "; "))\n")
            return .harnessError
        }
        return verdicts.allSatisfy(\.passed) ? .success : .regression
    }

    /// What makes the run invalid, said in summary.csv's invalid_reason: the self-check's findings,
    /// an unreadable server report, uncertain outcomes, an interruption, and the harness's failures
    /// (also returned alone: they make the run exit 1: records it lost, invocations it had to cancel
    /// `after` nanoseconds of draining), the extension processes', unattributed requests' and threads
    /// for the extension's calls that could not be started (`threadStartFailure`, this process's host's).
    func problems(
        selfCheck: SelfCheck, serverStatsProblem: String?, recorder: RunRecorder, partial: Bool,
        cutOff: (count: Int, after: UInt64),
        server: EmbeddedServerProcess?, faultLog: InjectedFaultLogReader?, workers: ExtensionWorkerPool?,
        workerFigures: [WorkerFigures], unattributedAtStart: Int, threadStartFailure: String?
    ) -> (all: [String], harness: [String]) {
        let settings = configuration.settings
        let scale = settings.timeScale
        var problems = selfCheck.problems(timeScale: scale, deadline: settings.deadline)
        // Whether the harness fell behind: the host's steal, if large, is then named beside it.
        var delayed = !selfCheck.delays(timeScale: scale, deadline: settings.deadline).isEmpty
        if let serverStatsProblem { problems.append(serverStatsProblem) }
        let aggregate = recorder.aggregate
        if let problem = SelfCheck.problem(
            uncertain: aggregate.uncertain(lagBound: selfCheck.harnessLagBound), invocations: aggregate.invocations)
        {
            problems.append(problem)
            delayed = true
        }
        if partial { problems.append("interrupted: results are partial") }
        // Said apart from the interruption (which the partial column already says): a count the results
        // hold nowhere else.
        if recorder.abandoned > 0 {
            problems.append(
                "\(recorder.abandoned) \(recorder.abandoned == 1 ? "invocation" : "invocations") in flight when the "
                    + "run was stopped at once \(recorder.abandoned == 1 ? "is" : "are") in no result file")
        }
        // Harness failures are never target outcomes: the run is invalid and exits 1, naming them.
        var harnessProblems = SelfCheck.problems(harnessFailures: recorder.harnessFailures)
        if let exit = server?.exitedBeforeStop {
            harnessProblems.insert("the embedded media server \(exit) mid-run", at: 0)
        }
        // An invocation still running long after its deadline is the harness's failure to end it.
        if let problem = SelfCheck.problem(cutOff: cutOff.count, drainLimit: cutOff.after) {
            harnessProblems.append(problem)
        }
        problems += harnessProblems
        if let failure = faultLog?.failure {
            problems.append(
                "the embedded server's fault log could not be read (\(failure)): resets it injected before a "
                    + "response may show as real")
        }
        if let workers {
            problems += ExtensionWorkerPool.problems(workers, timeScale: scale, deadline: settings.deadline)
            if ExtensionWorkerPool.rerunLateness(workers, timeScale: scale, deadline: settings.deadline) != nil {
                delayed = true
            }
        }
        if let failure = workerFigures.compactMap(\.memoryWatchFailure).first {
            problems.append(
                "an extension process's heap could not be read (\(failure)): its memory was judged by the model "
                    + "only, and a process that grew past --memory-limit may not have been killed")
        }
        // Calls into the extension that waited for a thread the system would not make waited for the harness.
        let threadFailures = ([threadStartFailure] + workerFigures.map(\.threadStartFailure)).compactMap { $0 }
        if !threadFailures.isEmpty {
            problems.append(
                "calls into the extension waited for threads the harness could not start (in "
                    + "\(threadFailures.count) \(threadFailures.count == 1 ? "process" : "processes")): "
                    + threadFailures.joined(separator: "; "))
            delayed = true
        }
        // Requests of a user's extension that no simulated phone could be told for failed (URLError
        // .unsupportedURL) because of the harness, not the network.
        let unattributed =
            SimulatedURLSession.unattributedRequestCount - unattributedAtStart
            + workerFigures.map(\.unattributedRequests).reduce(0, +)
        if unattributed > 0 {
            problems.append(
                "\(unattributed) URLSession requests were made where nse-bench could not tell which simulated phone "
                    + "made them (through URLSession.shared, from an Operation subclass's main(), a NotificationCenter "
                    + "observer given a queue, a thread made with pthread_create or another way nse-bench does not "
                    + "carry: the not-faithful lines name those it found) and failed; make the request from "
                    + "didReceive, a DispatchQueue block, a Task or a Thread(block:), or create the session inside "
                    + "didReceive"
            )
        }
        if let note = selfCheck.stealNote(delayed: delayed) { problems.append(note) }
        return (problems, harnessProblems)
    }

    /// Writes the run's files (``RunRecorder/finish(summary:)``, server.log, endpoints.csv when a side
    /// endpoint was called); returns the files that could not be written and the side calls.
    func writeResults(
        _ row: SummaryRow, recorder: RunRecorder, serverReport: String, serverStats: ManagedServerReport?,
        origin: UInt64, in output: URL
    ) -> (unwritten: [UnwrittenFile], sideCalls: EndpointTimeline) {
        let scale = configuration.settings.timeScale
        var unwritten = recorder.finish(summary: row)
        do {
            try TextFile.write(serverReport, to: output.appendingPathComponent("server.log").path)
        } catch {
            unwritten.append(UnwrittenFile(name: "server.log", error: error))
        }
        let sideCalls = EndpointTimeline(
            calls: SideCallLines.calls(in: serverStats), origin: origin, timeScale: scale)
        if !sideCalls.isEmpty {
            do {
                try SideCallLines.write(sideCalls, in: output)
            } catch {
                unwritten.append(UnwrittenFile(name: SideCallLines.fileName, error: error))
            }
        }
        return (unwritten, sideCalls)
    }

    /// The summary columns measured outside the aggregate: the start lag of a `--start-at` run, the
    /// extension's footprint (known only where every worker could read its heap), the origin cache's
    /// counts, the media host's peaks (from `timeline`, as timeline.csv has them).
    func addMeasuredColumns(
        to row: inout SummaryRow, startLag: Double?, workers: ExtensionWorkerPool?, workerFigures: [WorkerFigures],
        serverStats: ManagedServerReport?, timeline: RunTimeline
    ) {
        if let startLag { row.values["start_lag_ms"] = FixedPoint.text(startLag * 1e3, places: 3) }
        row.values.merge(timeline.mediaPeakValues) { $1 }
        if let workers, workerFigures.allSatisfy({ $0.memoryWatchFailure == nil }) {
            let footprint = max(workers.memoryKillFootprint, workerFigures.map(\.peakFootprintBytes).max() ?? 0)
            row.values["extension_footprint_peak_bytes"] = String(footprint)
        }
        if let origin = serverStats?.originCache {
            row.values["origin_fetches"] = String(origin.originFetches)
            row.values["origin_coalesced"] = String(origin.coalesced)
            row.values["cache_hits"] = String(origin.hits)
        }
    }

    /// Writes the results and says what the run found: the terminal summary, the side calls, the
    /// extension processes, the thresholds, the report. Returns the thresholds' verdicts; throws when
    /// result files could not be written (after the summary, which is then printed even with --quiet:
    /// it is all that is left).
    func present(
        _ row: SummaryRow, recorder: RunRecorder, selfCheck: SelfCheck, serverReport: String,
        serverStats: ManagedServerReport?, origin: UInt64, scratch: (path: String, reason: String),
        workers: ExtensionWorkerPool?, workerFigures: [WorkerFigures], in output: URL
    ) throws -> [ThresholdVerdict] {
        let settings = configuration.settings
        let scale = settings.timeScale
        let (unwritten, sideCalls) = writeResults(
            row, recorder: recorder, serverReport: serverReport, serverStats: serverStats, origin: origin, in: output)
        // A run the harness's own queue made invalid says what load would have fit.
        let saturation =
            selfCheck.harnessQueued(timeScale: scale, deadline: settings.deadline)
            ? SaturationEstimate(
                timeline: recorder.timeline, histograms: recorder.aggregate.histograms, timeScale: scale)
            : nil
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
                workerSummary(
                    workers, figures: workerFigures, footprint: row.values["extension_footprint_peak_bytes"],
                    output: output))
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
        return verdicts
    }

    /// The run's self-check: the worst of its own loops' and its workers' lags, the machine's CPU share
    /// (the embedded server's included: it shares the machine), descriptors, the harness's queueing, the
    /// server's own lateness, and the extension calls' wait for a thread (`ownCallWaitP99`, this process's
    /// host's, nil when it made none; the workers' from their figures).
    static func selfCheck(
        own: (timerLatenessP99: UInt64, transportLagP99: UInt64), ownCallWaitP99: UInt64?,
        workerFigures: [WorkerFigures], admissionLag: Histogram, harness: SummaryRow.HarnessFigures, serverCPU: Double,
        progress: ProgressReporter,
        recorder: RunRecorder, serverStats: ManagedServerReport?
    ) -> SelfCheck {
        let wallSeconds = harness.wallSeconds
        var selfCheck = SelfCheck(
            timerLatenessP99: ([own.timerLatenessP99] + workerFigures.map(\.timerLatenessP99)).max() ?? 0,
            transportLagP99: ([own.transportLagP99] + workerFigures.map(\.transportLagP99)).max() ?? 0,
            admissionLagP99: ([admissionLag.value(atPercentile: 99)] + workerFigures.map(\.dispatchLagP99)).max() ?? 0,
            cpuUtilisation: wallSeconds > 0
                ? (harness.cpuSeconds + serverCPU) / (wallSeconds * Double(ProcessResources.cores)) : 0,
            descriptorsFree: ProcessResources.descriptorLimit() - progress.peakDescriptors,
            descriptorLimit: ProcessResources.descriptorLimit())
        selfCheck.wallSeconds = wallSeconds
        selfCheck.harnessWaitP99 = recorder.aggregate.histograms[.phase(.harnessWait)]?.value(atPercentile: 99) ?? 0
        selfCheck.serverLatenessP99 = serverStats?.firstByteLatenessP99 ?? 0
        // A user's extension's calls, in this process or in its own: none for a built-in's in this one.
        selfCheck.extensionCallWaitP99 =
            ([ownCallWaitP99] + workerFigures.map(\.extensionCallWaitP99)).compactMap { $0 }.max()
        selfCheck.machineBusyPeak = progress.machineBusyPeak
        selfCheck.machineSteal = progress.machineSteal
        return selfCheck
    }

    /// The processes a user's extension runs in, as on a phone: a crash ends only its process. Their
    /// replies are read on `replyLoops`, where the invocations waiting for them run.
    func startWorkers(
        library: ExtensionLibrary, container: SharedContainer, work: URL, caFile: String?, tagRequests: Bool,
        receiveBufferBytes: Int?, output: URL, replyLoops: [EventLoop]
    ) throws -> ExtensionWorkerPool {
        let hostSettings = hostSettings()
        let symbolizer = NativeSymbolizer(toolchain: library.toolchain)
        let folder = FileManager.default.currentDirectoryPath
        let errorLog = output.appendingPathComponent("extension-stderr.log")
        return try ExtensionWorkerPool(
            count: configuration.extensionProcesses,
            launch: ExtensionWorkerPool.Launch(
                executable: library.workerExecutable,
                arguments: ExtensionWorkerCommand.arguments(
                    library: library.path, name: configuration.settings.extensionName,
                    container: container.directory.path,
                    scratch: work.path, settings: hostSettings, caFile: caFile, tagRequests: tagRequests,
                    receiveBufferBytes: receiveBufferBytes),
                replyLoops: replyLoops,
                errorLog: errorLog,
                environment: [container.userDefaultsEnvironment.name: container.userDefaultsEnvironment.value],
                timeBudget: hostSettings.timeBudget,
                answerLimit: hostSettings.timeBudget + hostSettings.gracePeriod + hostSettings.windDown
                    + ExtensionWorkerPool.answerMargin,
                crashSite: { stack, logEnd in
                    symbolizer?.site(of: stack).flatMap { site in
                        let message = logEnd.flatMap { Self.printedMessage(for: site, in: errorLog, endingAt: $0) }
                        return site.description(relativeTo: folder, printedMessage: message)
                    }
                }))
    }

    /// What the Swift runtime printed on the extension processes' standard error for `site`'s line
    /// (``RuntimeMessage``), looked for in the 32 KiB of `errorLog` before `end`, its size when the crash
    /// was reported (what the runtime printed for it was written before the report); nil when it printed
    /// nothing there (an optimised build's `precondition`, a message pushed out by the extension's own
    /// output) or the log cannot be read.
    static func printedMessage(for site: CrashSite, in errorLog: URL, endingAt end: Int) -> String? {
        guard site.runtimeFailure == nil, let line = site.sourceLine else { return nil }
        do {
            let log = try TextFile.readTail(errorLog.path, bytes: 32 << 10, endingAt: end)
            return RuntimeMessage.find(in: log, file: line.file, line: line.line)
        } catch {
            return nil  // the crash keeps its place, without the message
        }
    }
}
