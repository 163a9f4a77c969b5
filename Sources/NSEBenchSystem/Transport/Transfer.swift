import NSEBenchCore
import Synchronization

/// One download in flight: everything libcurl points at while it runs, and who waits for its result.
///
/// The transfer owns its easy handle, its body sink (buffer or file descriptor) and, through the
/// handle, the header list and error buffer. libcurl reaches it through CURLOPT_PRIVATE and
/// CURLOPT_WRITEDATA as an unretained pointer; the loop keeps it alive in a shard's table for as long
/// as the handle is attached.
final class Transfer: @unchecked Sendable {
    // @unchecked Sendable: `lifecycle` is a Mutex; `request` and `enqueued` are lets. Every other
    // stored property is touched only on the thread of the loop the transfer was submitted to,
    // after the submission (an inbox Mutex) published it, or by the submitting thread when that loop
    // refused it and will never touch it.
    /// What is called with the result, once: a task's continuation resumed, or a caller's completion.
    typealias Continuation = @Sendable (DownloadResult) -> Void

    /// The continuation as the hand-off holds it. In a struct, not bare: a bare closure as the
    /// hand-off's generic parameter is stored through a reabstraction thunk, one more object per
    /// download in flight (issue #18).
    struct Waiter: Sendable {
        /// Gives the waiting caller its result.
        let resume: Continuation
    }

    /// Where the transfer is, on the loop.
    enum Phase {
        case new
        case queued
        case attached
        case done
    }

    let request: DownloadRequest
    let enqueued: UInt64
    private let lifecycle = Mutex(ContinuationHandOff<Waiter>())

    var phase = Phase.new
    var easy: CurlEasyHandle?
    /// The plain-HTTP client's exchange, for a transfer it runs instead of libcurl.
    var exchange: PlainHTTPExchange?
    /// The multi handle running it, while attached.
    var shard: CurlShard?
    var admitted: UInt64?
    /// The timer that fails it at ``DownloadRequest/deadline`` while queued.
    var queueTimer: TimerID?
    /// The total timeout given to libcurl, in nanoseconds, to tell a total timeout from a stall.
    var totalLimit: UInt64?
    var sink: TransferSink

    init(request: DownloadRequest, enqueued: UInt64) {
        self.request = request
        self.enqueued = enqueued
        self.sink = TransferSink(destination: request.destination, limit: request.maximumBodyBytes)
    }

    /// Hands over what waits for the result; returns whether to submit the transfer (false: it was
    /// cancelled first and `continuation` has been given a cancelled result).
    func begin(_ continuation: @escaping Continuation) -> Bool {
        switch lifecycle.withLock({ $0.handOver(Waiter(resume: continuation)) }) {
        case .proceed:
            return true
        case .resumeCancelled(let waiter):
            waiter.resume(unstartedResult(.cancelled))
            return false
        }
    }

    /// The task was cancelled; returns whether the loop must cancel the running transfer (which then
    /// completes it, resuming the task).
    func requestCancel() -> Bool {
        lifecycle.withLock { $0.cancel() }
    }

    /// Gives `result` to whoever waits for it, once.
    func complete(_ result: DownloadResult) {
        lifecycle.withLock { $0.finish() }?.resume(result)
    }

    /// A result for a transfer that never reached libcurl.
    func unstartedResult(_ error: DownloadError) -> DownloadResult {
        DownloadResult(
            status: 0, bytesReceived: 0, contentType: nil, body: sink.takeBody(), error: error,
            timings: DownloadTimings(enqueued: enqueued, admitted: admitted, finished: MonotonicClock.now()))
    }

    /// The progress last reported to ``DownloadRequest/progress``; nil before the connection.
    private var progress: DownloadProgress?

    /// Body bytes from libcurl's write callback. Loop thread only.
    func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        let accepted = sink.write(chunk) { exchange?.head?.contentLength ?? easy?.announcedContentLength }
        if accepted, let observer = request.progress {
            if progress?.firstByte == nil { headReceived() }
            if var current = progress {
                current.bytesReceived = sink.received
                progress = current
                observer.update(current)
            }
        }
        return accepted
    }

    /// The transfer was admitted at `now` and handed to libcurl: from here on its time is the
    /// network's, not the harness's queue, which a caller that stops waiting can tell. Loop thread only.
    func admittedNow(_ now: UInt64) {
        admitted = now
        guard let observer = request.progress else { return }
        let current = DownloadProgress(
            admitted: now, connected: nil, firstByte: nil, status: 0, contentType: nil, bytesReceived: 0)
        progress = current
        observer.update(current)
    }

    /// The connection is up (libcurl's pre-request callback, stamped now; or the own client's, at its
    /// instant). Loop thread only.
    func connectedNow(_ instant: UInt64? = nil) {
        guard let observer = request.progress else { return }
        let current = DownloadProgress(
            admitted: admitted, connected: instant ?? MonotonicClock.now(), firstByte: nil, status: 0, contentType: nil,
            bytesReceived: sink.received)
        progress = current
        observer.update(current)
    }

    /// A response head ended (a 1xx one is skipped): the first byte's time, the status and the type,
    /// from the plain-HTTP client's exchange or read from libcurl (its offsets anchored at admission).
    /// Loop thread only.
    func headReceived() {
        guard let observer = request.progress else { return }
        if let exchange {
            guard let head = exchange.head else { return }
            let current = DownloadProgress(
                admitted: admitted, connected: exchange.connected, firstByte: exchange.firstByte, status: head.status,
                contentType: head.contentType, bytesReceived: sink.received, serverFault: head.captured)
            progress = current
            observer.update(current)
            return
        }
        guard let easy else { return }
        let status = easy.responseCode
        guard status >= 200 else { return }
        let offsets = easy.timings
        let start = admitted ?? enqueued
        func absolute(_ microseconds: Int64) -> UInt64? {
            microseconds > 0 ? start + UInt64(microseconds) * 1_000 : nil
        }
        let connected = progress?.connected ?? absolute(offsets.connect)
        // libcurl's offsets run from its own start, which can come after `admitted`; the connection's
        // time was stamped on the clock here, so the head is never reported before it.
        let firstByte = max(absolute(offsets.firstByte) ?? MonotonicClock.now(), connected ?? 0)
        let current = DownloadProgress(
            admitted: admitted, connected: connected, firstByte: firstByte, status: status,
            contentType: easy.contentType, bytesReceived: sink.received,
            serverFault: easy.responseHeader(FaultPlan.faultHeaderName))
        progress = current
        observer.update(current)
    }
}
