import Dispatch
import Foundation
public import NSEBenchCore
public import NSEBenchSystem
import Synchronization

/// The real clock, timers and downloader behind the extension host and the load runner: the event
/// loop's monotonic clock and timer service, and the libcurl transport.
public struct LoopInvocationClock: InvocationClock, RunnerClock {
    private let timers: TimerService

    public init(timers: TimerService) { self.timers = timers }

    public func now() -> UInt64 { MonotonicClock.now() }

    public func sleep(until deadline: UInt64) async throws { try await timers.sleep(until: deadline) }
}

/// Deadline and grace timers on the event loop's timing wheel, each one's lateness recorded: the
/// harness's own timing error, which the self-check judges.
public final class LoopInvocationTimers: InvocationTimers {
    private let timers: TimerService
    private let lateness = LockedHistogram()

    /// Records a timer's lateness: one closure for every timer.
    private let recordLateness: @Sendable (UInt64) -> Void

    public init(timers: TimerService) {
        self.timers = timers
        recordLateness = { [lateness] in lateness.record($0) }
    }

    public func schedule(at deadline: UInt64, _ action: @escaping @Sendable () -> Void) -> any InvocationTimer {
        // The loop thread only hands the action over: a herd of deadlines due at one instant (a
        // closed run's first wave) then runs on every core instead of queueing behind each other on
        // the loop. Lateness is measured where the action starts, so it includes that hand-over.
        LoopInvocationTimer(handle: timers.deadline(at: deadline, offLoop: recordLateness, action))
    }

    /// How late timers fired, in nanoseconds.
    public var latenessHistogram: Histogram { lateness.value }
}

/// A histogram shared between threads.
final class LockedHistogram: Sendable {
    private let histogram = Mutex(Histogram(highestTrackableValue: 1 << 40))

    func record(_ value: UInt64) { histogram.withLock { $0.record(value) } }

    var value: Histogram { histogram.withLock { $0 } }
}

struct LoopInvocationTimer: InvocationTimer {
    let handle: DeadlineHandle

    @discardableResult
    func cancel() -> Bool { handle.cancel() }
}

/// ``MediaDownloading`` through the libcurl transport: to a file, no connection reuse (each simulated
/// device opens its own), URLSession-like idle timeout as a low-speed limit.
public struct CurlMediaDownloader: MediaDownloading {
    private let transport: CurlTransport
    private let caFile: String?
    private let tagger: RequestTagger?
    private let receiveBufferBytes: Int?

    /// A downloader through `transport`; with a `tagger`, every request carries a tag of its own for
    /// the embedded server (``RequestTagger``). `receiveBufferBytes` is every download's receive
    /// buffer (``ReceiveBufferPolicy/bytes(forBodiesUpTo:)`` when the run knows its media are small);
    /// nil lets the transport choose.
    public init(
        transport: CurlTransport, caFile: String? = nil, tagger: RequestTagger? = nil, receiveBufferBytes: Int? = nil
    ) {
        self.transport = transport
        self.caFile = caFile
        self.tagger = tagger
        self.receiveBufferBytes = receiveBufferBytes
    }

    public func start(
        _ request: MediaDownload, completion: @escaping @Sendable (MediaDownloadResult) -> Void
    ) -> MediaDownloadCancellation {
        let tag = tagger?.next()
        let destinationPath = request.destinationPath
        let handle = transport.start(transfer(for: request, tag: tag)) { result in
            completion(Self.mediaResult(of: result, destinationPath: destinationPath, tag: tag))
        }
        return MediaDownloadCancellation(handle)
    }

    /// The transport's request for `request`, tagged with `tag` for the embedded server.
    private func transfer(for request: MediaDownload, tag: String?) -> DownloadRequest {
        var download = DownloadRequest(
            url: request.url.absoluteString, destination: .file(path: request.destinationPath),
            method: request.method, body: request.body)
        download.totalTimeout = request.timeout.map { DurationValue(nanoseconds: Int64(min($0, UInt64(Int64.max)))) }
        download.lowSpeed = LowSpeedLimit(
            bytesPerSecond: 1, duration: DurationValue(nanoseconds: Int64(min(request.idleTimeout, 3_600_000_000_000))))
        download.maximumBodyBytes = request.maximumBytes
        download.keepAlive = false
        download.caFile = caFile
        download.receiveBufferBytes = receiveBufferBytes
        download.requestTag = tag
        download.progress = request.progress.map(DownloadProgressObserver.init)
        download.keepsHeaderFields = request.keepsHeaderFields
        download.keepsRedirectHeaderFields = request.keepsRedirectHeaderFields
        // The tag's field is the harness's own: a user's line of that name would take the server's notes.
        download.headers = request.headerLines.filter { !Self.names($0, FaultPlan.requestTagHeaderName) }
        return download
    }

    /// Whether header `line` (`Name: value`) is field `name`, in any case.
    private static func names(_ line: String, _ name: String) -> Bool {
        HTTPHeaderField.namesMatch(line.prefix { $0 != ":" }.trimmingCharacters(in: .whitespaces), name)
    }

    /// What the transport's `result` means to the extension, its body in the file at `destinationPath`.
    private static func mediaResult(of result: DownloadResult, destinationPath: String, tag: String?)
        -> MediaDownloadResult
    {
        let timings = result.timings
        var media = MediaDownloadResult(
            status: result.status, bytes: result.bytesReceived, contentType: result.contentType,
            filePath: result.error == nil ? destinationPath : nil,
            error: result.error.map {
                MediaDownloadError(Self.kind(of: $0), $0.description, harnessFailure: $0.harnessFailure)
            },
            timings: MediaDownloadTimings(
                requested: timings.enqueued, started: timings.admitted, connected: timings.connected,
                firstByte: timings.firstByte, completed: timings.completed),
            injectedFault: result.serverFault.flatMap(FaultKind.init(rawValue:)), requestTag: tag,
            announcedBytes: result.announcedLength)
        media.headerFields = result.headerFields
        return media
    }

    private static func kind(of error: DownloadError) -> MediaDownloadError.Kind {
        switch error {
        case .timedOut, .deadlineExpiredWhileQueued: .timedOut
        case .stalled: .idleTimedOut
        case .connectTimedOut, .connectFailed: .connectFailed
        case .connectionLost: .connectionLost
        case .tooLarge: .tooLarge
        case .tls: .tls
        case .file: .file
        case .cancelled, .shutDown: .cancelled
        default: .other
        }
    }
}

/// The transport tells an invocation's progress directly, with no observer object between them.
extension MediaDownloadProgress: DownloadProgressReceiver {
    /// The transport's report, in the invocation's terms.
    public func update(_ reached: DownloadProgress) {
        update(
            Snapshot(
                started: reached.admitted, connected: reached.connected, firstByte: reached.firstByte,
                status: reached.status, contentType: reached.contentType, bytes: reached.bytesReceived,
                injectedFault: reached.serverFault.flatMap(FaultKind.init(rawValue:))))
    }
}

/// The transport's handle cancels a download itself, with no closure around it.
extension DownloadCancellation: MediaDownloadCancelling {}
