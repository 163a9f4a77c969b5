public import NSEBenchCore
public import NSEBenchSystem

/// Load through ``CurlTransport``: N downloads, C at a time, measured on the client.
///
/// The issue's three cases, against a server in another process (10,000 client and 10,000 server
/// sockets do not fit under one `ulimit -n` of 20,000):
/// - 10,000 concurrent 1 KB downloads from a server answering after 1 s: CPU per download
///   (``DownloadBenchmarkResult/cpuMicrosecondsPerDownload``), first-byte p99
///   (``DownloadBenchmarkResult/firstByte``), heap per in-flight download
///   (``DownloadBenchmarkResult/bytesPerInFlightDownload``).
/// - 100 concurrent downloads with no delay and no keep-alive: rate
///   (``DownloadBenchmarkResult/requestsPerSecond``), to compare with wrk's `Connection: close`
///   rate against the same server.
/// - The same load through URLSession: ``URLSessionBenchmark``.
public enum TransportBenchmark {
    /// Runs `count` downloads of `url`, `concurrency` at a time, through a transport of its own with
    /// `loopCount` loops and `configuration`, after a warm-up of `warmUp` downloads.
    ///
    /// - Parameters:
    ///   - request: the template for every download (its URL is replaced by `url`); the default keeps
    ///     nothing alive and times out after 30 s.
    ///   - files: when set, each download is written to a file of its own there and then given the
    ///     file work an invocation's download gets (``DownloadFileWork``); nil keeps bodies in memory.
    public static func curl(
        url: String, count: Int, concurrency: Int, loopCount: Int = 1,
        configuration: CurlTransport.Configuration = CurlTransport.Configuration(),
        request: DownloadRequest = DownloadRequest(url: "", totalTimeout: .seconds(30)), files: DownloadFileWork? = nil,
        warmUp: Int = 200
    ) async throws(TransportBenchmarkError) -> DownloadBenchmarkResult {
        let memory = try TimerBenchmark.memoryStatistics()
        let transport: CurlTransport
        do throws(CurlTransportError) {
            transport = try CurlTransport(loopCount: loopCount, configuration: configuration)
        } catch {
            throw .transport(error)
        }
        var template = request
        template.url = url
        let prepared = template
        let download: @Sendable (Int) async -> LoadSample = { index in
            guard let files else { return sample(await transport.download(prepared)) }
            var request = prepared
            request.destination = .file(path: files.downloadPath(index))
            var result = sample(await transport.download(request))
            if result.succeeded, let failure = files.finish(index) {
                result.succeeded = false
                result.failure = failure
            }
            return result
        }
        if warmUp > 0 {
            _ = try await LoadDriver.run(
                label: "warm-up", count: warmUp, concurrency: min(warmUp, concurrency), memory: memory,
                perform: download)
        }
        let client =
            configuration.plainHTTP == .own
            ? "own HTTP client" : "libcurl × \(configuration.multiHandlesPerLoop) multi"
        let label =
            "CurlTransport \(loopCount) loop\(loopCount == 1 ? "" : "s"), \(client), "
            + (prepared.receiveBufferBytes.map { "\($0) B buffer" } ?? "buffer by transfers in flight")
            + (files == nil ? "" : ", into files")
        // With one loop the callers run on it, as a runner would, so a completion resumes its caller
        // without waking another thread.
        let executor: (any TaskExecutor)? = loopCount == 1 ? transport.loops[0] : nil
        let result = try await LoadDriver.run(
            label: label, count: count, concurrency: concurrency, memory: memory, executor: executor, perform: download)
        await transport.shutdown()
        return result
    }

    static func sample(_ result: DownloadResult) -> LoadSample {
        let timings = result.timings
        // libcurl's own time to first byte (its STARTTRANSFER offset): from its start, not the request's.
        var firstByte: UInt64?
        if let started = timings.curlStarted, let reached = timings.firstByte { firstByte = reached &- started }
        return LoadSample(
            succeeded: result.error == nil && (200..<300).contains(result.status), status: result.status,
            failure: result.error?.kind, firstByte: firstByte,
            firstByteFromRequest: timings.firstByte.map { $0 &- timings.enqueued },
            latency: timings.finished &- timings.enqueued, queued: timings.queued)
    }
}
