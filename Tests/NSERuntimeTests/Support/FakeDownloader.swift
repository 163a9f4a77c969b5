import Foundation
import NSEBenchCore
import Synchronization

@testable import NSERuntime

/// A downloader that answers from a script, taking its time on a ``ManualClock``: nothing happens until the
/// test advances the clock past a download's end.
///
/// It models the transport's limits: a request ``MediaDownload/timeout`` shorter than the scripted time
/// ends the download as `timedOut` at the timeout; a download that hangs ends `idleTimedOut` after the idle
/// timeout (or `timedOut` at an earlier total timeout); a cancelled task ends it as `cancelled` at once.
final class FakeDownloader: MediaDownloading {
    /// What the server does.
    enum Reply: Sendable {
        /// Answers after `after` nanoseconds.
        case respond(Response)
        /// Never sends a byte.
        case hang
    }

    /// A scripted response.
    struct Response: Sendable {
        /// Nanoseconds from the request to the end of the body.
        var after: UInt64
        var status = 200
        var contentType: String?
        var body: Body = .bytes([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])
        /// A transport failure at `after` instead of a body.
        var error: MediaDownloadError?
        /// Of `after`, how long the request waited in the transport's queue before its connection
        /// attempt (the harness's share of the time).
        var harnessWait: UInt64 = 0
        /// A body that streams evenly from this many nanoseconds after the request until `after`, with
        /// this `Content-Length`: a total timeout in between ends it with the share received so far.
        var streams: (firstByteAfter: UInt64, announcedBytes: Int)? = nil
        /// The response's header fields, handed over when the request keeps them.
        var headerFields: [HTTPHeaderField]? = nil
    }

    /// The body written to the destination.
    enum Body: Sendable {
        case bytes([UInt8])
        /// A sparse file of this many bytes (no disk time).
        case sparse(Int)
    }

    private let clock: ManualClock
    private let script: @Sendable (MediaDownload) -> Reply
    private let state = Mutex(
        (requests: [MediaDownload](), waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)]()))

    init(clock: ManualClock, script: @escaping @Sendable (MediaDownload) -> Reply) {
        self.clock = clock
        self.script = script
    }

    /// The requests so far, in order.
    var requests: [MediaDownload] { state.withLock { $0.requests } }

    /// Returns once `count` downloads have started and their timers are set, so that advancing the clock
    /// afterwards is sure to reach them.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                guard state.requests.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Schedules the scripted download's end on the clock; the handle cancels it at once, as the
    /// transport's loop would, with no task in between.
    func start(
        _ request: MediaDownload, completion: @escaping @Sendable (MediaDownloadResult) -> Void
    ) -> MediaDownloadCancellation {
        let start = clock.now()
        let (end, failure, response) = plan(request, start: start)
        let ending = Ending()
        let finish: @Sendable (Bool) -> Void = { [self] reached in
            guard ending.first() else { return }
            completion(result(request, start: start, end: end, failure, response, reached: reached))
        }
        let timer = clock.schedule(at: end) { finish(true) }
        recordRequest(request)
        return MediaDownloadCancellation {
            timer.cancel()
            finish(false)
        }
    }

    /// Tells the first of the timer and the cancel from the second.
    private final class Ending: Sendable {
        private let ended = Atomic(false)

        func first() -> Bool { !ended.exchange(true, ordering: .acquiringAndReleasing) }
    }

    /// The download's result when it ends: at `end` when `reached`, else cancelled now.
    private func result(
        _ request: MediaDownload, start: UInt64, end: UInt64, _ failure: MediaDownloadError?, _ response: Response?,
        reached: Bool
    ) -> MediaDownloadResult {
        var timings = MediaDownloadTimings(
            requested: start, started: start + (response?.harnessWait ?? 0), completed: clock.now())
        guard reached else {
            return MediaDownloadResult(
                status: 0, bytes: 0, error: MediaDownloadError(.cancelled, "the task was cancelled"), timings: timings)
        }
        if let failure, let response, let streams = response.streams {
            // Cut short mid-body: the bytes that came at an even rate since the first.
            let elapsed = end - start - streams.firstByteAfter
            let received = Int(UInt64(streams.announcedBytes) * elapsed / (response.after - streams.firstByteAfter))
            timings.connected = start + response.harnessWait
            timings.firstByte = start + streams.firstByteAfter
            return MediaDownloadResult(
                status: response.status, bytes: received, error: failure, timings: timings,
                announcedBytes: streams.announcedBytes)
        }
        if let failure { return MediaDownloadResult(status: 0, bytes: 0, error: failure, timings: timings) }
        guard let response else { return MediaDownloadResult(status: 0, bytes: 0, timings: timings) }
        timings.connected = start + response.harnessWait
        timings.firstByte = end
        let bytes: Int
        do {
            bytes = try write(response.body, to: request.destinationPath)
        } catch {
            return MediaDownloadResult(
                status: response.status, bytes: 0, error: MediaDownloadError(.file, "\(error)"), timings: timings)
        }
        var result = MediaDownloadResult(
            status: response.status, bytes: bytes, contentType: response.contentType,
            filePath: request.destinationPath, timings: timings)
        if request.keepsHeaderFields || request.keepsRedirectHeaderFields && (300...399).contains(response.status) {
            result.headerFields = response.headerFields
        }
        return result
    }

    /// When the download ends, and with which failure or response.
    private func plan(_ request: MediaDownload, start: UInt64) -> (UInt64, MediaDownloadError?, Response?) {
        let total = request.timeout ?? .max
        switch script(request) {
        case .hang:
            if total < request.idleTimeout {
                return (start + total, MediaDownloadError(.timedOut, "no data before the total timeout"), nil)
            }
            return (start + request.idleTimeout, MediaDownloadError(.idleTimedOut, "no data for the idle timeout"), nil)
        case .respond(let response):
            if response.after > total {
                let midBody = response.streams.map { $0.firstByteAfter < total } ?? false
                return (
                    start + total, MediaDownloadError(.timedOut, "the total timeout ran out"), midBody ? response : nil
                )
            }
            return (start + response.after, response.error, response.error == nil ? response : nil)
        }
    }

    private func write(_ body: Body, to path: String) throws -> Int {
        switch body {
        case .bytes(let bytes):
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return bytes.count
        case .sparse(let size):
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.truncate(atOffset: UInt64(size))
            return size
        }
    }

    private func recordRequest(_ request: MediaDownload) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.requests.append(request)
            let count = state.requests.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}
