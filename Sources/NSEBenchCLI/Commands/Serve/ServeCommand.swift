import Foundation
public import MediaServer
public import NSEBenchCore
import NSEBenchSystem

/// `nse-bench serve`: the media server on its own, for real devices, simulators and any HTTP client.
public struct ServeCommand: ParsableCommand {
    /// The command's name, help and options, from which it is parsed and `--help` is written.
    public static let configuration = CommandConfiguration(
        name: "serve",
        abstract: "Run the media server on its own, with injected latency, bandwidth and faults.",
        discussion: """
            Serves synthetic media with valid magic bytes at /media/<size>.<ext> (jpg, png, gif, mp4, mp3, m4a, \
            wav), for example /media/200KB.jpg or /media/8MB.gif; /media/<size>?type=jpeg for a URL without an \
            extension; content-type=right|wrong|missing. Every network flag is also a query parameter for one \
            request: /media/1MB.jpg?ttfb=2s&bandwidth=100KB/s&status=503:100. Also answers SDKs' side calls: \
            /receipts/<id> and /metrics/<name> (a small JSON body) and /avatars/<size>.<ext> (an image), each \
            under its own --endpoint conditions. Prints its base URL, then live counts; stops cleanly on Ctrl-C \
            or SIGTERM.
            """,
        options: ServeOptions.declarations,
        examples: [
            "nse-bench serve --port 8080 --profile 3g",
            "nse-bench serve --port 8080 --profile wifi:60,lte:40   # wifi on 8080, lte on a port it prints",
            "nse-bench serve --ttfb lognormal:median=300ms,p99=3s --status 503:2 --reset-during 1",
            "nse-bench serve --origin-fetch lognormal:median=800ms,p99=3s --coalesce off   # a cold CDN",
            "curl -o cat.jpg 'http://127.0.0.1:8080/media/200KB.jpg?ttfb=1s&bandwidth=100KB/s'",
        ])

    /// The media server's configuration, every duration scaled.
    public let server: MediaServerConfiguration
    /// With a `--profile` mix, the class of each listener (the first on `--port`); empty for one network.
    public let classNames: [String]
    /// `--cert-out`.
    public let certificateOutput: String?
    /// `--fault-log FILE`.
    public let faultLogPath: String?
    /// `--stats-out FILE`.
    public let statsOutput: String?
    /// `--stats-interval`.
    public let statsInterval: DurationValue
    /// `--quiet`.
    public let quiet: Bool
    /// `--managed`: a run's child, stopped by SIGTERM only.
    public let managed: Bool
    /// `--parent-pid`: the process whose end ends this server (SIGTERM, from the kernel).
    public let parentProcess: Int32?

    /// Validates the parsed options; a bad value or combination is a usage error naming the option.
    public init(parsing arguments: ParsedArguments) throws(UsageError) {
        guard let path = try arguments[ServeOptions.settingsFile] else {
            try self.init(settings: ServeSettings(parsing: arguments))
            return
        }
        // The file is the whole of the settings: a flag beside it would be silently ignored.
        let settingsFile = ServeOptions.settingsFile.name
        if let other = Self.configuration.options.first(where: {
            $0.name != settingsFile && arguments.wasGiven($0.name)
        }) {
            throw .conflictingOptions(settingsFile, other.name)
        }
        try self.init(settings: ServeSettings.read(from: path))
    }

    /// The server `settings` describe, every duration scaled by their time scale; an address that is
    /// not IPv4, a media directory that is not one, or a certificate that does not load is a usage
    /// error naming the flag.
    public init(settings: ServeSettings) throws(UsageError) {
        guard let address = IPv4Address(host: settings.host, port: settings.port) else {
            throw .invalidValue(
                option: ServeOptions.host.name, value: settings.host, expected: "an IPv4 address such as 127.0.0.1")
        }
        if let mediaDirectory = settings.mediaDirectory, Posix.fileStatus(mediaDirectory)?.isDirectory != true {
            let found = Posix.fileStatus(mediaDirectory) == nil ? "nothing is there" : "it is not a directory"
            throw .invalidValue(
                option: ServeOptions.mediaDirectory.name, value: mediaDirectory,
                expected: "a directory of files to serve (\(found))")
        }
        let timeScale = settings.timeScale
        var configuration = MediaServerConfiguration(
            address: address, conditions: settings.classes[0].conditions.scaled(by: timeScale), seed: settings.seed,
            mediaDirectory: settings.mediaDirectory, idleTimeout: settings.idleTimeout)
        configuration.tls = try TLSOptions.context(for: settings.tls)
        configuration.originCache = settings.originCache?.scaled(by: timeScale)
        configuration.endpoints = settings.endpoints.mapValues { $0.scaled(by: timeScale) }
        // A mix serves each class on a port of its own: a phone's network is the port it connects to.
        configuration.additionalClasses = settings.classes.dropFirst().map {
            ServedNetworkClass(name: $0.name, conditions: $0.conditions.scaled(by: timeScale))
        }
        classNames = settings.classes.count > 1 ? settings.classes.map(\.name) : []
        server = configuration
        certificateOutput = settings.certificateOutput
        faultLogPath = settings.faultLog
        statsOutput = settings.statsOutput
        statsInterval = settings.statsInterval
        quiet = settings.quiet
        managed = settings.managed
        parentProcess = settings.parentProcess
    }

    /// Runs the command, writing to `context`; returns its exit status.
    public func run(_ context: CommandContext) async throws -> ExitCode {
        // First, so a server whose run has already ended never starts listening.
        if let parentProcess {
            try ParentProcess.terminate(with: SignalWatcher.terminate, whenParentEnds: parentProcess)
        }
        var server = self.server
        server.faultLog = try faultLogPath.map { (path) throws(SystemError) in try InjectedFaultLog(path: path) }
        let mediaServer = try MediaServer(configuration: server)
        if let certificateOutput, let tls = server.tls {
            try tls.certificate.pem.write(toFile: certificateOutput, atomically: true, encoding: .utf8)
        }
        if managed { SignalWatcher.ignoreInterrupts() }
        let watcher = managed ? SignalWatcher(watching: [SignalWatcher.terminate]) : SignalWatcher()
        defer { watcher.stop() }
        // The parent's death signal can be lost: it is ignored while the watcher is being set up. A
        // watchdog asks the kernel who the parent is twice a second, and stops the server as SIGTERM
        // would once the run is gone.
        let watchdog = Task {
            guard let parentProcess else { return }
            while !Task.isCancelled, ParentProcess.isStill(parentProcess) {
                do { try await Task.sleep(for: .milliseconds(500)) } catch { return }
            }
            if !Task.isCancelled { SignalWatcher.sendToSelf(SignalWatcher.terminate) }
        }
        defer { watchdog.cancel() }
        try mediaServer.start()
        if classNames.isEmpty {
            context.output.write("nse-bench serve: listening on \(mediaServer.baseURL)\n")
            if !server.conditions.settings.isEmpty {
                context.output.write("conditions: \(server.conditions)\n")
            }
            if let origin = server.originCache {
                context.output.write(
                    "origin cache: cold, fetch \(origin.fetch), coalescing \(origin.coalesces ? "on" : "off")\n")
            }
        } else {
            // One line a class, `listening on URL for NAME`, that `run` reads back.
            let urls = [mediaServer.baseURL] + mediaServer.additionalURLs
            let conditions = [server.conditions] + server.additionalClasses.map(\.conditions)
            for (index, name) in classNames.enumerated() {
                context.output.write("nse-bench serve: listening on \(urls[index]) for \(name)\n")
                if !quiet { context.output.write("conditions of \(name): \(conditions[index])\n") }
            }
        }
        let interval = statsInterval
        let live = Task {
            guard !quiet else { return }
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval.duration) } catch { return }
                let line = Self.statusLine(mediaServer.statistics.snapshot)
                context.output.write(context.outputIsTerminal ? "\r\u{1B}[K" + line : line + "\n")
            }
        }
        var iterator = watcher.signals.makeAsyncIterator()
        let signal = await iterator.next()
        live.cancel()
        context.output.write(
            (context.outputIsTerminal && !quiet ? "\n" : "")
                + "nse-bench serve: \(signal.map(SignalWatcher.name) ?? "stop"), shutting down\n")
        let lateness = await mediaServer.firstByteLateness()
        await mediaServer.shutdown()
        let final = mediaServer.statistics.snapshot
        context.output.write(Self.statusLine(final) + "\n")
        context.output.write(Self.closesLine(final) + "\n")
        if server.originCache != nil { context.output.write(Self.originLine(final.originCache) + "\n") }
        if let statsOutput {
            var report = ManagedServerReport(final, lateness: lateness, modelsOriginCache: server.originCache != nil)
            report.sideCalls = Dictionary(
                uniqueKeysWithValues: mediaServer.statistics.sideCallTimes.map { ($0.key.rawValue, $0.value) })
            report.sideCallBodyBytes = Dictionary(
                uniqueKeysWithValues: mediaServer.statistics.sideCallBodyBytes.map { ($0.key.rawValue, $0.value) })
            try report.write(to: statsOutput)
        }
        if let failure = server.faultLog?.failure {
            context.output.write("nse-bench serve: the fault log stopped at a failed write: \(failure)\n")
        }
        if !lateness.isEmpty {
            context.output.write(
                "first-byte lateness (server's own timing error) over \(lateness.totalCount) delayed responses: "
                    + "p50 \(Self.milliseconds(lateness.value(atPercentile: 50))) "
                    + "p99 \(Self.milliseconds(lateness.value(atPercentile: 99))) "
                    + "max \(Self.milliseconds(lateness.maximum))\n")
        }
        // Stopped by a signal, as a shell or supervisor expects: 130 for SIGINT, 143 for SIGTERM.
        return signal.flatMap { ExitCode(stoppedBy: $0) } ?? .success
    }

    static func milliseconds(_ nanoseconds: UInt64) -> String {
        String(format: "%.3fms", Double(nanoseconds) / 1e6)
    }

    /// What the origin cache found: `origin fetches 1  coalesced 49  cache hits 0`.
    static func originLine(_ counts: OriginCacheCounts) -> String {
        "origin fetches \(counts.originFetches)  coalesced \(counts.coalesced)  cache hits \(counts.hits)"
    }

    /// Every connection's close by reason: `closes 12: peer closed 10, idle timeout 2`.
    static func closesLine(_ snapshot: ServerStatistics.Snapshot) -> String {
        "closes \(snapshot.closes.total): \(snapshot.closes)"
    }

    static func statusLine(_ snapshot: ServerStatistics.Snapshot) -> String {
        "requests \(snapshot.requests)  responses \(snapshot.responsesCompleted)  "
            + "bytes \(snapshot.bytesSent)  faults \(snapshot.faults)  open \(snapshot.connectionsOpen)  "
            + "errors \(snapshot.protocolErrors)"
    }
}

/// `--tls`, `--tls-cert`, `--tls-key`.
enum TLSOptions {
    /// Where the certificate comes from; nil without `--tls` or `--tls-cert`. A key without a
    /// certificate, or a certificate without its key, is a usage error.
    static func source(from arguments: ParsedArguments) throws(UsageError) -> ServeSettings.TLS? {
        let certificateFile = try arguments[ServeOptions.tlsCertificate]
        let keyFile = try arguments[ServeOptions.tlsKey]
        let selfSigned = try arguments[ServeOptions.tls]
        guard let certificateFile else {
            if keyFile != nil, !selfSigned { throw .invalidCombination("--tls-key needs --tls-cert") }
            return selfSigned ? .selfSigned : nil
        }
        guard let keyFile else { throw .invalidCombination("--tls-cert needs --tls-key") }
        return .files(certificate: certificateFile, key: keyFile)
    }

    /// The server's TLS context for `source`; a certificate that does not load is a usage error
    /// naming `--tls-cert`.
    static func context(for source: ServeSettings.TLS?) throws(UsageError) -> TLSServerContext? {
        guard let source else { return nil }
        var certificateFile: String? = nil
        do {
            let certificate: TLSCertificate
            switch source {
            case .selfSigned:
                certificate = try TLSCertificate.selfSigned()
            case .files(let certificatePath, let keyPath):
                certificateFile = certificatePath
                certificate = try TLSCertificate.load(
                    certificatePEM: try TextFile.read(certificatePath), keyPEM: try TextFile.read(keyPath))
            }
            return try TLSServerContext(certificate: certificate)
        } catch {
            throw .invalidValue(
                option: ServeOptions.tlsCertificate.name, value: certificateFile ?? "(self-signed)",
                expected: "\(error)")
        }
    }
}
