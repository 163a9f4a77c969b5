import Foundation
import FoundationNetworking
import NSEBenchSystem

/// The same load as ``TransportBenchmark/curl(url:count:concurrency:loopCount:configuration:request:warmUp:)``
/// through FoundationNetworking's `URLSession`, for comparison only (it is libcurl too, behind one
/// multi handle on its own thread, with its own queueing).
public enum URLSessionBenchmark {
    /// Runs `count` GETs of `url`, `concurrency` at a time, through an ephemeral session.
    ///
    /// - Parameters:
    ///   - maximumConnectionsPerHost: `httpMaximumConnectionsPerHost`; URLSession's default is 6, and
    ///     requests beyond it queue inside URLSession with the queue time counted against `timeout`.
    ///   - keepAlive: false sends `Connection: close`, as the transport's default does.
    ///   - timeout: `timeoutIntervalForRequest`, in seconds.
    public static func run(
        url: String, count: Int, concurrency: Int, maximumConnectionsPerHost: Int = 6, keepAlive: Bool = false,
        timeout: Double = 60, warmUp: Int = 200
    ) async throws(TransportBenchmarkError) -> DownloadBenchmarkResult {
        guard let target = URL(string: url) else { throw .invalidParameter(name: "url", value: url) }
        let memory = try TimerBenchmark.memoryStatistics()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        var request = URLRequest(url: target)
        if !keepAlive { request.setValue("close", forHTTPHeaderField: "Connection") }
        let prepared = request
        let download: @Sendable (Int) async -> LoadSample = { _ in
            let start = MonotonicClock.now()
            do {
                let (_, response) = try await session.data(for: prepared)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                return LoadSample(
                    succeeded: (200..<300).contains(status), status: status, failure: nil, firstByte: nil,
                    firstByteFromRequest: nil, latency: MonotonicClock.now() - start, queued: nil)
            } catch {
                let code = (error as? URLError)?.code.rawValue ?? 0
                return LoadSample(
                    succeeded: false, status: 0, failure: "URLError \(code)", firstByte: nil, firstByteFromRequest: nil,
                    latency: MonotonicClock.now() - start, queued: nil)
            }
        }
        if warmUp > 0 {
            _ = try await LoadDriver.run(
                label: "warm-up", count: warmUp, concurrency: min(warmUp, concurrency), memory: memory,
                perform: download)
        }
        let result = try await LoadDriver.run(
            label: "URLSession (\(maximumConnectionsPerHost) per host)", count: count, concurrency: concurrency,
            memory: memory, perform: download)
        session.invalidateAndCancel()
        return result
    }
}
