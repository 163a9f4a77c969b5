public import NSEBenchCore
public import NSEBenchSystem
import Synchronization

/// What one download of a load run reports to the ``LoadDriver``.
struct LoadSample: Sendable {
    /// The transfer completed with a 2xx status.
    var succeeded: Bool
    var status: Int
    /// The failure's kind, when it failed.
    var failure: String?
    /// Nanoseconds from the client's start of the transfer to the first response byte, when known.
    var firstByte: UInt64?
    /// Nanoseconds from the request (before any queueing) to the first response byte, when known.
    var firstByteFromRequest: UInt64?
    /// Nanoseconds from the request to the result.
    var latency: UInt64
    /// Nanoseconds queued for admission, when the client reports it.
    var queued: UInt64?
}

/// Runs `count` downloads with `concurrency` workers and measures the client: wall time, process CPU
/// (`getrusage`), peak heap per in-flight download (jemalloc, sampled every 5 ms against a baseline
/// taken just before the run), and latency histograms.
enum LoadDriver {
    static func run(
        label: String, count: Int, concurrency: Int, memory: MemoryStatistics, executor: (any TaskExecutor)? = nil,
        perform: @escaping @Sendable (Int) async -> LoadSample
    ) async throws(TransportBenchmarkError) -> DownloadBenchmarkResult {
        guard count >= 1 else { throw .invalidParameter(name: "count", value: "\(count)") }
        guard concurrency >= 1 else { throw .invalidParameter(name: "concurrency", value: "\(concurrency)") }
        let state = LoadState()
        let next = BenchmarkCounter()
        let inFlight = BenchmarkCounter()
        let baseline = try TimerBenchmark.snapshot(memory).allocatedBytes
        let cpuBefore = ProcessCPUTime.now()
        let start = MonotonicClock.now()
        var peak = (inFlight: 0, bytes: 0)
        await withDiscardingTaskGroup { group in
            group.addTask(executorPreference: executor) {
                await ConcurrentTasks.run(count: min(concurrency, count)) { _ in
                    while true {
                        let index = next.increment()
                        guard index < count else { return }
                        inFlight.increment()
                        let sample = await perform(index)
                        inFlight.decrement()
                        state.aggregate.withLock { $0.record(sample) }
                    }
                }
                state.finished.store(true, ordering: .releasing)
            }
            while !state.finished.load(ordering: .acquiring) {
                try? await Task.sleep(nanoseconds: 5_000_000)
                let current = inFlight.value
                if current > 0, current >= peak.inFlight, let snapshot = try? memory.snapshot() {
                    peak = (current, snapshot.allocatedBytes - baseline)
                }
            }
        }
        let wall = Double(MonotonicClock.now() - start) / 1e9
        let cpu = ProcessCPUTime.now().since(cpuBefore)
        let totals = state.aggregate.withLock { $0 }
        return DownloadBenchmarkResult(
            label: label, count: count, concurrency: concurrency, succeeded: totals.succeeded,
            statuses: totals.statuses, failures: totals.failures, wallSeconds: wall, cpu: cpu,
            peakInFlight: peak.inFlight,
            bytesPerInFlightDownload: peak.inFlight > 0 ? Double(peak.bytes) / Double(peak.inFlight) : .nan,
            firstByte: totals.firstByte, firstByteFromRequest: totals.firstByteFromRequest, latency: totals.latency,
            queued: totals.queued)
    }
}

/// What a load run's workers share.
private final class LoadState: Sendable {
    let aggregate = Mutex(LoadAggregate())
    let finished = Atomic<Bool>(false)
}

/// Everything the workers of a load run add up.
struct LoadAggregate: Sendable {
    var succeeded = 0
    var statuses: [Int: Int] = [:]
    var failures: [String: Int] = [:]
    var firstByte = Histogram()
    var firstByteFromRequest = Histogram()
    var latency = Histogram()
    var queued = Histogram()

    mutating func record(_ sample: LoadSample) {
        if sample.succeeded { succeeded += 1 }
        statuses[sample.status, default: 0] += 1
        if let failure = sample.failure { failures[failure, default: 0] += 1 }
        if let value = sample.firstByte { firstByte.record(value) }
        if let value = sample.firstByteFromRequest { firstByteFromRequest.record(value) }
        latency.record(sample.latency)
        if let value = sample.queued { queued.record(value) }
    }
}

/// One load run's figures: see ``TransportBenchmark``.
public struct DownloadBenchmarkResult: Sendable {
    /// The client and its layout, for example `CurlTransport 1 loop × 4 multi`.
    public var label: String
    public var count: Int
    public var concurrency: Int
    /// Downloads that completed with a 2xx status.
    public var succeeded: Int
    /// How many results had each HTTP status (0: no response).
    public var statuses: [Int: Int]
    /// How many downloads failed, by ``DownloadError/kind`` (or the client's own error name).
    public var failures: [String: Int]
    public var wallSeconds: Double
    /// Process CPU over the run: every thread of the client, nothing of the server's process.
    public var cpu: ProcessCPUTime
    /// The most downloads in flight at a memory sample.
    public var peakInFlight: Int
    /// jemalloc-allocated bytes above the pre-run baseline per in-flight download, at the sample with
    /// the most in flight (tasks, client state, libcurl's handles and buffers).
    public var bytesPerInFlightDownload: Double
    /// Nanoseconds from the client's start of each transfer to its first response byte (libcurl's
    /// STARTTRANSFER); empty where the client does not report it (URLSession).
    public var firstByte: Histogram
    /// Nanoseconds from each request, queueing included, to its first response byte.
    public var firstByteFromRequest: Histogram
    /// Nanoseconds from each request to its result.
    public var latency: Histogram
    /// Nanoseconds each request waited for admission (CurlTransport only).
    public var queued: Histogram

    /// Downloads per second of wall time.
    public var requestsPerSecond: Double { Double(count) / wallSeconds }

    /// Client CPU microseconds per download.
    public var cpuMicrosecondsPerDownload: Double { cpu.totalSeconds * 1e6 / Double(count) }
}
