import Synchronization

/// Downloads an attachment's media to a file: what an extension's `URLSession` download task does.
///
/// The harness adapts its libcurl transport (`CurlTransport`); tests use a scripted downloader on a
/// manual clock. Implementations never fail to call back: every failure comes back in
/// ``MediaDownloadResult/error``, and a cancelled download ends with
/// ``MediaDownloadError/Kind/cancelled``.
///
/// The requirement is callback-based so that downloaders wrapping downloaders (the host observes every
/// download its invocation makes) add no async frame each: a download parked for its first byte holds
/// one async frame, ``download(_:)``'s, in the task allocator's 1 KB slabs, however many layers start
/// it; with 10,000 in flight every layer was about 1 KB per invocation.
public protocol MediaDownloading: Sendable {
    /// Starts downloading `request.url` into `request.destinationPath` and returns at once; `completion`
    /// is called once, on any thread, with the result. The returned handle cancels the download.
    func start(
        _ request: MediaDownload, completion: @escaping @Sendable (MediaDownloadResult) -> Void
    ) -> MediaDownloadCancellation
}

extension MediaDownloading {
    /// Downloads `request.url` into `request.destinationPath`; cancelling the calling task cancels the
    /// download, which then returns a ``MediaDownloadError/Kind/cancelled`` result.
    public func download(_ request: MediaDownload) async -> MediaDownloadResult {
        let cancellation = PendingCancellation()
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                cancellation.started(start(request) { continuation.resume(returning: $0) })
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}

/// What cancels one download: a downloader's own handle, held by ``MediaDownloadCancellation``
/// without a closure around it.
public protocol MediaDownloadCancelling: Sendable {
    /// Cancels the download, unless it has completed; safe to call more than once.
    func cancel()
}

/// Cancels one download started with ``MediaDownloading/start(_:completion:)``.
public struct MediaDownloadCancellation: Sendable {
    private let canceller: any MediaDownloadCancelling

    /// A cancellation that runs `action`, which must be safe to run more than once and after the
    /// download has completed.
    public init(_ action: @escaping @Sendable () -> Void) {
        canceller = CancellingAction(action: action)
    }

    /// A cancellation through a downloader's own handle. A handle of up to three words is stored in
    /// place: a closure around it took an object of its own per download in flight (issue #18).
    public init(_ canceller: some MediaDownloadCancelling) {
        self.canceller = canceller
    }

    /// A cancellation for a download that cannot be cancelled (it has already completed).
    public static let none = MediaDownloadCancellation {}

    /// Cancels the download, unless it has completed.
    public func cancel() { canceller.cancel() }
}

/// A closure as a ``MediaDownloadCancelling``.
private struct CancellingAction: MediaDownloadCancelling {
    let action: @Sendable () -> Void

    func cancel() { action() }
}

/// A task's cancellation that may come before its download has started: it is kept and applied once
/// the download's handle is known. `state` is a Mutex.
private final class PendingCancellation: Sendable {
    private enum State {
        case waiting
        case cancelledEarly
        case started(MediaDownloadCancellation)
    }

    private let state = Mutex(State.waiting)

    func started(_ handle: MediaDownloadCancellation) {
        let cancelNow = state.withLock { state -> Bool in
            if case .cancelledEarly = state { return true }
            state = .started(handle)
            return false
        }
        if cancelNow { handle.cancel() }
    }

    func cancel() {
        let handle = state.withLock { state -> MediaDownloadCancellation? in
            switch state {
            case .waiting:
                state = .cancelledEarly
                return nil
            case .cancelledEarly: return nil
            case .started(let handle): return handle
            }
        }
        handle?.cancel()
    }
}
